/**
 * A job is hostile input (anyone with write access to the Redis can add one): the worker in-process with a real
 * Redis refuses, at once and without reading a file of it, a job naming a folder outside its allowed roots (the
 * same message as for a folder that does not exist), a job whose data is malformed or oversized, and a target past
 * its hash budget; its hash equals the submitter's and stops on the signal.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { planFromOptions } from '../../src/pipeline/plan-from-options.js';
import { JobRefused, MAX_JOB_BYTES, placeJob, readJob, resolveAllowedRoots } from '../../src/queue/job-checks.js';
import type { QueueJob } from '../../src/queue/job.js';
import { QueueUnavailableError } from '../../src/queue/connection.js';
import { jobFor, runPlanOnQueue } from '../../src/queue/submit.js';
import { targetHashWithin } from '../../src/queue/target-hash.js';
import { runWorker } from '../../src/queue/worker.js';
import { contentHashOf } from '../../src/store/keys.js';
import { tempTree } from '../support/tmp.js';
import { testRedis, uniqueQueueName } from './redis.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tree = tempTree('plugin-eval-trust-');
const ALLOWED = tree.dir('allowed');
const OUTSIDE = tree.dir('outside');
const SKILL = path.join(ALLOWED, 'skills/csv-profiler');
const SECRET = path.join(OUTSIDE, 'secret-skill');
let url: string;

/** Long ago, before the file's mtime: under relatime (and strictatime) any read of the file moves it. */
const OLD_ATIME_S = 1_000_000;
const atimeOf = (p: string) => statSync(p).atimeMs;
function markUnread(...paths: string[]): void {
  const now = Date.now() / 1000;
  for (const p of paths) utimesSync(p, OLD_ATIME_S, now);
}

beforeAll(async () => {
  url = await testRedis();
  cpSync(path.join(ROOT, 'examples/skills/csv-profiler'), SKILL, { recursive: true });
  tree.write(
    'outside/secret-skill/SKILL.md',
    "---\nname: secret-skill\ndescription: Lies outside the worker's roots.\n---\n\nNever read.\n",
  );
  // A FIFO: a worker that opened it for reading would block.
  expect(spawnSync('mkfifo', [path.join(SECRET, 'pipe')]).status).toBe(0);
  symlinkSync(SECRET, path.join(ALLOWED, 'link-out'));
}, HANG_LIMIT_MS);

const noJudge = () => Promise.reject(new Error('no judge at quick depth'));

/** A valid job for `dir` (hashed as the submitter hashes it), with the target path and display path as given. */
async function jobAt(dir: string, hashOf = SKILL): Promise<QueueJob> {
  const plan = planFromOptions([dir], { depth: 'quick' });
  const job = await jobFor(
    plan,
    globalThis.crypto.randomUUID(),
    { kind: 'skill', dir: hashOf, displayPath: 'skills/x' },
    0,
    1,
    tree.root,
  );
  return { ...job, target: { ...job.target, dir, relative: null } };
}

/**
 * Adds each job's data (3 attempts, as the submitter does) to a fresh queue, runs a worker allowed only ALLOWED
 * until every job has ended, and returns each job's final state, attempts made and failure reason.
 */
async function runJobs(data: unknown[], extra: Partial<Parameters<typeof runWorker>[0]> = {}) {
  const name = uniqueQueueName('trust');
  const queue = new Queue(name, { connection: { url }, prefix: 'plugin-eval' });
  const events = new QueueEvents(name, { connection: { url }, prefix: 'plugin-eval' });
  const stop = new AbortController();
  try {
    await events.waitUntilReady();
    const jobs = await Promise.all(
      data.map((d, i) =>
        queue.add('score', d, { jobId: `crafted#${i}`, attempts: 3, backoff: { type: 'fixed', delay: 60_000 } }),
      ),
    );
    const worker = runWorker({
      url,
      name,
      judgeProvider: noJudge,
      signal: stop.signal,
      allowedRoots: [ALLOWED],
      ...extra,
    });
    await Promise.all(jobs.map((job) => job.waitUntilFinished(events).catch(() => undefined)));
    stop.abort();
    await worker;
    return await Promise.all(
      jobs.map(async (job) => {
        const now = (await queue.getJob(job.id!))!;
        return { state: await now.getState(), attemptsMade: now.attemptsMade, reason: now.failedReason };
      }),
    );
  } finally {
    await events.close();
    await queue.close();
  }
}

