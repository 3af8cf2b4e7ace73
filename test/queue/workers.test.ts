/**
 * The queue end to end with the built CLI (dist/): two `plugin-eval worker` processes and the scripted model
 * server at standard depth (judge calls), against a local run of the same paths; a worker killed with SIGKILL
 * while it holds a job; and a Redis that is not there.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ScoreRun } from '../../src/model/run.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, SCRIPTED_SCORES, judgeScript } from '../judge/judge-script.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { BIN, queueEnv, startCli } from './cli-processes.js';
import { testRedis, uniqueQueueName } from './redis.js';
import { withoutVolatile } from './same-results.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tree = tempTree('plugin-eval-queue-');
const SKILLS = tree.dir('skills');
let redis: string;
let server: ModelServer;
const children: ChildProcess[] = [];

beforeAll(async () => {
  expect(existsSync(BIN), 'run `npm run build` first (npm test does)').toBe(true);
  redis = await testRedis();
  cpSync(path.join(ROOT, 'examples/skills/changelog-writer'), path.join(SKILLS, 'changelog-writer'), {
    recursive: true,
  });
  cpSync(path.join(ROOT, 'examples/skills/csv-profiler'), path.join(SKILLS, 'csv-profiler'), { recursive: true });
  cpSync(path.join(ROOT, 'test/fixtures/judge/csv-report'), path.join(SKILLS, 'csv-report'), { recursive: true });
  tree.write(
    'skills/tiny-notes/SKILL.md',
    '---\nname: tiny-notes\ndescription: Keeps short meeting notes in notes.md when the user asks to note ' +
      'something down.\n---\n\n# Tiny notes\n\nAppend the note to notes.md with the date.\n',
  );
  // Unreadable as a skill (a binary SKILL.md): a failure of the run, reported the same both ways.
  tree.write('skills/broken/SKILL.md', Buffer.from([0, 1, 2, 0, 255]));
}, HANG_LIMIT_MS);
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await server?.close();
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const envFor = (queueName: string) => queueEnv(server.url, tree.root, queueName);
const run = (args: string[], env: NodeJS.ProcessEnv) => startCli(args, env, tree.root, children);

/**
 * A worker process. Its lock is the longest the flag allows unless the test is about takeover: with a short lock, an
 * event loop held up past it on a busy machine lets a worker's own stalled-job check take its job back and score it
 * twice. The takeover test needs a short one (a killed worker's job is taken over once its lock lapses).
 */
const worker = (queueName: string, lockMs = 600_000) =>
  run(['worker', '--queue', redis, '--lock-duration', String(lockMs)], envFor(queueName));
const TAKEOVER_LOCK_MS = 2_000;
const scoreArgs = ['score', 'skills', '--depth', 'standard', '--output', 'json'];

/** A run's log as compared: every field but timings, run ids and the settings line (which names --queue). */
function comparable(stdout: string) {
  // Validated, but compared as printed (key order included): the queue must print what a local run prints.
  const printed = JSON.parse(stdout) as Record<string, unknown>;
  ScoreRun.parse(printed);
  const { settings: _settings, ...rest } = printed;
  return withoutVolatile(rest);
}

/** Equal, and printed in the same order. */
function expectSameRun(queued: unknown, local: unknown): void {
  expect(queued).toEqual(local);
  expect(JSON.stringify(queued)).toBe(JSON.stringify(local));
}

const scripted = (delayMs = 0) =>
  judgeScript({
    candidate: 'csv-profiler',
    shouldTrigger: CSV_SHOULD_TRIGGER,
    nearMisses: CSV_NEAR_MISSES,
    score: (d) => SCRIPTED_SCORES[d] ?? 0.5,
    delayMs,
  });

