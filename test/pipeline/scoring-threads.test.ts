/**
 * Scoring on worker threads (src/pipeline/scoring-threads.ts). Workers load the built package, so these tests use
 * dist/ (npm test builds before it runs vitest): the library's `score()` with threads against the same run on the
 * main thread, and the pool itself with workers that run out of memory, crash, fail or are cancelled.
 */
import { existsSync, mkdirSync, writeFileSync, cpSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Library from '../../src/index.js';
import type * as PlanModule from '../../src/pipeline/plan-from-options.js';
import type * as RunPlanModule from '../../src/pipeline/run-plan.js';
import type * as ThreadsModule from '../../src/pipeline/scoring-threads.js';
import type { RunEvent } from '../../src/events/types.js';
import type { Target } from '../../src/parse/discover.js';
import { DEPTH_PLAN } from '../../src/model/dimensions.js';
import { cli } from '../support/cli.js';
import { findTargets } from '../../bench/lib/skills.mjs';
import { score as scoreFromSource } from '../../src/index.js';
import { workerCountFor, AUTO_THREADS_MIN_TARGETS, AUTO_THREADS_MAX } from '../../src/pipeline/scoring-threads.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';
import { tempTree } from '../support/tmp.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'dist');
const CORPUS = path.resolve(ROOT, '../shared/corpus');
const load = <T>(file: string): Promise<T> => import(pathToFileURL(path.join(DIST, file)).href) as Promise<T>;

let lib: typeof Library;
let threadsModule: typeof ThreadsModule;
let runPlanModule: typeof RunPlanModule;
const dir = tempTree('plugin-eval-threads-').root;

beforeAll(async () => {
  expect(existsSync(path.join(DIST, 'pipeline/scoring-thread.js')), 'run `npm run build` first (npm test does)').toBe(
    true,
  );
  lib = await load<typeof Library>('index.js');
  threadsModule = await load<typeof ThreadsModule>('pipeline/scoring-threads.js');
  runPlanModule = await load<typeof RunPlanModule>('pipeline/run-plan.js');
  // Loading the built package is bounded work that a busy machine stretches past the 10 s hook limit; it cannot hang.
}, HANG_LIMIT_MS);

/** Every skill and plugin folder of the shared corpus, the examples and the test fixtures (broken ones included). */
const allTargets = (): string[] => findTargets([CORPUS, path.join(ROOT, 'examples'), path.join(ROOT, 'test/fixtures')]);

/**
 * A marketplace of AUTO_THREADS_MIN_TARGETS copies of the two example skills: just big enough for 'auto' to use
 * threads. Made once and only read, so the tests that need it share it (thousands of files to write and remove).
 */
let marketplace: string | undefined;
function copies(): string {
  if (marketplace !== undefined) return marketplace;
  const tree = path.join(dir, 'marketplace');
  for (let i = 0; i < AUTO_THREADS_MIN_TARGETS; i++)
    cpSync(
      path.join(ROOT, 'examples/skills', i % 2 === 0 ? 'csv-profiler' : 'changelog-writer'),
      path.join(tree, `s${i}`, 'skill'),
      { recursive: true },
    );
  return (marketplace = tree);
}

// Every limit below is HANG_LIMIT_MS: the tests score hundreds of targets (some twice, some through two CLI runs) and
// assert no timing, so a limit only has to catch a hang, never a busy machine.
const VOLATILE = new Set(['durationMs', 'ms', 'at', 'timestamp', 'startedAt', 'finishedAt', 'runId']);
const stable = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (VOLATILE.has(key) ? undefined : v)));

