/**
 * The worker as a process (the built CLI) against crafted jobs added straight to a real Redis, as anyone with write
 * access to it could: a job naming a judge endpoint other than the worker's own gets no call and no key from it
 * (the endpoint, a second scripted server, records nothing) unless the operator allowlisted it; SIGTERM stops a
 * worker in the middle of a job that would take minutes, and the job goes back to waiting for another worker.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { planFromOptions } from '../../src/pipeline/plan-from-options.js';
import { DEFAULT_CLAUDE_MODEL } from '../../src/providers/models.js';
import { resolveModel } from '../../src/providers/index.js';
import type { QueueJob } from '../../src/queue/job.js';
import { jobFor } from '../../src/queue/submit.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, SCRIPTED_SCORES, judgeScript } from '../judge/judge-script.js';
import { startModelServer, type ModelServer, type Reply, type ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { BIN, queueEnv, startCli } from './cli-processes.js';
import { testRedis, uniqueQueueName } from './redis.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tree = tempTree('plugin-eval-trust-cli-');
const SKILL = path.join(tree.root, 'skills/csv-profiler');
/** The worker's own key: it may go to the worker's own endpoint and to allowlisted ones, nowhere else. */
const WORKER_KEY = 'sk-ant-worker-canary-5d1e';
let redis: string;
const servers: ModelServer[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  expect(existsSync(BIN), 'run `npm run build` first (npm test does)').toBe(true);
  redis = await testRedis();
  cpSync(path.join(ROOT, 'examples/skills/csv-profiler'), SKILL, { recursive: true });
}, HANG_LIMIT_MS);
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const judge = judgeScript({
  candidate: 'csv-profiler',
  shouldTrigger: CSV_SHOULD_TRIGGER,
  nearMisses: CSV_NEAR_MISSES,
  score: (d) => SCRIPTED_SCORES[d] ?? 0.5,
});
async function server(script: (r: ScriptRequest) => Reply | Promise<Reply> = judge): Promise<ModelServer> {
  const started = await startModelServer(script);
  servers.push(started);
  return started;
}

/** A standard-depth job for the skill whose judge is at `baseURL`, as a submitter would have made it. */
async function jobJudgedAt(baseURL: string): Promise<QueueJob> {
  const plan = planFromOptions([SKILL], { depth: 'standard' });
  const judged = {
    ...plan,
    judge: {
      provider: 'anthropic (ANTHROPIC_API_KEY is set)',
      baseURL,
      model: resolveModel(DEFAULT_CLAUDE_MODEL, 'anthropic'),
      judgeModels: [],
    },
  };
  return jobFor(
    judged,
    globalThis.crypto.randomUUID(),
    { kind: 'skill', dir: SKILL, displayPath: 'skills/csv-profiler' },
    0,
    1,
    tree.root,
  );
}

async function withQueue<T>(name: string, use: (queue: Queue) => Promise<T>): Promise<T> {
  const queue = new Queue(name, { connection: { url: redis }, prefix: 'plugin-eval' });
  try {
    return await use(queue);
  } finally {
    await queue.close();
  }
}

/** The worker's environment: its own Anthropic endpoint (`own`) and key. */
const workerEnv = (own: ModelServer, queueName: string) => ({
  ...queueEnv(own.url, tree.root, queueName),
  ANTHROPIC_API_KEY: WORKER_KEY,
});
const worker = (args: string[], env: NodeJS.ProcessEnv) =>
  startCli(['worker', '--queue', redis, ...args], env, tree.root, children);

describe('a job naming its own judge endpoint', () => {
  it(
    "is refused without a call there: the endpoint receives nothing and the worker's key never leaves",
    async () => {
      const own = await server();
      const capture = await server();
      const name = uniqueQueueName('endpoint');
      const state = await withQueue(name, async (queue) => {
        await queue.add('score', await jobJudgedAt(capture.url), { jobId: 'crafted', attempts: 3 });
        const out = await worker(['--once'], workerEnv(own, name)).done;
        expect(out.code, out.stderr).toBe(0);
        const job = (await queue.getJob('crafted'))!;
        return { state: await job.getState(), attemptsMade: job.attemptsMade, reason: job.failedReason };
      });
      expect(state).toMatchObject({ state: 'failed', attemptsMade: 1 });
      expect(state.reason).toContain(
        `the job asks for the judge at ${capture.url} (anthropic), which is not this worker's own endpoint and ` +
          `not on its allowlist (worker --allow-endpoint URL)`,
      );
      expect(capture.requests).toEqual([]);
      expect(capture.unknownRequests).toEqual([]);
      expect(own.requests).toEqual([]);
    },
    HANG_LIMIT_MS,
  );

  it(
    "is used when the worker allowlists it (--allow-endpoint), with the worker's own key",
    async () => {
      const own = await server();
      const allowed = await server();
      const name = uniqueQueueName('allowed');
      const state = await withQueue(name, async (queue) => {
        await queue.add('score', await jobJudgedAt(allowed.url), { jobId: 'crafted', attempts: 1 });
        const out = await worker(['--once', '--allow-endpoint', `${allowed.url}/`], workerEnv(own, name)).done;
        expect(out.code, out.stderr).toBe(0);
        return (await queue.getJob('crafted'))!.getState();
      });
      expect(state).toBe('completed');
      expect(allowed.requests.length).toBeGreaterThan(0);
      expect(new Set(allowed.requests.map((r) => r.headers.authorization ?? r.headers['x-api-key']))).toEqual(
        new Set([`Bearer ${WORKER_KEY}`]),
      );
      expect(own.requests).toEqual([]);
    },
    HANG_LIMIT_MS,
  );
});

