import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CLI end-to-end tests spawn the built CLI; keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
