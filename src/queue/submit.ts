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
import { hostname } from 'node:os';
import path from 'node:path';
import type { Queue } from 'bullmq';
import pLimit from 'p-limit';
import { CancelledError, InputError } from '../errors.js';
import { emitTo } from '../events/sink.js';
import { applyRuleConfig, isIgnored, ruleSettings, type DisabledCounts } from '../lint/apply-rule-config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ScorePlan } from '../model/plan.js';
import type { LayerUsage, ScoreResult } from '../model/result.js';
import type { RunFailure, RunStatus, ScoreRun } from '../model/run.js';
import { discoverTargets, type Target } from '../parse/discover.js';
import type { RunContext } from '../pipeline/context.js';
import type { ScoreOptions } from '../pipeline/options.js';
import { addRunUsage } from '../pipeline/run-plan.js';
import { VERSION } from '../version.js';
import { checkRedis, connectionOf, loadBullmq, queueNameOf, queuePrefixOf, QueueUnavailableError, shownUrl, type QueueAddress } from './connection.js';
import { targetContentHash } from './content-hash.js';
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
export async function jobFor(plan: ScorePlan, runId: string, target: Target, index: number, total: number, root: string): Promise<QueueJob> {
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
    contentHash: await targetContentHash(target.dir),
    plan: { ...plan, targets: [target.displayPath] },
  };
}

export async function runPlanOnQueue(plan: ScorePlan, ctx: RunContext, queue: SubmitOptions): Promise<ScoreRun> {
  const now = ctx.now ?? (() => new Date());
  const startedAt = now();
  const runId = ctx.runId ?? globalThis.crypto.randomUUID();
  const sink = ctx.events;
  const results: ScoreResult[] = [];
  const failures: RunFailure[] = [];
  let diagnostics: Diagnostic[] = [];
  let disabledDiagnostics: DisabledCounts | undefined;
  let usage: LayerUsage | null = null;
  let partial = false;
  const log = (status: RunStatus, error?: string): ScoreRun => ({
    schemaVersion: 1,
    kind: 'score-run',
    runId,
    status,
    tool: { name: 'plugin-eval', version: VERSION },
    plan,
    ...(ctx.provenance ? { settings: ctx.provenance } : {}),
    startedAt: startedAt.toISOString(),
    finishedAt: now().toISOString(),
    results,
    failures,
    diagnostics,
    ...(disabledDiagnostics ? { disabledDiagnostics } : {}),
    ...(error !== undefined ? { error } : {}),
    usage,
  });
  let ended: ScoreRun | undefined;
  const end = (run: ScoreRun): ScoreRun => {
    emitTo(sink, { type: 'run.finished', runId, status: run.status, ms: Date.parse(run.finishedAt) - startedAt.getTime() });
    ctx.onRunEnd?.(run);
    return run;
  };

  try {
    const rules = ruleSettings(plan.ruleConfig);
    const discovery = await discoverTargets(plan.targets, rules?.ignore ? { ignore: (dir) => isIgnored(rules, dir) } : {});
    const targets = discovery.targets;
    const applied = applyRuleConfig(discovery.diagnostics, plan.ruleConfig);
    diagnostics = applied.diagnostics;
    if (applied.disabled.byConfig + applied.disabled.inline + applied.disabled.ignored > 0) disabledDiagnostics = applied.disabled;
    emitTo(sink, { type: 'run.started', runId, targets: targets.length });
    if (targets.length === 0) return end(log('success'));

    const root = path.resolve(queue.root ?? process.cwd());
    const hashing = pLimit(8);
    const jobs = await Promise.all(targets.map((t, i) => hashing(() => jobFor(plan, runId, t, i, targets.length, root))));
    ctx.signal?.throwIfAborted();

    const retain = ctx.retainResults !== false;
    const accept = (result: ScoreResult) => {
      usage = addRunUsage(usage, result.usage);
      partial ||= result.measurement.status === 'partial' || result.elo?.infrastructureFailure === true;
      ctx.onResult?.(result);
      if (retain) results.push(result);
    };
    // Handed over in target order whatever order the workers finish in, as a local run does.
    const finished: (Collected | undefined)[] = new Array(targets.length);
    const infrastructure: string[] = [];
    let nextToHand = 0;
    let done = 0;
    const onCollected = (index: number, collected: Collected) => {
      done += 1;
      const target = targets[index]!;
      ctx.onProgress?.(done, targets.length, target);
      if (sink) emitTo(sink, { type: 'target.done', target: target.displayPath, done, total: targets.length, outcome: collected.kind === 'result' ? 'scored' : 'failed' });
      finished[index] = collected;
      for (; nextToHand < targets.length && finished[nextToHand] !== undefined; nextToHand++) {
        const outcome = finished[nextToHand]!;
        finished[nextToHand] = undefined;
        if (outcome.kind === 'result') accept(outcome.result);
        else if (outcome.kind === 'failure') failures.push(outcome.failure);
        else infrastructure.push(`${targets[nextToHand]!.displayPath}: ${outcome.reason}`);
      }
    };
    await enqueueAndCollect(jobs, queue, ctx.signal, onCollected);
    if (infrastructure.length > 0) {
      const more = infrastructure.length > 1 ? ` (and ${infrastructure.length - 1} more; each is in the run log's error)` : '';
      const message = `could not measure ${infrastructure.length} of ${targets.length} target${targets.length === 1 ? '' : 's'} through the queue at ${shownUrl(queue.url)}: ${infrastructure[0]}${more}`;
      ended = end(log('error', [message, ...infrastructure.slice(1)].join('\n')));
      throw new QueueUnavailableError(message);
    }
    return end(log(failures.length > 0 || partial ? 'partial' : 'success'));
  } catch (error) {
    if (ended !== undefined) throw error;
    const cancelled = error instanceof CancelledError || ctx.signal?.aborted === true;
    end(log(cancelled ? 'cancelled' : 'error', error instanceof Error ? error.message : String(error)));
    if (cancelled && !(error instanceof CancelledError)) throw new CancelledError();
    throw error;
  }
}