// Every case runs the built CLI as separate processes and waits on events (exits, stderr lines, the server's
// requests): the limit only catches a hang, and a loaded machine takes minutes where an idle one takes seconds.
describe('score --queue with workers', () => {
  it(
    'two workers produce exactly the results of a local run (all but timings and run ids)',
    async () => {
      server = await startModelServer(scripted());
      const queueName = uniqueQueueName('two');
      const local = await run(scoreArgs, envFor(queueName)).done;
      // 2: the broken skill is bad input, in both runs alike.
      expect(local.code, local.stderr).toBe(2);
      worker(queueName);
      worker(queueName);
      const queued = await run([...scoreArgs, '--queue', redis], envFor(queueName)).done;
      expect(queued.code, queued.stderr).toBe(2);
      const a = comparable(local.stdout) as { results: { target: { path: string } }[]; failures: unknown[] };
      const b = comparable(queued.stdout);
      expect(a.results.map((r) => r.target.path)).toEqual([
        'skills/changelog-writer',
        'skills/csv-profiler',
        'skills/csv-report',
        'skills/tiny-notes',
      ]);
      expect(a.failures).toHaveLength(1);
      expectSameRun(b, a);
      expect(queued.stderr).toMatch(/queue: 5\/5 done, 0 failed, 1 unreadable, 0 running/);
    },
    HANG_LIMIT_MS,
  );

  it(
    'a worker started after the submission takes the waiting jobs; --once exits 0 when the queue is empty, SIGTERM exits 130',
    async () => {
      server = await startModelServer(scripted());
      const queueName = uniqueQueueName('once');
      const submit = run(
        ['score', 'skills/tiny-notes', 'skills/csv-profiler', '--queue', redis, '--output', 'json'],
        envFor(queueName),
      );
      await submit.stderrShows('enqueued');
      const once = await run(['worker', '--queue', redis, '--once'], envFor(queueName)).done;
      expect(once.code, once.stderr).toBe(0);
      expect(once.stderr).toContain('done: 2 jobs finished, 0 failed here');
      const queued = await submit.done;
      expect(queued.code, queued.stderr).toBe(0);
      expect(ScoreRun.parse(JSON.parse(queued.stdout)).results.map((r) => r.target.path)).toEqual([
        'skills/tiny-notes',
        'skills/csv-profiler',
      ]);
      const idle = worker(queueName);
      await idle.stderrShows('taking jobs');
      idle.child.kill('SIGTERM');
      const stopped = await idle.done;
      expect(stopped.code).toBe(130);
      expect(stopped.stderr).toContain('plugin-eval worker: stopping');
    },
    HANG_LIMIT_MS,
  );

  it(
    'a worker killed with SIGKILL while it holds a job: its job is taken over, nothing lost or duplicated',
    async () => {
      // No reply until the first worker is killed: it is surely mid-job then, and can have finished nothing.
      let killed: () => void = () => undefined;
      const afterKill = new Promise<void>((resolve) => (killed = resolve));
      const answer = scripted();
      let holding = false;
      server = await startModelServer(async (request) => {
        if (holding) await afterKill;
        return answer(request);
      });
      const queueName = uniqueQueueName('kill');
      const args = [
        'score',
        'skills/changelog-writer',
        'skills/csv-profiler',
        'skills/csv-report',
        '--depth',
        'standard',
        '--output',
        'json',
      ];
      const local = await run(args, envFor(queueName)).done;
      expect(local.code, local.stderr).toBe(0);
      const localCalls = server.requests.length;
      holding = true;
      const doomed = worker(queueName, TAKEOVER_LOCK_MS);
      const submit = run([...args, '--queue', redis], envFor(queueName));
      await Promise.race([server.requestsReached(localCalls + 1), doomed.done]);
      expect(server.requests.length, 'the first worker took a job and called the model').toBeGreaterThan(localCalls);
      doomed.child.kill('SIGKILL');
      await doomed.done;
      killed();
      // The killed worker's job is moved back to waiting by a stalled-job check run here, once that job's short lock
      // lapses; only then does the survivor start. Its own lock outlasts the test, so a held-up event loop cannot make
      // it take back its own job, and its stalled check (every half lock) would shut out this one's for minutes if it
      // ran first, since a check blocks every other for its own interval.
      const checker = new Worker(queueName, null, {
        connection: { url: redis },
        prefix: 'plugin-eval',
        autorun: false,
        lockDuration: TAKEOVER_LOCK_MS,
        stalledInterval: TAKEOVER_LOCK_MS / 4,
        maxStalledCount: 2,
      });
      const movedBack = new Promise<void>((resolve) => checker.once('stalled', () => resolve()));
      let queued: Awaited<ReturnType<typeof run>['done']>;
      let survivor: ReturnType<typeof worker>;
      try {
        await checker.startStalledCheckTimer();
        await movedBack;
        survivor = worker(queueName);
        queued = await submit.done;
      } finally {
        await checker.close();
      }
      expect(queued.code, queued.stderr).toBe(0);
      const a = comparable(local.stdout) as { results: { target: { path: string } }[] };
      const b = comparable(queued.stdout) as typeof a;
      expect(b.results.map((r) => r.target.path)).toEqual([
        'skills/changelog-writer',
        'skills/csv-profiler',
        'skills/csv-report',
      ]);
      expectSameRun(b, a);
      // Everything the run reports was scored by the survivor: the killed worker finished nothing.
      expect(doomed.stderr()).not.toContain('plugin-eval worker: scored');
      expect(survivor.stderr().match(/plugin-eval worker: scored /g)).toHaveLength(3);
    },
    HANG_LIMIT_MS,
  );
});

describe('score --queue with no Redis there', () => {
  it(
    'exits 3 with one line naming the URL, no stack',
    async () => {
      server = await startModelServer(scripted());
      const out = await run(
        ['score', 'skills/tiny-notes', '--queue', 'redis://127.0.0.1:1'],
        envFor(uniqueQueueName('none')),
      ).done;
      expect(out.code).toBe(3);
      expect(out.stderr).toContain('plugin-eval: could not reach Redis at redis://127.0.0.1:1: connection refused');
      expect(out.stderr).not.toMatch(/\n\s+at /);
      // What to do, for this command; not the general line about a score missing a layer.
      expect(out.stderr).toContain('plugin-eval: nothing was enqueued or scored: start redis-server at that address');
      expect(out.stderr).toContain('without --queue the run scores in this process (exit 3)');
      expect(out.stderr).not.toContain('a result without this layer');
      const workerOut = await run(['worker', '--queue', 'redis://127.0.0.1:1'], envFor(uniqueQueueName('none'))).done;
      expect(workerOut.code).toBe(3);
      expect(workerOut.stderr).toContain('could not reach Redis at redis://127.0.0.1:1: connection refused');
      expect(workerOut.stderr).toContain('plugin-eval: the worker took no job: start redis-server at that address');
      expect(workerOut.stderr).toContain('then start the worker again (exit 3)');
      expect(workerOut.stderr).not.toContain('a result without this layer');
      expect(workerOut.stderr).not.toMatch(/\n\s+at /);
    },
    HANG_LIMIT_MS,
  );

  it(
    'a URL that is not a Redis URL is bad input (exit 2)',
    async () => {
      server = await startModelServer(scripted());
      const out = await run(
        ['score', 'skills/tiny-notes', '--queue', 'http://127.0.0.1:6379'],
        envFor(uniqueQueueName('bad')),
      ).done;
      expect(out.code).toBe(2);
      expect(out.stderr).toContain('a Redis URL such as redis://127.0.0.1:6379');
    },
    HANG_LIMIT_MS,
  );
});