describe('how many workers', () => {
  it('the setting counts scoring threads, the main thread one of them. auto: none below the threshold, the cores (at most the cap) from it; never for a run with a model layer; never more than targets', () => {
    expect(workerCountFor('auto', AUTO_THREADS_MIN_TARGETS - 1, true, 4)).toBe(0);
    expect(workerCountFor('auto', AUTO_THREADS_MIN_TARGETS, true, 4)).toBe(3);
    expect(workerCountFor('auto', AUTO_THREADS_MIN_TARGETS, true, 2)).toBe(1);
    expect(workerCountFor(undefined, 5_000, true, 64)).toBe(AUTO_THREADS_MAX - 1);
    expect(workerCountFor('auto', 5_000, true, 1)).toBe(0);
    expect(workerCountFor('auto', 5_000, false, 4)).toBe(0);
    expect(workerCountFor(3, 10, false, 4)).toBe(0);
    expect(workerCountFor(1, 5_000, true, 4)).toBe(0);
    expect(workerCountFor(2, 5_000, true, 4)).toBe(1);
    expect(workerCountFor(6, 4, true, 2)).toBe(3);
    expect(workerCountFor(6, 1, true, 2)).toBe(0);
  });
});

describe('scoring on threads gives the run the main thread gives', () => {
  const targets = allTargets();

  it.each(['default', 'compat'] as const)(
    'every corpus, example and fixture target, %s methodology: same results, failures and order',
    async (methodology) => {
      expect(targets.length).toBeGreaterThan(60);
      // And one that cannot be scored at all (a SKILL.md over the 4 MiB limit): a failure of the run, in its place.
      const tooBig = path.join(dir, `too-big-${methodology}`);
      mkdirSync(tooBig, { recursive: true });
      writeFileSync(
        path.join(tooBig, 'SKILL.md'),
        `---\nname: too-big\ndescription: x\n---\n${'a'.repeat(4 * 1024 * 1024 + 10)}\n`,
      );
      const paths = [...targets.slice(0, 30), tooBig, ...targets.slice(30)];
      const events: RunEvent[] = [];
      const here = await lib.score(paths, { methodology, threads: 1, config: false });
      const threaded = await lib.score(paths, {
        methodology,
        threads: 3,
        config: false,
        events: (e) => events.push(e),
      });
      expect(here.failures.length).toBeGreaterThan(0);
      expect(here.results.length).toBeGreaterThan(30);
      expect(stable(threaded.results)).toEqual(stable(here.results));
      expect(stable(threaded.failures)).toEqual(stable(here.failures));
      expect(threaded.status).toBe(here.status);
      // Three threads: two workers and the main thread. The workers' events reach the run's sink: one static layer
      // start and finish per scored target.
      expect(events.filter((e) => e.type === 'threads.started')).toEqual([
        expect.objectContaining({ workers: 2, mainThread: true }),
      ]);
      const finished = events.filter((e) => e.type === 'layer.finished' && e.layer === 'static').length;
      expect(finished).toBeGreaterThanOrEqual(here.results.length);
      expect(events.filter((e) => e.type === 'layer.started').length).toBe(
        events.filter((e) => e.type === 'layer.finished').length,
      );
      expect(events.some((e) => e.type === 'thread.lost')).toBe(false);
    },
    HANG_LIMIT_MS,
  );

  it(
    'a run whose depth asks for the judge (not run: no provider) still lists the judge as not run, with the same reason',
    async () => {
      const some = targets.filter((t) => t.startsWith(CORPUS)).slice(0, 6);
      expect(DEPTH_PLAN.standard.layers).toContain('judge');
      const events: RunEvent[] = [];
      const here = await lib.score(some, { depth: 'standard', threads: 1, config: false });
      const threaded = await lib.score(some, {
        depth: 'standard',
        threads: 3,
        config: false,
        events: (e) => events.push(e),
      });
      // No provider: the judge cannot run, so the run is static-only and goes to threads.
      expect(events.some((e) => e.type === 'threads.started')).toBe(true);
      expect(here.results[0]!.layersNotRun?.length ?? 0).toBeGreaterThan(0);
      expect(stable(threaded.results)).toEqual(stable(here.results));
    },
    HANG_LIMIT_MS,
  );
});

