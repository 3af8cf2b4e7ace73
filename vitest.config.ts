import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A temp PLUGIN_EVAL_DATA_DIR per test file: no test writes the results store into the home directory.
    setupFiles: ['test/setup-env.ts'],
    // CLI end-to-end tests spawn the built CLI; keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