describe("a job naming paths outside the worker's allowed roots", () => {
  it('fails at once (failed, one attempt, not active) without a file of it read, with the same message whether the folder exists or not', async () => {
    const file = path.join(SECRET, 'SKILL.md');
    // The check that this filesystem records reads at all: a read moves a marked file's access time.
    const control = tree.write('control.md', 'x');
    markUnread(control);
    readFileSync(control);
    expect(atimeOf(control), 'this filesystem records no access times (mounted noatime?)').toBeGreaterThan(
      OLD_ATIME_S * 1000,
    );

    const jobs = [
      await jobAt(SECRET, SECRET),
      await jobAt(path.join(OUTSIDE, 'missing')),
      await jobAt(path.join(ALLOWED, 'link-out'), SECRET),
      await jobAt('/usr'),
    ];
    markUnread(file, SECRET);
    const ended = await runJobs(jobs);
    const reason =
      "skills/x: no such folder under this worker's allowed roots (worker --allow-root, --root, or its working folder)";
    expect(ended).toEqual(jobs.map(() => ({ state: 'failed', attemptsMade: 1, reason })));
    expect(atimeOf(file)).toBe(OLD_ATIME_S * 1000);
    expect(atimeOf(SECRET)).toBe(OLD_ATIME_S * 1000);
  });

  it('a plan naming a corpus or prompts file outside the roots is refused the same way', async () => {
    const job = await jobAt(SKILL);
    const elo = { ...job, plan: { ...job.plan, elo: { corpusDir: OUTSIDE, model: 'm', references: 5, seed: 0 } } };
    expect(() => placeJob(elo, undefined, resolveAllowedRoots([ALLOWED]))).toThrow(
      /corpus folder .*: no such folder under this worker's allowed roots/,
    );
    expect(placeJob(job, undefined, resolveAllowedRoots([ALLOWED])).dir).toBe(SKILL);
  });

  it('a plan asking for more than a command line can (agent tools beyond the read-only set, huge run counts) is refused', async () => {
    const job = await jobAt(SKILL);
    const roots = resolveAllowedRoots([ALLOWED]);
    const mc = {
      runner: 'claude-agent-sdk' as const,
      model: 'sonnet',
      sandbox: true,
      maxRuns: 5,
      adaptive: true,
      ciWidth: 0.05,
      concurrency: 2,
      maxCostUsd: null,
      prompts: { file: null, positives: 1, negatives: 0 },
      maxTurns: 8,
      timeoutMs: 1000,
      allowedTools: ['Skill', 'Read'],
      seed: 0,
    };
    expect(placeJob({ ...job, plan: { ...job.plan, monteCarlo: mc } }, undefined, roots).dir).toBe(SKILL);
    expect(() =>
      placeJob(
        { ...job, plan: { ...job.plan, monteCarlo: { ...mc, allowedTools: ['Read', 'Bash', 'Write'] } } },
        undefined,
        roots,
      ),
    ).toThrow("the plan grants the agent Bash, Write; a worker's agent gets at most Skill, Read, Glob, Grep");
    expect(() =>
      placeJob({ ...job, plan: { ...job.plan, monteCarlo: { ...mc, maxRuns: 1e9 } } }, undefined, roots),
    ).toThrow('the plan asks for 1000000000 Monte Carlo runs; a worker grants at most 10000');
  });

  it("the worker's --max-cost binds a job's Monte Carlo spend: a job may lower it, never raise or drop it", async () => {
    const job = await jobAt(SKILL);
    const roots = resolveAllowedRoots([ALLOWED]);
    const mc = {
      runner: 'claude-agent-sdk' as const,
      model: 'sonnet',
      sandbox: true,
      maxRuns: 5,
      adaptive: true,
      ciWidth: 0.05,
      concurrency: 2,
      maxCostUsd: null,
      prompts: { file: null, positives: 1, negatives: 0 },
      maxTurns: 8,
      timeoutMs: 1000,
      allowedTools: ['Skill'],
      seed: 0,
    };
    const capOf = (maxCostUsd: number | null, workerCap?: number) =>
      placeJob({ ...job, plan: { ...job.plan, monteCarlo: { ...mc, maxCostUsd } } }, undefined, roots, workerCap).plan
        .monteCarlo?.maxCostUsd;
    expect(capOf(null, 2)).toBe(2);
    expect(capOf(50, 2)).toBe(2);
    expect(capOf(0.5, 2)).toBe(0.5);
    expect(capOf(null)).toBeNull();
  });

  it('a job inside the roots is scored', async () => {
    const [ended] = await runJobs([await jobAt(SKILL)]);
    expect(ended).toMatchObject({ state: 'completed', attemptsMade: 1 });
  });
});

