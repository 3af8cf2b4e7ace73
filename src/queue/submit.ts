/**
 * runPlanOnQueue(plan, ctx, queue): runPlan's twin that hands the scoring to workers. It discovers the targets
 * here, enqueues one job per target (id `${runId}#${index}`: a retry or a re-submission is the same job), waits
 * for the workers' results, and builds the same ScoreRun a local run builds: results handed over in target order,
 * failures, usage, status. Reporting, thresholds and exit codes stay the caller's (runScore), one path for both.
 *
 * A job that no worker could finish (its content differs on the worker, the provider cannot be honoured there,
 * every attempt crashed) is an infrastructure failure: the run ends with status error and exit 3, never a
 * skill failure and never a pass.
 */
import { statSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Queue } from 'bullmq';
import pLimit from 'p-limit';
import { InputError } from '../errors.js';
import type { ScorePlan } from '../model/plan.js';
import type { ScoreResult } from '../model/result.js';
import type { ScoreRun } from '../model/run.js';
import type { Target } from '../parse/discover.js';
import type { RunContext } from '../pipeline/context.js';
import type { ScoreOptions } from '../pipeline/options.js';
import { score } from '../api/score.js';
import { InOrder, REUSE_CONCURRENCY, RunLogBuilder } from '../pipeline/run-log.js';
import { contentHashOf } from '../store/keys.js';
import {
  checkRedis,
  connectionOf,
  loadBullmq,
  queueNameOf,
  queuePrefixOf,
  QueueUnavailableError,
  shownUrl,
  type QueueAddress,
} from './connection.js';
import { jobIdOf, QUEUE_JOB_VERSION, type QueueJob } from './job.js';
import { collectJobs, type Collected } from './collect.js';

export interface SubmitOptions extends QueueAddress {
  /** Progress and notices (stderr); none: silent. */
  progress?: (line: string) => void;
  /** Say "waiting for a worker" after this long with no job taken (default 10 s). */
  noWorkerNoticeMs?: number;
  /** Root that jobs' relative paths are relative to (default: the working folder). */
  root?: string;
  /** Attempts per job before it fails (crashes and lost workers; default 3). */
  attempts?: number;
}

/** A failed job keeps its record a week, a finished one a day: enough to collect it again with the same run id. */
const KEEP_COMPLETED_S = 86_400;
const KEEP_FAILED_S = 7 * 86_400;

/** The job for one target: the plan narrowed to it, its paths, and its content hash. */
export async function jobFor(
  plan: ScorePlan,
  runId: string,
  target: Target,
  index: number,
  total: number,
  root: string,
): Promise<QueueJob> {
  const relative = path.relative(root, target.dir);
  return {
    jobVersion: QUEUE_JOB_VERSION,
    runId,
    index,
    total,
    root,
    target: {
      kind: target.kind,
      displayPath: target.displayPath,
      dir: target.dir,
      relative: relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep).join('/'),
    },
    contentHash: await contentHashOf(target.dir),
    plan: { ...plan, targets: [target.displayPath] },
  };
}

/**
 * A `.skill` package is refused before anything is extracted or sent: a worker reads each target from its own disk,
 * and the package's folder would exist only in this process's temp folder.
 */
function refusePackages(targets: readonly string[]): void {
  for (const given of targets) {
    if (!/\.skill$/i.test(given) || !statSync(given, { throwIfNoEntry: false })?.isFile()) continue;
    throw new InputError(
      `${given}: a .skill package cannot be sent to the queue (workers read each target from their own disk, and ` +
        'the package is unpacked only here); unzip it where the workers can read it and submit the folder, or ' +
        'score it without --queue',
      given,
    );
  }
}

