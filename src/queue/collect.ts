/**
 * Waiting for a run's jobs: the submitter polls the state of each job it still waits for (one cheap Redis call
 * per job), so a missed event can never leave it waiting forever, and it sees how many are running for the
 * progress line. Progress (done / total, failed, running, cost so far, ETA) goes to stderr at most every two
 * seconds; with no job taken for a while it says to start a worker, rather than waiting silently.
 */
import type { Queue } from 'bullmq';
import { CancelledError } from '../errors.js';
import type { ScoreResult } from '../model/result.js';
import type { RunFailure } from '../model/run.js';
import { QueueUnavailableError, shownUrl } from './connection.js';
import { terminalText } from '../util/terminal-text.js';
import { jobIdOf, QueueOutcome, type QueueJob } from './job.js';

/** What one job came to: the target's result, its failure to be read, or no result at all (infrastructure). */
export type Collected =
  | { kind: 'result'; result: ScoreResult }
  | { kind: 'failure'; failure: RunFailure }
  | { kind: 'infrastructure'; reason: string };

export interface CollectOptions {
  url: string;
  signal?: AbortSignal;
  progress?: (line: string) => void;
  noWorkerNoticeMs?: number;
  onCollected: (index: number, collected: Collected) => void;
  /** How often pending jobs are looked at (default 250 ms; one ms per pending job when more). */
  pollMs?: number;
}

/** Redis may blink; gone for this long, the run stops (exit 3) instead of waiting for nothing. */
const REDIS_GONE_MS = 30_000;
const PROGRESS_EVERY_MS = 2_000;
const WAITING_STATES = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);

