/**
 * runWorker: takes score jobs off the queue and runs each through the pipeline (./process-job.ts) until it is
 * stopped or, with `idleExitMs`, until the queue has had nothing for it that long.
 *
 * Takeover: a worker holds a lock on each job it runs and renews it every lockDurationMs / 2; a worker that dies
 * stops renewing, and another worker's stalled-job check moves the job back to waiting after at most about
 * lockDurationMs + stalledInterval. Attempts with backoff cover crashes; a job refused here (other content, a
 * provider that cannot be honoured) is not retried. A partial result (a layer that could not measure) is a result,
 * not a retry: the submitter reports it as a local run would. Stopping (SIGTERM, Ctrl-C) cancels the running jobs
 * through their signal and puts each back to waiting with no attempt counted.
 */
import type { Job, JobJson, Queue, Worker } from 'bullmq';
import {
  checkRedis,
  connectionOf,
  loadBullmq,
  queueNameOf,
  queuePrefixOf,
  shownUrl,
  type QueueAddress,
} from './connection.js';
import { JobRefused, resolveAllowedRoots, UNREADABLE_JOB_DATA } from './job-checks.js';
import { processJob, WORKER_NAME, type ProcessEnv } from './process-job.js';
import { failUnreadableActiveJobs } from './unreadable-jobs.js';
import type { QueueOutcome } from './job.js';
import { monotonicMs } from '../util/clock.js';

export interface WorkerOptions extends QueueAddress, Omit<ProcessEnv, 'signal' | 'allowedRoots'> {
  /**
   * Folders a job's target and plan files must lie under (worker --allow-root); default `root`, else the working
   * folder.
   */
  allowedRoots?: readonly string[];
  /** Jobs run at once by this worker (default 1: each job already runs its model calls concurrently). */
  concurrency?: number;
  /**
   * How long a job's lock lasts without renewal: a dead worker's job is taken over after about this long (default 10
   * s).
   */
  lockDurationMs?: number;
  /**
   * Stop once nothing has been waiting and nothing running here for this long; 0: as soon as the queue is empty
   * (--once).
   */
  idleExitMs?: number;
  /** Stops the worker: no new job is taken, and running jobs are cancelled and put back for another worker. */
  signal?: AbortSignal;
  /** One line per job and notices (stderr); none: silent. */
  log?: (line: string) => void;
}

export interface WorkerSummary {
  scored: number;
  /** Jobs that ended in a failure this worker threw (each is retried or failed by BullMQ). */
  failed: number;
  /**
   * Redis did not answer the close: the connections were dropped, and BullMQ's retry timers may still hold the process.
   */
  abandoned?: boolean;
}

export const DEFAULT_LOCK_MS = 10_000;

