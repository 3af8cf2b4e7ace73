/**
 * The submitter and the worker in-process, at quick depth: a run nobody picks up says so and Ctrl-C removes its
 * jobs; content that differs on the worker fails the run as infrastructure (never a skill failure); --root maps a
 * checkout kept elsewhere; a re-submitted run id collects the finished jobs instead of scoring again; a corrupt
 * reply is never read as a score.
 */
import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { beforeAll, describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/errors.js';
import type { ScoreRun } from '../../src/model/run.js';
import { planFromOptions } from '../../src/pipeline/plan-from-options.js';
import { outcomeOf } from '../../src/queue/collect.js';
import { QueueUnavailableError } from '../../src/queue/connection.js';
import { localPath } from '../../src/queue/process-job.js';
import { jobFor, runPlanOnQueue } from '../../src/queue/submit.js';
import { runWorker } from '../../src/queue/worker.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { testRedis, uniqueQueueName } from './redis.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tree = tempTree('plugin-eval-submit-');
const HERE = tree.dir('here');
const THERE = tree.dir('there');
let url: string;

beforeAll(async () => {
  url = await testRedis();
  cpSync(path.join(ROOT, 'examples/skills/csv-profiler'), path.join(HERE, 'skills/csv-profiler'), { recursive: true });
  cpSync(path.join(ROOT, 'examples/skills/changelog-writer'), path.join(HERE, 'skills/changelog-writer'), {
    recursive: true,
  });
}, HANG_LIMIT_MS);

const noJudge = () => Promise.reject(new Error('no judge at quick depth'));

/**
 * No test here is about takeover, so a job's lock outlasts any test: each job releases it when it ends (done, failed,
 * or put back on stop). With a short lock, an event loop held up past it on a busy machine let this worker's own
 * stalled-job check take the job back and score it a second time.
 */
const NO_TAKEOVER_LOCK_MS = 60 * 60_000;

/** A worker in this process until `stop` is aborted. */
function startWorker(name: string, extra: { root?: string } = {}) {
  const stop = new AbortController();
  const lines: string[] = [];
  const done = runWorker({
    url,
    name,
    judgeProvider: noJudge,
    signal: stop.signal,
    lockDurationMs: NO_TAKEOVER_LOCK_MS,
    log: (l) => lines.push(l),
    allowedRoots: [tree.root],
    ...extra,
  });
  return {
    lines,
    stop: async () => {
      stop.abort();
      return done;
    },
  };
}

async function submit(
  name: string,
  paths: string[],
  options: { runId?: string; signal?: AbortSignal; noWorkerNoticeMs?: number; progress?: (l: string) => void } = {},
) {
  let ended: ScoreRun | undefined;
  const plan = planFromOptions(
    paths.map((p) => path.join(HERE, p)),
    { depth: 'quick' },
  );
  const run = runPlanOnQueue(
    plan,
    {
      providers: {},
      onRunEnd: (r) => (ended = r),
      ...(options.runId ? { runId: options.runId } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
    {
      url,
      name,
      root: HERE,
      ...(options.noWorkerNoticeMs ? { noWorkerNoticeMs: options.noWorkerNoticeMs } : {}),
      ...(options.progress ? { progress: options.progress } : {}),
    },
  );
  return { run, ended: () => ended };
}

describe('runPlanOnQueue', () => {
  it("with no worker: says how to start one; Ctrl-C removes the run's waiting jobs and ends cancelled", async () => {
    const name = uniqueQueueName('idle');
    const lines: string[] = [];
    const abort = new AbortController();
    const { run, ended } = await submit(name, ['skills/csv-profiler', 'skills/changelog-writer'], {
      signal: abort.signal,
      noWorkerNoticeMs: 100,
      progress: (l) => {
        lines.push(l);
        if (l.includes('waiting for a worker')) abort.abort();
      },
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(lines.join('\n')).toContain(`waiting for a worker: start one with \`plugin-eval worker --queue ${url}\``);
    expect(ended()?.status).toBe('cancelled');
    const queue = new Queue(name, { connection: { url }, prefix: 'plugin-eval' });
    try {
      expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'completed')).toEqual({
        waiting: 0,
        active: 0,
        delayed: 0,
        completed: 0,
      });
    } finally {
      await queue.close();
    }
  });

  it('a worker whose checkout differs: the run fails as infrastructure (status error, exit-3 error), not as the skill', async () => {
    const name = uniqueQueueName('differs');
    cpSync(path.join(HERE, 'skills'), path.join(THERE, 'skills'), { recursive: true });
    writeFileSync(
      path.join(THERE, 'skills/csv-profiler/SKILL.md'),
      '---\nname: csv-profiler\ndescription: changed on the worker\n---\n',
    );
    const worker = startWorker(name, { root: THERE });
    try {
      const { run, ended } = await submit(name, ['skills/csv-profiler']);
      const error = await run.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(QueueUnavailableError);
      expect((error as QueueUnavailableError).code).toBe('NOT_MEASURED');
      expect((error as Error).message).toMatch(
        /could not measure 1 of 1 target through the queue .*: \S+csv-profiler: no worker could score it: .*differs from what was submitted/,
      );
      expect(ended()?.status).toBe('error');
      expect(ended()?.results).toEqual([]);
      expect(ended()?.failures).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it("--root maps the submitter's paths onto a checkout elsewhere; a re-submitted run id collects, it does not score again", async () => {
    const name = uniqueQueueName('root');
    const there = tree.dir('there-same');
    cpSync(path.join(HERE, 'skills'), path.join(there, 'skills'), { recursive: true });
    const worker = startWorker(name, { root: there });
    try {
      const runId = globalThis.crypto.randomUUID();
      const first = await (await submit(name, ['skills/csv-profiler', 'skills/changelog-writer'], { runId })).run;
      expect(first.status).toBe('success');
      expect(first.results.map((r) => path.basename(r.target.path))).toEqual(['csv-profiler', 'changelog-writer']);
      const again = await (await submit(name, ['skills/csv-profiler', 'skills/changelog-writer'], { runId })).run;
      expect(again.results.map((r) => r.composite.score)).toEqual(first.results.map((r) => r.composite.score));
      expect(worker.lines.filter((l) => l.includes('scored '))).toHaveLength(2);
    } finally {
      await worker.stop();
    }
  });
});

describe('score --queue --only-changed', () => {
  it('sends only changed targets to the workers; the unchanged one is reused from the store and listed so', async () => {
    const name = uniqueQueueName('only-changed');
    const dir = tree.dir('only-changed');
    cpSync(path.join(HERE, 'skills'), path.join(dir, 'skills'), { recursive: true });
    const store = path.join(dir, 'results.db');
    const paths = [path.join(dir, 'skills/csv-profiler'), path.join(dir, 'skills/changelog-writer')];
    const worker = startWorker(name);
    try {
      const first = await cli(
        'score',
        ...paths,
        '--queue',
        url,
        '--queue-name',
        name,
        '--store',
        store,
        '--output',
        'json',
      );
      expect(first.code, first.stderr).toBe(0);
      expect(worker.lines.filter((l) => l.includes('scored '))).toHaveLength(2);
      writeFileSync(path.join(dir, 'skills/changelog-writer/SKILL.md'), '\n<!-- edited -->\n', { flag: 'a' });
      const second = await cli(
        'score',
        ...paths,
        '--queue',
        url,
        '--queue-name',
        name,
        '--store',
        store,
        '--only-changed',
        '--output',
        'json',
      );
      expect(second.code, second.stderr).toBe(0);
      // Only the edited skill went to a worker.
      const scored = worker.lines.filter((l) => l.includes('scored '));
      expect(scored).toHaveLength(3);
      expect(scored[2]).toContain('changelog-writer');
      const run = JSON.parse(second.stdout) as ScoreRun;
      expect(run.reused).toEqual([paths[0]]);
      expect(run.results.map((r) => r.target.path)).toEqual(paths);
      expect(run.results[0]!.composite.score).toBe((JSON.parse(first.stdout) as ScoreRun).results[0]!.composite.score);
      expect(second.stderr).toContain('reused 1 of 2 results');
    } finally {
      await worker.stop();
    }
  });
});

describe('outcomeOf', () => {
  it('a corrupt reply, or one for another target, is an infrastructure failure, never a result', async () => {
    const plan = planFromOptions([path.join(HERE, 'skills/csv-profiler')], { depth: 'quick' });
    const job = await jobFor(
      plan,
      'r1',
      { kind: 'skill', dir: path.join(HERE, 'skills/csv-profiler'), displayPath: 'skills/csv-profiler' },
      0,
      1,
      HERE,
    );
    expect(job.target.relative).toBe('skills/csv-profiler');
    expect(job.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(outcomeOf(job, { kind: 'result', result: { composite: 100 }, worker: 'w' })).toMatchObject({
      kind: 'infrastructure',
      reason: expect.stringContaining('not a result this version of plugin-eval reads'),
    });
    expect(outcomeOf(job, 'garbage')).toMatchObject({ kind: 'infrastructure' });
    const failure = {
      kind: 'failure',
      failure: { target: { path: 'skills/other', kind: 'skill' }, reason: 'x', diagnostics: [] },
      worker: 'w',
    };
    expect(outcomeOf(job, failure)).toEqual({
      kind: 'infrastructure',
      reason: 'the worker replied for skills/other, not for this target',
    });
  });
});

describe('plugin-eval schema', () => {
  it('publishes the job and the outcome formats', async () => {
    for (const name of ['queue-job', 'queue-outcome']) {
      const out = await cli('schema', name);
      expect(out.code, out.stderr).toBe(0);
      expect(JSON.parse(out.stdout).$schema).toMatch(/json-schema/);
    }
    expect(JSON.stringify(JSON.parse((await cli('schema', 'queue-job')).stdout))).toContain('contentHash');
  });
});

describe('localPath', () => {
  it("moves a path under the submitter's root under --root, and leaves any other path as it is", () => {
    expect(localPath('/home/a/repo/skills/x', '/home/a/repo', '/srv/checkout')).toBe('/srv/checkout/skills/x');
    expect(localPath('/home/a/repo', '/home/a/repo', '/srv/checkout')).toBe('/srv/checkout');
    expect(localPath('/opt/corpus', '/home/a/repo', '/srv/checkout')).toBe('/opt/corpus');
    expect(localPath('/home/a/repo-other/x', '/home/a/repo', '/srv/checkout')).toBe('/home/a/repo-other/x');
    expect(localPath('/home/a/repo/skills/x', '/home/a/repo', undefined)).toBe('/home/a/repo/skills/x');
  });
});
