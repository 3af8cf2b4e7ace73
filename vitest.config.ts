import { readdirSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { HANG_LIMIT_MS } from './test/support/cpu-time.js';
import { SLOWEST_TEST_FILES } from './test/support/slowest-test-files.js';

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
/** Test files outside those folders that meet the same conditions. */
const SHARED_MODULE_EXTRA_FILES = [
  'test/adversarial.test.ts',
  'test/architecture.test.ts',
  'test/bad-input.test.ts',
  'test/badge-policy.test.ts',
  'test/cache/sqlite-open.test.ts',
  'test/cli/command-set.test.ts',
  'test/cli/output-writer.test.ts',
  'test/compat-parity.test.ts',
  'test/config-init.test.ts',
  'test/config-shapes.test.ts',
  'test/content-free.test.ts',
  'test/corpus/init.test.ts',
  'test/corpus/references.test.ts',
  'test/dashboard/render.test.ts',
  'test/declared-once.test.ts',
  'test/docs-cli.test.ts',
  'test/elo/finalise.test.ts',
  'test/elo/matchups.test.ts',
  'test/elo/rank.test.ts',
  'test/fuzz.test.ts',
  'test/generated-tables.test.ts',
  'test/injection-cli.test.ts',
  'test/library-from-config.test.ts',
  'test/library-options.test.ts',
  'test/linear-cost.test.ts',
  'test/logs-read.test.ts',
  'test/logs/calibrate-logs.test.ts',
  'test/logs/friction.test.ts',
  'test/logs/learnings.test.ts',
  'test/logs/logs-cli.test.ts',
  'test/logs/redact.test.ts',
  'test/logs/secret-formats.test.ts',
  'test/logs/store.test.ts',
  'test/marketplace.test.ts',
  'test/measurement.test.ts',
  'test/not-scored-threshold.test.ts',
  'test/number-input.test.ts',
  'test/numbers-as-displayed.test.ts',
  'test/options-resolver.test.ts',
  'test/out-preflight.test.ts',
  'test/pipeline/layer-table.test.ts',
  'test/pipeline/run-log.test.ts',
  'test/providers/cache-damaged.test.ts',
  'test/providers/cache-key.test.ts',
  'test/providers/cache.test.ts',
  'test/providers/limiter.test.ts',
  'test/providers/pricing.test.ts',
  'test/providers/select.test.ts',
  'test/providers/structured.test.ts',
  'test/readme-sample.test.ts',
  'test/run-problems.test.ts',
  'test/score.test.ts',
  'test/source-wording.test.ts',
  'test/store/concurrent.test.ts',
  'test/store/hash-memo.test.ts',
  'test/store/history-in-plugin.test.ts',
  'test/store/judge-recording.test.ts',
  'test/store/migrations.test.ts',
  'test/store/not-scored.test.ts',
  'test/store/recorder.test.ts',
  'test/store/sibling-reuse.test.ts',
  'test/store/sqlite-store.test.ts',
  'test/tip-text.test.ts',
  'test/tips.test.ts',
  'test/validity/validity.test.ts',
  'test/viewer/browser-bundle.test.ts',
  'test/viewer/collect.test.ts',
  'test/viewer/page.test.ts',
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
)
  .concat(SHARED_MODULE_EXTRA_FILES)
  .filter((file) => !NEEDS_ISOLATION.includes(file));

const SLOW_RANK = new Map(SLOWEST_TEST_FILES.map(([file], rank) => [file, rank]));

/**
 * The slowest files first (longest first, as listed), then the rest in vitest's own order: two workers then finish
 * together instead of one running a long file alone at the end. The shared-modules files run in one stretch (its
 * listed ones first): vitest keeps a shared worker only while the next file in the queue can use it.
 */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) =>
      SLOW_RANK.get(path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join('/'));
    const byRank = (specs: TestSpecification[]) =>
      specs.filter((spec) => rank(spec) !== undefined).sort((a, b) => rank(a)! - rank(b)!);
    const unranked = (specs: TestSpecification[]) => super.sort(specs.filter((spec) => rank(spec) === undefined));
    const shared = files.filter((spec) => spec.project.config.isolate === false);
    const isolated = files.filter((spec) => spec.project.config.isolate !== false);
    return [...byRank(isolated), ...byRank(shared), ...(await unranked(shared)), ...(await unranked(isolated))];
  }
}

/**
 * A sequencer set here wins over --sequence.shuffle and --sequence.shuffle.files (vitest picks its random one only
 * when none is set), and the config cannot see the resolved flags: so none is set when the command line asks for a
 * shuffle.
 */
const SHUFFLED = process.argv.some((arg) => arg.startsWith('--sequence.shuffle'));

export default defineConfig({
  test: {
    // A temp PLUGIN_EVAL_DATA_DIR per test file: no test writes the results store into the home directory.
    setupFiles: ['test/setup-env.ts'],
    // CLI end-to-end tests spawn the built CLI; keep parallelism modest on 2-core machines.
    maxWorkers: 2,
    // One wall-clock limit for every test and hook, far above a busy machine's time: it catches hangs only.
    testTimeout: HANG_LIMIT_MS,
    hookTimeout: HANG_LIMIT_MS,
    ...(SHUFFLED ? {} : { sequence: { sequencer: SlowestFirst } }),
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
