/**
 * The one executor every agent workload runs through (Monte Carlo, trigger evals and description optimisation on
 * top of them, eval suites). It alone decides whether another task starts: at most `concurrency` in flight, each
 * begun and ended in the run's cost ledger (once the ledger refuses or its cap is reached, nothing new starts, so
 * the overshoot is what is already under way), nothing new once the signal is aborted, and nothing new once the
 * infrastructure results call for giving up (infra-give-up.ts). What a workload does with a result (grading,
 * saving, progress, its own stopping rule) is its `onDone`, which may ask to stop. Tasks already under way always
 * finish; an error thrown by `run` or `onDone` stops the starting and is thrown once they have.
 */
import type { SpendLedger } from '../providers/spend.js';
import { giveUpReason, shouldGiveUp } from './infra-give-up.js';

/** A stop `onDone` asks for, with the words that say why (and whatever else the workload keeps with it). */
export interface BatchRequest {
  reason: string;
}

export interface BatchOptions<T, R, Q extends BatchRequest = BatchRequest> {
  /** At most this many tasks in flight (from their start to the end of their `onDone`). */
  concurrency: number;
  /** The run's cost ledger: `begin` before each task, `end(costOf(result))` after it (`end(0)` when `run` throws). */
  ledger: SpendLedger;
  signal?: AbortSignal | undefined;
  /**
   * The next task to start, undefined when there is none now (asked again as tasks finish); `inFlight`: tasks under
   * way.
   */
  next: (state: { inFlight: number }) => T | undefined;
  run: (task: T) => Promise<R>;
  /** What a result cost the ledger: null when unknown. */
  costOf: (result: R) => number | null;
  /** The result is an infrastructure failure (counted for the give-up rule). */
  isInfra: (result: R) => boolean;
  /**
   * Whether the result counts at all (default: yes). One that does not (a run stopped by a cancel) is neither made
   * nor infrastructure, and only its `onDone`'s own request can stop the batch.
   */
  counts?: (result: R) => boolean;
  /** A finished task: whatever the workload does with it; a request returned asks that nothing new starts. */
  onDone?: (task: T, result: R) => Q | undefined | Promise<Q | undefined>;
  /** Results counted before this batch (a resume): part of the give-up rule's tally. */
  counted?: { made: number; infra: number };
}

export type BatchStoppedBy = 'done' | 'cancelled' | 'max-cost' | 'infrastructure' | 'requested';

export interface BatchOutcome<Q extends BatchRequest = BatchRequest> {
  /** done: every task ran; otherwise what stopped the starting of new ones. */
  by: BatchStoppedBy;
  /** In words, as it stood when the batch stopped (the ledger's reason, the give-up count, the request's reason). */
  reason: string;
  /** requested: what `onDone` asked. */
  request?: Q;
  /** Counted results (the `counted` ones included) and how many of them were infrastructure failures, at the end. */
  made: number;
  infra: number;
  /** The same counts when the batch stopped starting tasks (the tasks then in flight finished after). */
  atStop: { made: number; infra: number };
}

export async function runBatch<T, R, Q extends BatchRequest = BatchRequest>(
  options: BatchOptions<T, R, Q>,
): Promise<BatchOutcome<Q>> {
  const { ledger, signal } = options;
  if (!(options.concurrency >= 1)) throw new TypeError(`concurrency must be 1 or more (got ${options.concurrency})`);
  let made = options.counted?.made ?? 0;
  let infra = options.counted?.infra ?? 0;
  let stop:
    | { by: Exclude<BatchStoppedBy, 'done'>; reason: string; request?: Q; atStop: { made: number; infra: number } }
    | undefined;
  let failure: { error: unknown } | undefined;
  const inFlight = new Set<Promise<void>>();
  const halt = (by: Exclude<BatchStoppedBy, 'done'>, reason: string, request?: Q): void => {
    stop = { by, reason, ...(request === undefined ? {} : { request }), atStop: { made, infra } };
  };

  const settle = async (task: T): Promise<void> => {
    let result: R;
    try {
      result = await options.run(task);
    } catch (error) {
      ledger.end(0);
      throw error;
    }
    ledger.end(options.costOf(result));
    const request = await options.onDone?.(task, result);
    const counted = options.counts?.(result) ?? true;
    if (counted) {
      made += 1;
      if (options.isInfra(result)) infra += 1;
    }
    if (stop) return;
    if (counted && shouldGiveUp(infra, made)) halt('infrastructure', giveUpReason(infra, made));
    else if (counted && ledger.reached) halt('max-cost', ledger.reason);
    else if (request !== undefined) halt('requested', request.reason, request);
  };

  const start = (task: T): void => {
    const promise: Promise<void> = settle(task)
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => inFlight.delete(promise));
    inFlight.add(promise);
  };

  for (;;) {
    while (!stop && !failure && inFlight.size < options.concurrency) {
      const task = options.next({ inFlight: inFlight.size });
      if (task === undefined) break;
      if (signal?.aborted) halt('cancelled', 'cancelled');
      // Asked before the task starts: once the cap is reached none starts, so the overshoot is what is under way.
      else if (!ledger.begin()) halt('max-cost', ledger.reason);
      else start(task);
    }
    if (inFlight.size === 0) break;
    await Promise.race(inFlight);
  }
  if (failure) throw failure.error;
  return { ...(stop ?? { by: 'done' as const, reason: 'every task ran', atStop: { made, infra } }), made, infra };
}