describe("the worker's own endpoint from its flags", () => {
  it(
    "--base-url makes the worker's own endpoint: a job naming it is judged there",
    async () => {
      const env = await server();
      const flagged = await server();
      const name = uniqueQueueName('own-flag');
      const state = await withQueue(name, async (queue) => {
        await queue.add('score', await jobJudgedAt(flagged.url), { jobId: 'crafted', attempts: 1 });
        const out = await worker(['--once', '--provider', 'anthropic', '--base-url', flagged.url], workerEnv(env, name))
          .done;
        expect(out.code, out.stderr).toBe(0);
        return (await queue.getJob('crafted'))!.getState();
      });
      expect(state).toBe('completed');
      expect(flagged.requests.length).toBeGreaterThan(0);
      expect(env.requests).toEqual([]);
    },
    HANG_LIMIT_MS,
  );
});

describe('SIGTERM during a long job', () => {
  it(
    'stops the worker (exit 130) and puts the job back to waiting, no attempt counted',
    async () => {
      let arrived!: () => void;
      const called = new Promise<void>((resolve) => (arrived = resolve));
      // The judge's first call is held for ten minutes: the job would outlast any test.
      const own = await server(() => {
        arrived();
        return { fault: 'stall', ms: 600_000 };
      });
      const name = uniqueQueueName('sigterm');
      await withQueue(name, async (queue) => {
        await queue.add('score', await jobJudgedAt(own.url), { jobId: 'long', attempts: 3 });
        const running = worker([], workerEnv(own, name));
        await called;
        running.child.kill('SIGTERM');
        const out = await running.done;
        expect(out.code, out.stderr).toBe(130);
        expect(out.stderr).toContain('job long put back for another worker');
        const job = (await queue.getJob('long'))!;
        expect(await job.getState()).toBe('waiting');
        expect(job.attemptsMade).toBe(0);
      });
    },
    HANG_LIMIT_MS,
  );
});

describe('worker settings', () => {
  it(
    'an allowed root that is not a folder is bad input (exit 2), said before any job is taken',
    async () => {
      const own = await server();
      const out = await worker(
        ['--allow-root', path.join(tree.root, 'no-such-folder')],
        workerEnv(own, uniqueQueueName('roots')),
      ).done;
      expect(out.code).toBe(2);
      expect(out.stderr).toContain(
        `--allow-root ${path.join(tree.root, 'no-such-folder')}: not a folder on this machine`,
      );
      expect(out.stderr).not.toContain('taking jobs');
    },
    HANG_LIMIT_MS,
  );

  it(
    "the config file's worker.allowRoots are relative to it; a bad PLUGIN_EVAL_ALLOW_ENDPOINTS is named",
    async () => {
      const own = await server();
      const config = tree.write(
        'conf/plugin-eval.config.json',
        JSON.stringify({ worker: { allowRoots: ['missing-here'] } }),
      );
      const fromFile = await worker(['--config', config], workerEnv(own, uniqueQueueName('roots-config'))).done;
      expect(fromFile.code).toBe(2);
      expect(fromFile.stderr).toContain(
        `--allow-root ${path.join(tree.root, 'conf/missing-here')}: not a folder on this machine`,
      );
      const badUrl = await worker([], {
        ...workerEnv(own, uniqueQueueName('endpoints-env')),
        PLUGIN_EVAL_ALLOW_ENDPOINTS: 'ftp://x',
      }).done;
      expect(badUrl.code).toBe(2);
      expect(badUrl.stderr).toContain('PLUGIN_EVAL_ALLOW_ENDPOINTS');
      expect(badUrl.stderr).toContain('http(s) URLs, comma-separated');
    },
    HANG_LIMIT_MS,
  );
});