export async function runPlanOnQueue(plan: ScorePlan, ctx: RunContext, queue: SubmitOptions): Promise<ScoreRun> {
  refusePackages(plan.targets);
  const log = new RunLogBuilder(plan, ctx);
  let ended = false;
  try {
    const targets = await log.discover();
    if (targets.length === 0) return log.end('success');
    const infrastructure: string[] = [];
    // Handed over in target order whatever order the workers finish in, as a local run does.
    const inOrder = new InOrder<Collected | { kind: 'reused'; result: ScoreResult }>(
      targets.length,
      (outcome, index) => {
        if (outcome.kind === 'result' || outcome.kind === 'reused')
          log.accept(outcome.result, outcome.kind === 'reused');
        else if (outcome.kind === 'failure') log.fail(outcome.failure);
        else infrastructure.push(`${targets[index]!.displayPath}: ${outcome.reason}`);
      },
    );
    const root = path.resolve(queue.root ?? process.cwd());
    const hashing = pLimit(REUSE_CONCURRENCY);
    // A target whose stored result stands (score --only-changed) is not sent to a worker; the reuse hook also
    // keys every target for the results store, as in a local run.
    const jobs = (
      await Promise.all(
        targets.map((target, i) =>
          hashing(async () => {
            const stored = ctx.reuse ? await ctx.reuse(target, plan) : undefined;
            if (stored === undefined) return jobFor(plan, log.runId, target, i, targets.length, root);
            log.targetDone(target, 'reused');
            inOrder.put(i, { kind: 'reused', result: stored });
            return undefined;
          }),
        ),
      )
    ).filter((job): job is QueueJob => job !== undefined);
    ctx.signal?.throwIfAborted();
    if (jobs.length > 0) {
      await enqueueAndCollect(jobs, queue, ctx.signal, (index, collected) => {
        log.targetDone(targets[index]!, collected.kind === 'result' ? 'scored' : 'failed');
        inOrder.put(index, collected);
      });
    }
    if (infrastructure.length > 0) {
      const more =
        infrastructure.length > 1 ? ` (and ${infrastructure.length - 1} more; each is in the run log's error)` : '';
      const message = `could not measure ${infrastructure.length} of ${targets.length} target${targets.length === 1 ? '' : 's'} through the queue at ${shownUrl(queue.url)}: ${infrastructure[0]}${more}`;
      ended = true;
      log.end('error', [message, ...infrastructure.slice(1)].join('\n'));
      throw new QueueUnavailableError(
        message,
        undefined,
        'no score for the run: fix what the reason says (on the workers, or the queue), then run the command ' +
          'again; the run log (--log-dir) keeps the results that did arrive',
      );
    }
    return log.end(log.finishedStatus);
  } catch (error) {
    if (ended) throw error;
    throw log.endWithError(error);
  }
}

async function enqueueAndCollect(
  jobs: QueueJob[],
  address: SubmitOptions,
  signal: AbortSignal | undefined,
  onCollected: (index: number, collected: Collected) => void,
): Promise<void> {
  await checkRedis(address.url, 'submitter');
  const { Queue } = await loadBullmq();
  const queue = new Queue(queueNameOf(address), {
    connection: connectionOf(address.url, 'producer'),
    prefix: queuePrefixOf(address),
  });
  queue.on('error', () => undefined);
  try {
    const attempts = address.attempts ?? 3;
    await addJobs(queue, jobs, attempts, address.url);
    address.progress?.(
      `plugin-eval: queue: ${jobs.length} job${jobs.length === 1 ? '' : 's'} of run ${jobs[0]!.runId} enqueued ` +
        `at ${shownUrl(address.url)} (from ${hostname()})`,
    );
    await collectJobs(queue, jobs, { ...address, ...(signal ? { signal } : {}), onCollected });
  } finally {
    await queue.close().catch(() => undefined);
  }
}

async function addJobs(queue: Queue, jobs: readonly QueueJob[], attempts: number, url: string): Promise<void> {
  try {
    await queue.addBulk(
      jobs.map((data) => ({
        name: 'score',
        data,
        opts: {
          jobId: jobIdOf(data.runId, data.index),
          attempts,
          backoff: { type: 'exponential', delay: 1_000 },
          removeOnComplete: { age: KEEP_COMPLETED_S },
          removeOnFail: { age: KEEP_FAILED_S },
        },
      })),
    );
  } catch (error) {
    throw new QueueUnavailableError(
      `could not enqueue at ${shownUrl(url)}: ${error instanceof Error ? error.message : String(error)}`,
      error,
      'no score for the run: once Redis at that address accepts jobs, run the command again',
    );
  }
}

/** The queue variant of the library's `score(paths, options)`, for runScore: same options, same run log. */
export function queueScorer(queue: SubmitOptions) {
  return (paths: readonly string[], given: ScoreOptions): Promise<ScoreRun> =>
    score(paths, given, (plan, ctx) => runPlanOnQueue(plan, ctx, queue));
}