export async function runWorker(options: WorkerOptions): Promise<WorkerSummary> {
  const allowedRoots = resolveAllowedRoots(options.allowedRoots ?? [options.root ?? process.cwd()]);
  await checkRedis(options.url, 'worker');
  const { Worker, Queue, UnrecoverableError, WaitingError } = await loadBullmq();
  const lockDuration = options.lockDurationMs ?? DEFAULT_LOCK_MS;
  const name = queueNameOf(options);
  const prefix = queuePrefixOf(options);
  const stopJobs = new AbortController();
  const summary: WorkerSummary = { scored: 0, failed: 0 };
  let busy = 0;
  const log = options.log ?? (() => undefined);

  const processor = async (job: Job, token?: string): Promise<QueueOutcome> => {
    busy += 1;
    const started = monotonicMs();
    try {
      const outcome = await processJob(job.data, { ...options, allowedRoots, signal: stopJobs.signal });
      summary.scored += 1;
      const what =
        outcome.kind === 'result'
          ? `scored ${outcome.result.target.path}: ${outcome.result.composite.score ?? 'not scored'}`
          : `could not read ${outcome.failure.target.path}`;
      log(`plugin-eval worker: ${what} (job ${job.id}, ${Math.round(monotonicMs() - started)} ms)`);
      return outcome;
    } catch (error) {
      if (stopJobs.signal.aborted && token !== undefined) {
        // Stopped, not failed: the job goes back to waiting, with no attempt counted, for another worker.
        await job.moveToWait(token);
        log(`plugin-eval worker: job ${job.id} put back for another worker`);
        throw new WaitingError();
      }
      summary.failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      log(`plugin-eval worker: job ${job.id} failed (attempt ${job.attemptsMade + 1}): ${message}`);
      // Refused here means refused on every attempt: fail the job now instead of retrying it.
      if (error instanceof JobRefused) throw new UnrecoverableError(message);
      throw error;
    } finally {
      busy -= 1;
    }
  };

  // BullMQ parses a job's data before the processor sees it: data that is not JSON would throw in its fetch loop,
  // be reported as a Redis error and leave the job active. It reaches the processor as unreadable instead.
  class CheckedWorker extends Worker {
    protected override createJob(data: JobJson, jobId: string): Job {
      try {
        return super.createJob(data, jobId);
      } catch {
        return super.createJob({ ...data, data: JSON.stringify(UNREADABLE_JOB_DATA) }, jobId);
      }
    }
  }
  const worker = new CheckedWorker(name, processor, {
    connection: connectionOf(options.url, 'worker'),
    prefix,
    concurrency: Math.max(1, options.concurrency ?? 1),
    lockDuration,
    stalledInterval: Math.max(500, Math.round(lockDuration / 2)),
    // A job whose worker died twice is still taken over; a third time it fails (something about it kills workers).
    maxStalledCount: 2,
  });
  worker.on('error', (error) => {
    // BullMQ decodes a fetched job's options itself: options that are not JSON are a crafted job, not a Redis fault.
    if (!(error instanceof SyntaxError))
      return log(`plugin-eval worker: Redis at ${shownUrl(options.url)}: ${error.message}`);
    void failUnreadableActiveJobs(options.url, prefix, name).then(
      (ids) =>
        ids.forEach((id) =>
          log(
            `plugin-eval worker: job ${id} is not a plugin-eval job (its options are not JSON); it fails once ` +
              `its lock expires`,
          ),
        ),
      (failed: unknown) =>
        log(
          `plugin-eval worker: Redis ` +
            `at ${shownUrl(options.url)}: ${failed instanceof Error ? failed.message : String(failed)}`,
        ),
    );
  });
  log(
    `plugin-eval worker: ${WORKER_NAME} taking jobs from ${shownUrl(options.url)} ` +
      `(queue ${name}, ${Math.max(1, options.concurrency ?? 1)} at once)`,
  );

  const stopped = new Promise<void>((resolve) => {
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  const idle =
    options.idleExitMs === undefined
      ? new Promise<void>(() => undefined)
      : waitUntilIdle(
          new Queue(name, { connection: connectionOf(options.url, 'producer'), prefix }),
          options.idleExitMs,
          () => busy,
          stopped,
        );
  await Promise.race([stopped, idle]);
  log(`plugin-eval worker: stopping${busy > 0 ? `: cancelling the ${busy} running job${busy === 1 ? '' : 's'}` : ''}`);
  if (options.signal?.aborted) stopJobs.abort();
  if (!(await closeWorker(worker, () => busy, log))) summary.abandoned = true;
  return summary;
}

/** How long a close with no job running may wait for Redis before the connections are dropped. */
export const CLOSE_GRACE_MS = 3_000;

/**
 * close() lets the running jobs finish, then tells Redis. With Redis gone its connection retries without end, so
 * the close never ended and Ctrl-C did not stop the worker: once no job is running and the close is still waiting
 * after CLOSE_GRACE_MS, the connections are dropped (what there was to tell Redis cannot reach it anyway).
 */
async function closeWorker(worker: Worker, busy: () => number, log: (line: string) => void): Promise<boolean> {
  const within = <T>(promise: Promise<T>): Promise<T | false> =>
    Promise.race([promise, new Promise<false>((resolve) => setTimeout(() => resolve(false), CLOSE_GRACE_MS).unref())]);
  const closing = worker.close().then(() => true as const);
  for (;;) {
    if (await within(closing)) return true;
    if (busy() > 0) continue;
    log('plugin-eval worker: Redis does not answer; closing its connections without it');
    // Neither waits for ever: ioredis's disconnect can itself wait on the connection it is dropping.
    await within(worker.disconnect().catch(() => undefined));
    return (await within(closing)) === true;
  }
}

/** Resolves once nothing has been waiting or running here for `ms` (checked twice a second). */
async function waitUntilIdle(queue: Queue, ms: number, busy: () => number, stopped: Promise<void>): Promise<void> {
  queue.on('error', () => undefined);
  let idleSince: number | undefined;
  let stop = false;
  void stopped.then(() => (stop = true));
  try {
    while (!stop) {
      const counts = await queue.getJobCounts('waiting', 'delayed', 'prioritized').catch(() => undefined);
      const empty = counts !== undefined && Object.values(counts).every((n) => n === 0) && busy() === 0;
      if (!empty) idleSince = undefined;
      else if ((idleSince ??= Date.now()) + ms <= Date.now()) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await queue.close().catch(() => undefined);
  }
}