/** A worker's reply, checked: anything but a valid outcome for this very target is an infrastructure failure. */
export function outcomeOf(job: QueueJob, reply: unknown): Collected {
  const parsed = QueueOutcome.safeParse(reply);
  if (!parsed.success)
    return {
      kind: 'infrastructure',
      reason:
        `the worker's reply is not a result this version of plugin-eval reads ` +
        `(${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'})`,
    };
  // Checked with the schema, but handed over as the worker wrote it: a zod parse would reorder and drop keys,
  // and the run's JSON must be byte for byte what a local run prints.
  const outcome = reply as QueueOutcome;
  const path = outcome.kind === 'result' ? outcome.result.target.path : outcome.failure.target.path;
  if (path !== job.target.displayPath)
    return { kind: 'infrastructure', reason: `the worker replied for ${path}, not for this target` };
  return outcome.kind === 'result'
    ? { kind: 'result', result: outcome.result }
    : { kind: 'failure', failure: outcome.failure };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60
    ? `${s}s`
    : s < 3600
      ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
      : `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export async function collectJobs(queue: Queue, jobs: readonly QueueJob[], options: CollectOptions): Promise<void> {
  const pending = new Map(jobs.map((j) => [jobIdOf(j.runId, j.index), j]));
  const total = jobs.length;
  const started = Date.now();
  let done = 0;
  let failed = 0;
  let unreadable = 0;
  let running = 0;
  let cost = 0;
  /** A result with a call of unknown cost: a model without a price, or a server that reported no usage. */
  let unpriced = false;
  let workerSeen = false;
  let noticeGiven = false;
  let lastProgress = 0;
  let lastLine = '';
  let redisFailingSince: number | undefined;
  const arrived: [QueueJob, Collected][] = [];
  const say = (force: boolean) => {
    if (!options.progress) return;
    const spent = `$${cost.toFixed(4)}${unpriced ? ' + calls of unknown cost' : ''}`;
    const eta = done > 0 && done < total ? `, ETA ${duration(((Date.now() - started) / done) * (total - done))}` : '';
    const line = `plugin-eval: queue: ${done}/${total} done, ${failed} failed${unreadable > 0 ? `, ${unreadable} unreadable` : ''}, ${running} running, ${spent} spent${eta}`;
    if (line === lastLine || (!force && Date.now() - lastProgress < PROGRESS_EVERY_MS)) return;
    lastLine = line;
    lastProgress = Date.now();
    options.progress(line);
  };

  while (pending.size > 0) {
    if (options.signal?.aborted) {
      await removeWaiting(queue, [...pending.keys()]);
      throw new CancelledError();
    }
    try {
      const states = await Promise.all(
        [...pending].map(async ([id, job]) => [id, job, await queue.getJobState(id)] as const),
      );
      running = 0;
      for (const [id, job, state] of states) {
        if (state === 'active') running += 1;
        if (!WAITING_STATES.has(state)) workerSeen = true;
        if (state !== 'completed' && state !== 'failed' && state !== 'unknown') continue;
        // Deleted from `pending` only once collected: after a Redis error the next round picks it up again.
        arrived.push([job, await collectOne(queue, id, job, state)]);
        pending.delete(id);
      }
      redisFailingSince = undefined;
    } catch (error) {
      redisFailingSince ??= Date.now();
      if (Date.now() - redisFailingSince > REDIS_GONE_MS)
        throw new QueueUnavailableError(
          `lost Redis at ${shownUrl(options.url)} for ${REDIS_GONE_MS / 1000} ` +
            `s: ${error instanceof Error ? error.message : String(error)}`,
          error,
          'no score for the run: once Redis at that address answers again, run the command again',
        );
      await sleep(1_000, options.signal);
    }
    // Outside the Redis try: an error of the caller's (a reporter) is its own, not Redis going away.
    for (const [job, collected] of arrived.splice(0)) {
      done += 1;
      if (collected.kind === 'result') {
        const c = collected.result.usage?.costUsd;
        if (collected.result.usage !== null && (c === null || c === undefined))
          unpriced ||= collected.result.usage.calls > collected.result.usage.cachedCalls;
        else cost += c ?? 0;
      } else if (collected.kind === 'failure') unreadable += 1;
      else failed += 1;
      options.onCollected(job.index, collected);
    }
    if (!workerSeen && !noticeGiven && Date.now() - started >= (options.noWorkerNoticeMs ?? 10_000)) {
      noticeGiven = true;
      options.progress?.(
        `plugin-eval: queue: waiting for a worker: start one with \`plugin-eval worker ` +
          `--queue ${shownUrl(options.url)}\``,
      );
    }
    say(pending.size === 0);
    // About a thousand state checks a second at most: a big run's polling must not take the workers' CPU or Redis.
    if (pending.size > 0) await sleep(Math.max(options.pollMs ?? 250, pending.size), options.signal);
  }
}

/** The most of a failure reason read from Redis that a message quotes. */
const MAX_REASON_CHARS = 2_000;

/**
 * A failure reason as read from Redis, where anyone with write access can have put anything: capped, on one line,
 * and inert in a terminal (no escape sequences).
 */
function fromRedis(reason: string | undefined): string {
  return terminalText((reason ?? '').slice(0, MAX_REASON_CHARS), false).replace(/\s*\n\s*/g, ' ');
}

async function collectOne(queue: Queue, id: string, job: QueueJob, state: string): Promise<Collected> {
  // 'unknown': the record is gone (removed by hand, or expired before this submitter came back for it).
  if (state === 'unknown') return { kind: 'infrastructure', reason: `job ${id} is no longer in the queue` };
  const record = await queue.getJob(id);
  if (record === undefined) return { kind: 'infrastructure', reason: `job ${id} is no longer in the queue` };
  if (state === 'failed')
    return {
      kind: 'infrastructure',
      reason: `no worker could score it: ${fromRedis(record.failedReason) || 'the job failed'}`,
    };
  return outcomeOf(job, record.returnvalue);
}

/** Ctrl-C: the run's jobs no worker has taken yet are removed; a running one finishes and is kept a day. */
async function removeWaiting(queue: Queue, ids: readonly string[]): Promise<void> {
  await Promise.all(
    ids.map(async (id) => {
      try {
        if (WAITING_STATES.has(await queue.getJobState(id))) await queue.remove(id);
      } catch {
        // Removal is best effort: a job a worker has just taken is locked, and it expires with the rest.
      }
    }),
  );
}
