import { readdirSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { HANG_LIMIT_MS } from './test/support/cpu-time.js';

/**
 * Test folders whose files share their worker's modules instead of importing a fresh module graph each (that import
 * cost about a third of a second per file). A file belongs here only if it sets no environment variable, mock or
 * global and passes in any order (checked with --sequence.shuffle); the files here that do are in NEEDS_ISOLATION.
 */
const SHARED_MODULE_FOLDERS = [
  'checks',
  'judge',
  'judgekit',
  'lint',
  'parse',
  'reporters',
  'rules',
  'score',
  'stats',
  'util',
];
const NEEDS_ISOLATION = [
  'test/judgekit/partial-batch.test.ts',
  'test/judgekit/partial-items.test.ts',
  'test/reporters/failure-document.test.ts',
  'test/util/atomic-write-durability.test.ts',
];
const sharedModuleFiles = SHARED_MODULE_FOLDERS.flatMap((folder) =>
  readdirSync(`test/${folder}`, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `test/${folder}/${name}`),
).filter((file) => !NEEDS_ISOLATION.includes(file));

export default defineConfig({
  test: {
    // A temp PLUGIN_EVAL_DATA_DIR per test file: no test writes the results store into the home directory.
    setupFiles: ['test/setup-env.ts'],
    // CLI end-to-end tests spawn the built CLI; keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    // One wall-clock limit for every test and hook, far above a busy machine's time: it catches hangs only.
    testTimeout: HANG_LIMIT_MS,
    hookTimeout: HANG_LIMIT_MS,
    projects: [
      { extends: true, test: { name: 'shared-modules', include: sharedModuleFiles, isolate: false } },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...sharedModuleFiles],
        },
      },
    ],
  },
});
