/**
 * What a worker does with one job: check it (job-checks.ts: size, schema, what the plan asks for, every path under
 * the allowed roots; then the judge's endpoint, endpoint-trust.ts) before any file is read, hash the target within
 * its budget and compare with what was submitted, and score it through the same pipeline as a local run
 * (assembleTarget, then finalise with the job's plan). A reason the job cannot be honoured here is thrown as a
 * refusal: an infrastructure failure of the run, never a skill's.
 */
import { hostname } from 'node:os';
import type { JudgePlan } from '../model/plan.js';
import type { Provider } from '../providers/types.js';
import type { RunContext } from '../pipeline/context.js';
import { finalise } from '../pipeline/finalise.js';
import { assembleTarget, runFailureOf } from '../pipeline/run-plan.js';
import { selectLayers } from '../pipeline/layers/select.js';
import { JobRefused, placeJob, readJob } from './job-checks.js';
import type { QueueOutcome } from './job.js';
import { DEFAULT_HASH_LIMITS, targetHashWithin, type HashLimits } from './target-hash.js';

export { JobRefused, localPath } from './job-checks.js';

export interface ProcessEnv {
  /** This machine's checkout root (worker --root): jobs' relative paths are looked up under it. */
  root?: string;
  /** Realpaths of the folders a job's target and plan files must lie under (job-checks.ts resolveAllowedRoots). */
  allowedRoots: readonly string[];
  /**
   * Builds the judge provider the plan names, from this machine's own settings and credentials (keys never travel
   * in a job), or throws why not (an endpoint that is not the worker's own nor allowed: endpoint-trust.ts).
   */
  judgeProvider: (judge: JudgePlan) => Promise<Provider>;
  /** The worker's own cap on a job's Monte Carlo spend (worker --max-cost): a job's cap is at most this. */
  maxCostUsd?: number;
  /** Budget of the target's hash (default DEFAULT_HASH_LIMITS). */
  hashLimits?: HashLimits;
  signal?: AbortSignal;
  /** The worker's own sandbox setting for agent runs (default on); a job's plan cannot change it. */
  sandbox?: boolean;
}

export const WORKER_NAME = `${hostname()}:${process.pid}`;

export async function processJob(data: unknown, env: ProcessEnv): Promise<QueueOutcome> {
  // Every check that reads no file first: size and schema, the paths against the allowed roots, the endpoint.
  const job = readJob(data);
  const placed = placeJob(job, env.root, env.allowedRoots, env.maxCostUsd);
  const dir = placed.dir;
  // A job never turns the sandbox off: the worker's own setting decides how its agent runs are isolated.
  const plan = placed.plan.monteCarlo
    ? { ...placed.plan, monteCarlo: { ...placed.plan.monteCarlo, sandbox: env.sandbox !== false } }
    : placed.plan;
  let judge: Provider | undefined;
  if (plan.judge) {
    try {
      judge = await env.judgeProvider(plan.judge);
    } catch (error) {
      throw new JobRefused(
        `worker ${WORKER_NAME} cannot run the judge as planned (${plan.judge.provider}, ` +
          `model ${plan.judge.model}): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  const hash = await targetHashWithin(dir, job.target.displayPath, env.hashLimits ?? DEFAULT_HASH_LIMITS, env.signal);
  if (hash !== job.contentHash)
    throw new JobRefused(
      `${job.target.displayPath}: the content on worker ${WORKER_NAME} differs from what was submitted ` +
        `(sha256 ${hash.slice(0, 12)} here, ${job.contentHash.slice(0, 12)} submitted): check out the same version ` +
        `there`,
    );

  const ctx: RunContext = {
    providers: judge ? { judge } : {},
    ...(env.signal ? { signal: env.signal } : {}),
    runId: job.runId,
  };
  const outcome = await assembleTarget(
    { kind: job.target.kind, dir, displayPath: job.target.displayPath },
    selectLayers(plan, ctx),
    { plan, run: ctx },
    new Map(),
  );
  if (!('badgeEvidence' in outcome)) return { kind: 'failure', failure: runFailureOf(outcome), worker: WORKER_NAME };
  // The run's finalise step, on this one result: an Elo rating (certify) is against the corpus, not the other targets.
  const [result] = await finalise({ plan, results: [outcome] }, ctx);
  return { kind: 'result', result: result!, worker: WORKER_NAME };
}