async function enqueueAndCollect(jobs: QueueJob[], address: SubmitOptions, signal: AbortSignal | undefined, onCollected: (index: number, collected: Collected) => void): Promise<void> {
  await checkRedis(address.url);
  const { Queue } = await loadBullmq();
  const queue = new Queue(queueNameOf(address), { connection: connectionOf(address.url, 'producer'), prefix: queuePrefixOf(address) });
  queue.on('error', () => undefined);
  try {
    const attempts = address.attempts ?? 3;
    await addJobs(queue, jobs, attempts, address.url);
    address.progress?.(`plugin-eval: queue: ${jobs.length} job${jobs.length === 1 ? '' : 's'} of run ${jobs[0]!.runId} enqueued at ${shownUrl(address.url)} (from ${hostname()})`);
    await collectJobs(queue, jobs, { ...address, ...(signal ? { signal } : {}), onCollected });
  } finally {
    await queue.close().catch(() => undefined);
  }
}

async function addJobs(queue: Queue, jobs: readonly QueueJob[], attempts: number, url: string): Promise<void> {
  try {
    await queue.addBulk(jobs.map((data) => ({
      name: 'score',
      data,
      opts: {
        jobId: jobIdOf(data.runId, data.index),
        attempts,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: { age: KEEP_COMPLETED_S },
        removeOnFail: { age: KEEP_FAILED_S },
      },
    })));
  } catch (error) {
    throw new QueueUnavailableError(`could not enqueue at ${shownUrl(url)}: ${error instanceof Error ? error.message : String(error)}`, error);
  }
}

/** The queue variant of the library's `score(paths, options)`, for runScore: same options, same run log. */
export function queueScorer(queue: SubmitOptions) {
  return async (paths: readonly string[], given: ScoreOptions): Promise<ScoreRun> => {
    if (paths.length === 0) throw new InputError('no path given');
    const { resolveLibraryOptions } = await import('../config/library.js');
    const { contextFromOptions, planFromOptions } = await import('../pipeline/plan-from-options.js');
    const options = given.provenance ? given : await resolveLibraryOptions(given);
    return runPlanOnQueue(planFromOptions(paths, options), contextFromOptions(options), queue);
  };
}