describe('run from source (no built worker entry beside the module)', () => {
  it(
    "'auto' scores on the main thread; a number of threads asked for is an error saying what to do",
    async () => {
      const many = [copies()];
      const events: RunEvent[] = [];
      const run = await scoreFromSource(many, { threads: 'auto', config: false, events: (e) => events.push(e) });
      expect(run.results).toHaveLength(AUTO_THREADS_MIN_TARGETS);
      expect(events.some((e) => e.type === 'threads.started')).toBe(false);
      await expect(scoreFromSource(many, { threads: 2, config: false })).rejects.toThrow(
        /needs the built package.*--threads 1/,
      );
    },
    HANG_LIMIT_MS,
  );
});

describe('the pool when workers fail', () => {
  const plan = async (paths: string[]) => {
    const { planFromOptions } = await load<typeof PlanModule>('pipeline/plan-from-options.js');
    return planFromOptions(paths, { methodology: 'default' });
  };
  const skill = (name: string): Target => ({
    kind: 'skill',
    dir: path.join(ROOT, 'examples/skills', name),
    displayPath: name,
  });
  const targets = [skill('csv-profiler'), skill('changelog-writer'), skill('csv-profiler'), skill('changelog-writer')];

  async function outcomes(options: {
    entry?: string;
    resourceLimits?: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number };
    list?: Target[];
    signal?: AbortSignal;
  }) {
    const list = options.list ?? targets;
    const p = await plan(list.map((t) => t.dir));
    const selection = { measuring: [], notRun: [] };
    const ctx = { plan: p, run: { providers: {} } };
    const listings = new Map();
    const here = (t: Target) => runPlanModule.assembleTarget(t, selection, ctx, listings);
    const events: RunEvent[] = [];
    const pool = new threadsModule.ScoringThreads({
      workers: 2,
      data: { plan: p, notRun: [], events: false },
      fallback: here,
      events: (e) => events.push(e),
      ...(options.entry ? { entry: options.entry } : {}),
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    try {
      const settled = await Promise.allSettled(list.map((t) => pool.assemble(t)));
      const expected = await Promise.all(list.map((t) => here(t)));
      return { settled, expected, events };
    } finally {
      await pool.close();
    }
  }

  it(
    'workers start as work arrives: one target starts one worker, however big the pool',
    async () => {
      const p = await plan([targets[0]!.dir]);
      const pool = new threadsModule.ScoringThreads({
        workers: 4,
        data: { plan: p, notRun: [], events: false },
        fallback: () => Promise.reject(new Error('not used')),
      });
      try {
        expect(pool.started).toBe(0);
        const outcome = await pool.assemble(targets[0]!);
        expect('badgeEvidence' in outcome).toBe(true);
        expect(pool.started).toBe(1);
        // Two at once: the idle worker takes the first; the second finds every worker busy and starts another.
        await Promise.all([pool.assemble(targets[1]!), pool.assemble(targets[2]!)]);
        expect(pool.started).toBe(2);
        // Three at once: one each for the two idle workers, a third for the last.
        await Promise.all([pool.assemble(targets[0]!), pool.assemble(targets[1]!), pool.assemble(targets[2]!)]);
        expect(pool.started).toBe(3);
      } finally {
        await pool.close();
      }
    },
    HANG_LIMIT_MS,
  );

  it(
    'the main thread scores beside its workers once each holds a full hand, with the same outcomes',
    async () => {
      const list = [...targets, ...targets];
      const p = await plan(list.map((t) => t.dir));
      const selection = { measuring: [], notRun: [] };
      const ctx = { plan: p, run: { providers: {} } };
      const listings = new Map();
      let onMain = 0;
      const pool = new threadsModule.ScoringThreads({
        workers: 1,
        mainScores: true,
        data: { plan: p, notRun: [], events: false },
        fallback: (t) => {
          onMain += 1;
          return runPlanModule.assembleTarget(t, selection, ctx, listings);
        },
      });
      try {
        const got = await Promise.all(list.map((t) => pool.assemble(t)));
        const expected = await Promise.all(list.map((t) => runPlanModule.assembleTarget(t, selection, ctx, listings)));
        expect(stable(got)).toEqual(stable(expected));
        // Eight targets at once: the worker takes four into its hand, so the main thread scores at least the fifth
        // and at most the four the worker did not take.
        expect(onMain).toBeGreaterThanOrEqual(1);
        expect(onMain).toBeLessThanOrEqual(4);
        expect(pool.started).toBe(1);
      } finally {
        await pool.close();
      }
    },
    HANG_LIMIT_MS,
  );

  it(
    "a target too big for a worker's heap ends that worker; the target is scored on the main thread, the rest go on",
    async () => {
      const huge = path.join(dir, 'huge');
      mkdirSync(huge, { recursive: true });
      const line =
        'Read the input file, check each row against the schema, and write the report to the output folder.\n';
      writeFileSync(
        path.join(huge, 'SKILL.md'),
        `---\nname: huge\ndescription: Use when the user asks to check a very large input. Writes a ` +
          `report.\n---\n\n# ` +
          `Huge\n\n${Array.from({ length: 2_000 }, (_, i) => `## Step ${i}\n\n${line.repeat(10)}`).join('\n')}`,
      );
      const list = [targets[0]!, { kind: 'skill' as const, dir: huge, displayPath: 'huge' }, targets[1]!, targets[2]!];
      const { settled, expected, events } = await outcomes({
        list,
        resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
      });
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      expect(stable(settled.map((s) => (s as PromiseFulfilledResult<unknown>).value))).toEqual(stable(expected));
      const lost = events.filter((e): e is Extract<RunEvent, { type: 'thread.lost' }> => e.type === 'thread.lost');
      expect(lost.length).toBeGreaterThan(0);
      // The worker that ran out of memory had the huge skill in hand; it was scored on the main thread (results above).
      expect(lost.some((e) => e.reason === 'out of memory' && e.targets.includes('huge'))).toBe(true);
    },
    HANG_LIMIT_MS,
  );

  it(
    'a worker that dies on every target: replacements are bounded, and the main thread scores everything',
    async () => {
      const crash = path.join(dir, 'crash.mjs');
      writeFileSync(
        crash,
        "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(3));\n",
      );
      const { settled, expected, events } = await outcomes({ entry: crash });
      expect(stable(settled.map((s) => (s as PromiseFulfilledResult<unknown>).value))).toEqual(stable(expected));
      // Two workers and at most two replacements: four deaths at most, however many targets.
      const lost = events.filter((e) => e.type === 'thread.lost');
      expect(lost.length).toBeGreaterThanOrEqual(2);
      expect(lost.length).toBeLessThanOrEqual(4);
    },
    HANG_LIMIT_MS,
  );

  it(
    'a worker that cannot even be created: everything is scored on the main thread, and the reason is an event',
    async () => {
      // Node refuses a worker path that is neither absolute nor ./-relative at once, as it would a machine out of
      // threads.
      const { settled, expected, events } = await outcomes({ entry: 'not-a-worker-path.js' });
      expect(stable(settled.map((s) => (s as PromiseFulfilledResult<unknown>).value))).toEqual(stable(expected));
      const lost = events.filter((e): e is Extract<RunEvent, { type: 'thread.lost' }> => e.type === 'thread.lost');
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toMatch(/^it could not start \(.+\)$/);
    },
    HANG_LIMIT_MS,
  );

  it(
    'an error a worker reports (a bug) rejects that target with the same message, not a silent main-thread retry',
    async () => {
      const failing = path.join(dir, 'failing.mjs');
      writeFileSync(
        failing,
        "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', (t) => " +
          "parentPort.postMessage({ id: t.id, error: { name: 'TypeError', message: 'broken rule on ' + " +
          't.target.displayPath } }));\n',
      );
      const { settled, events } = await outcomes({ entry: failing });
      expect(settled.every((s) => s.status === 'rejected')).toBe(true);
      const reason = (settled[1] as PromiseRejectedResult).reason as Error;
      expect(reason.name).toBe('TypeError');
      expect(reason.message).toBe('broken rule on changelog-writer');
      expect(events.some((e) => e.type === 'thread.lost')).toBe(false);
    },
    HANG_LIMIT_MS,
  );

  it(
    "cancelling rejects every target not yet back with the signal's reason and stops the workers",
    async () => {
      // Workers that never answer, but say on a channel that a target reached them: the run is cancelled once all four
      // are in the workers' hands, whatever the machine's speed.
      const stall = path.join(dir, 'stall.mjs');
      writeFileSync(
        stall,
        "import { BroadcastChannel, parentPort } from 'node:worker_threads';\nconst received = new " +
          "BroadcastChannel('plugin-eval-stall');\nparentPort.on('message', () => received.postMessage('got'));\n",
      );
      const controller = new AbortController();
      const received = new BroadcastChannel('plugin-eval-stall');
      let got = 0;
      received.onmessage = () => {
        if (++got === targets.length) controller.abort(new Error('stop now'));
      };
      // The workers never answer: only the cancel can settle the targets, and then with the signal's reason.
      const { settled } = await outcomes({ entry: stall, signal: controller.signal }).finally(() => received.close());
      expect(got).toBe(targets.length);
      expect(settled.map((s) => (s.status === 'rejected' ? (s.reason as Error).message : 'fulfilled'))).toEqual([
        'stop now',
        'stop now',
        'stop now',
        'stop now',
      ]);
    },
    HANG_LIMIT_MS,
  );
});

describe('the CLI', () => {
  it('a bad --threads, PLUGIN_EVAL_THREADS or config value is a usage error naming where it came from', async () => {
    const skill = path.join(ROOT, 'examples/skills/csv-profiler');
    const flag = await cli('score', skill, '--threads', '0');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--threads must be auto or a whole number from 1 to 64, got "0"');
    const config = path.join(dir, 'threads.config.json');
    writeFileSync(config, '{\n  "threads": "lots"\n}\n');
    const fromFile = await cli('--config', config, 'score', skill);
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toContain(`${config}:2: threads: must be "auto" or a whole number from 1 to 64`);
    process.env.PLUGIN_EVAL_THREADS = 'many';
    try {
      const fromEnv = await cli('score', skill);
      expect(fromEnv.code).toBe(2);
      expect(fromEnv.stderr).toContain(
        'environment variable PLUGIN_EVAL_THREADS must be auto or a whole number from 1 to 64, got "many"',
      );
    } finally {
      delete process.env.PLUGIN_EVAL_THREADS;
    }
  });

  it(
    'scores a marketplace of copies on threads (auto) with the output of --threads 1, and says so with --verbose',
    async () => {
      const { spawnSync } = await import('node:child_process');
      const tree = copies();
      const bin = path.join(DIST, 'bin/plugin-eval.cjs');
      const run = (...extra: string[]) =>
        spawnSync(process.execPath, [bin, 'score', tree, '--output', 'jsonl', '--no-store', ...extra], {
          encoding: 'utf8',
          maxBuffer: 1 << 28,
          env: { ...process.env, PLUGIN_EVAL_THREADS: '' },
        });
      const auto = run('--verbose');
      const one = run('--threads', '1', '--verbose');
      expect(auto.status, auto.stderr).toBe(one.status);
      const lines = (out: string) =>
        out
          .trim()
          .split('\n')
          .map((l) => stable(JSON.parse(l)));
      expect(lines(auto.stdout)).toHaveLength(AUTO_THREADS_MIN_TARGETS);
      expect(lines(auto.stdout)).toEqual(lines(one.stdout));
      expect(auto.stderr).toContain('threads auto (default)');
      // 'auto' uses the machine's cores: on a one-core machine that is the main thread.
      const workers = Math.min(availableParallelism(), AUTO_THREADS_MAX) - 1;
      if (availableParallelism() > 1)
        expect(auto.stderr).toContain(
          `scoring on the main thread and up to ${workers} worker thread${workers === 1 ? '' : 's'}`,
        );
      else expect(auto.stderr).not.toContain('worker threads');
      expect(one.stderr).toContain('threads 1 (flag --threads)');
      expect(one.stderr).not.toContain('worker threads');
    },
    HANG_LIMIT_MS,
  );
});