describe('a malformed job', () => {
  it('fails at once with its reason: bad schema, oversized data', async () => {
    const valid = await jobAt(SKILL);
    const oversized = {
      ...valid,
      plan: { ...valid.plan, ruleConfig: { ignorePatterns: ['x'.repeat(MAX_JOB_BYTES)] } },
    };
    const ended = await runJobs([{ jobVersion: 1, runId: 5 }, oversized, 'a string']);
    expect(ended.map((e) => [e.state, e.attemptsMade])).toEqual([
      ['failed', 1],
      ['failed', 1],
      ['failed', 1],
    ]);
    expect(ended[0]!.reason).toMatch(/^not a plugin-eval job this worker reads \(runId: .*expected string/);
    expect(ended[1]!.reason).toMatch(
      new RegExp(
        `^not a plugin-eval job: its data is \\d+ bytes, more than the ${MAX_JOB_BYTES} a job of one target takes$`,
      ),
    );
    expect(ended[2]!.reason).toMatch(/^not a plugin-eval job this worker reads/);
  });

  /**
   * A job whose `field` in its Redis hash is set to `value` by hand, as someone writing to the Redis directly would;
   * a worker runs until the job ends. Returns the job's end state, its failure and the worker's log lines.
   */
  async function handWritten(field: 'data' | 'opts', value: string) {
    const name = uniqueQueueName(`hand-${field}`);
    const queue = new Queue(name, { connection: { url }, prefix: 'plugin-eval' });
    const events = new QueueEvents(name, { connection: { url }, prefix: 'plugin-eval' });
    const redis = new Redis(url);
    const stop = new AbortController();
    const lines: string[] = [];
    try {
      await events.waitUntilReady();
      const job = await queue.add('score', {}, { jobId: 'crafted', attempts: 3 });
      await redis.hset(`plugin-eval:${name}:crafted`, field, value);
      const worker = runWorker({
        url,
        name,
        judgeProvider: noJudge,
        signal: stop.signal,
        allowedRoots: [ALLOWED],
        lockDurationMs: 1_000,
        log: (l) => lines.push(l),
      });
      const failure = await job.waitUntilFinished(events).then(
        () => undefined,
        (e: unknown) => (e as Error).message,
      );
      stop.abort();
      await worker;
      return { state: await queue.getJobState('crafted'), failure, lines };
    } finally {
      redis.disconnect();
      await events.close();
      await queue.close();
    }
  }

  it('data that is not JSON fails at once, not left active and not reported as a Redis error', async () => {
    const ended = await handWritten('data', '{not json');
    expect(ended).toMatchObject({ state: 'failed', failure: 'not a plugin-eval job: its data is not JSON' });
    expect(ended.lines.filter((l) => l.includes('Redis at'))).toEqual([]);
  });

  it(
    'options that are not JSON: the job ends failed once its lock lapses, not active for ever, and is not called a Redis error',
    async () => {
      const ended = await handWritten('opts', '{not json');
      expect(ended).toMatchObject({ state: 'failed', failure: 'not a plugin-eval job: its data is not JSON' });
      expect(ended.lines).toContain(
        'plugin-eval worker: job crafted is not a plugin-eval job (its options are not JSON); it fails once its ' +
          'lock expires',
      );
      expect(ended.lines.filter((l) => l.includes('Redis at'))).toEqual([]);
    },
    HANG_LIMIT_MS,
  );

  it('readJob names the first problem', () => {
    expect(() => readJob({})).toThrow(JobRefused);
    expect(() => readJob({})).toThrow(/jobVersion/);
  });
});

describe('what the submitter reads back from Redis', () => {
  it('a failure reason written by someone else reaches the message capped, on one line and without escape sequences', async () => {
    const name = uniqueQueueName('forged-reason');
    // A hostile writer takes the job before any plugin-eval worker and fails it with a terminal escape (OSC 52: write
    // the clipboard).
    const forger = new Worker(
      name,
      () =>
        Promise.reject(new UnrecoverableError(`\u001b]52;c;ZXZpbA==\u0007forged\nsecond line ${'x'.repeat(5_000)}`)),
      { connection: { url }, prefix: 'plugin-eval' },
    );
    try {
      const plan = planFromOptions([SKILL], { depth: 'quick' });
      const error = await runPlanOnQueue(plan, { providers: {} }, { url, name, root: tree.root }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(QueueUnavailableError);
      const message = (error as Error).message;
      expect(message).toContain('no worker could score it: forged second line xxx');
      expect([...message].filter((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)).toEqual([]);
      expect(message.length).toBeLessThan(2_500);
    } finally {
      await forger.close();
    }
  });
});

describe("the worker's hash of a target", () => {
  it("equals the submitter's; a target past the file or byte budget is refused, not read", async () => {
    expect(await targetHashWithin(SKILL, 'skills/x')).toBe(await contentHashOf(SKILL));
    await expect(targetHashWithin(SKILL, 'skills/x', { maxFiles: 1, maxBytes: 1e9 })).rejects.toThrow(
      /^skills\/x: more than 1 files, more than a worker reads for one target$/,
    );
    await expect(targetHashWithin(SKILL, 'skills/x', { maxFiles: 100, maxBytes: 10 })).rejects.toThrow(
      /^skills\/x: \d+ bytes of files, more than the 10 a worker reads for one target$/,
    );
  });

  it('stops on the signal in the middle of a file, not after reading it', async () => {
    const big = tree.write('allowed/big/data.bin', Buffer.alloc(8 * 1024 * 1024, 1));
    // Aborted at its third check: the hash checks before each 1 MiB chunk, so it stops inside the 8 MiB file.
    let checks = 0;
    const stop = new AbortController();
    const signal = Object.assign(stop.signal, {
      throwIfAborted() {
        checks += 1;
        if (checks === 3) stop.abort(new Error('stopped'));
        if (stop.signal.aborted) throw stop.signal.reason as Error;
      },
    });
    await expect(targetHashWithin(path.dirname(big), 'big', undefined, signal)).rejects.toThrow(/^stopped$/);
    expect(checks).toBe(3);
  });

  it('a job past the budget fails at once with the reason', async () => {
    mkdirSync(path.join(ALLOWED, 'many'), { recursive: true });
    for (let i = 0; i < 3; i++) tree.write(`allowed/many/f${i}.md`, 'x');
    const [ended] = await runJobs([await jobAt(path.join(ALLOWED, 'many'), path.join(ALLOWED, 'many'))], {
      hashLimits: { maxFiles: 2, maxBytes: 1e9 },
    });
    expect(ended).toEqual({
      state: 'failed',
      attemptsMade: 1,
      reason: 'skills/x: more than 2 files, more than a worker reads for one target',
    });
  });
});
