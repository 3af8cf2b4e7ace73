/**
 * What a worker does with one job: check it is a job of this version, find the target on this machine, check
 * its content is what was submitted, and score it through the same pipeline as a local run (assembleTarget,
 * then finalise with the job's plan). A reason the job cannot be honoured here (other content, a provider this
 * machine cannot reach as the plan names it) is thrown as a job failure: an infrastructure failure of the run,
 * never a skill's.
 */
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { JudgePlan, ScorePlan } from '../model/plan.js';
import type { Provider } from '../providers/types.js';
import type { RunContext } from '../pipeline/context.js';
import { finalise } from '../pipeline/finalise.js';
import { assembleTarget, runFailureOf } from '../pipeline/run-plan.js';
import { selectLayers } from '../pipeline/select-layers.js';
import { contentHashOf } from '../store/keys.js';
import { QueueJob, type QueueOutcome } from './job.js';

/** A job this worker must not retry: the same worker would fail the same way. */
export class JobRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobRefused';
  }
}

export interface ProcessEnv {
  /** This machine's checkout root (worker --root): jobs' relative paths are looked up under it. */
  root?: string;
  /** Builds the judge provider the plan names, with this machine's credentials (keys never travel in a job). */
  judgeProvider: (judge: JudgePlan) => Promise<Provider>;
  signal?: AbortSignal;
  /** The worker's own sandbox setting for agent runs (default on); a job's plan cannot change it. */
  sandbox?: boolean;
}

export const WORKER_NAME = `${hostname()}:${process.pid}`;

/** A path of the submitter's machine, on this one: under --root when it lay under the submitter's root. */
export function localPath(submitted: string, submitterRoot: string, root: string | undefined): string {
  if (root === undefined) return submitted;
  const relative = path.relative(submitterRoot, submitted);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return submitted;
  return path.join(root, relative);
}

/** The plan with its folder settings (corpus, prompts file, rule base folder) moved to this machine. */
function localPlan(plan: ScorePlan, submitterRoot: string, root: string | undefined): ScorePlan {
  if (root === undefined) return plan;
  const move = (p: string) => localPath(p, submitterRoot, root);
  return {
    ...plan,
    ...(plan.elo ? { elo: { ...plan.elo, corpusDir: move(plan.elo.corpusDir) } } : {}),
    ...(plan.monteCarlo?.prompts.file ? { monteCarlo: { ...plan.monteCarlo, prompts: { ...plan.monteCarlo.prompts, file: move(plan.monteCarlo.prompts.file) } } } : {}),
    ...(plan.ruleConfig?.baseDir !== undefined ? { ruleConfig: { ...plan.ruleConfig, baseDir: move(plan.ruleConfig.baseDir) } } : {}),
  };
}

export async function processJob(data: unknown, env: ProcessEnv): Promise<QueueOutcome> {
  const parsed = QueueJob.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new JobRefused(`not a plugin-eval job this worker reads (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}); are the submitter and the worker the same version?`);
  }
  const job = parsed.data;
  const dir = job.target.relative !== null && env.root !== undefined ? path.join(env.root, job.target.relative) : job.target.dir;
  if (!existsSync(dir)) throw new JobRefused(`${job.target.displayPath}: no folder ${dir} on worker ${WORKER_NAME}${env.root === undefined ? ' (a checkout elsewhere? pass worker --root DIR)' : ''}`);
  const hash = await contentHashOf(dir);
  if (hash !== job.contentHash) throw new JobRefused(`${job.target.displayPath}: the content at ${dir} on worker ${WORKER_NAME} differs from what was submitted (sha256 ${hash.slice(0, 12)} here, ${job.contentHash.slice(0, 12)} submitted): check out the same version there`);

  const moved = localPlan(job.plan, job.root, env.root);
  // A job never turns the sandbox off: the worker's own setting decides how its agent runs are isolated.
  const plan = moved.monteCarlo ? { ...moved, monteCarlo: { ...moved.monteCarlo, sandbox: env.sandbox !== false } } : moved;
  let judge: Provider | undefined;
  if (plan.judge) {
    try {
      judge = await env.judgeProvider(plan.judge);
    } catch (error) {
      throw new JobRefused(`worker ${WORKER_NAME} cannot run the judge as planned (${plan.judge.provider}, model ${plan.judge.model}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const ctx: RunContext = { providers: judge ? { judge } : {}, ...(env.signal ? { signal: env.signal } : {}), runId: job.runId };
  const outcome = await assembleTarget({ kind: job.target.kind, dir, displayPath: job.target.displayPath }, selectLayers(plan, ctx), { plan, run: ctx }, new Map());
  if (!('badgeEvidence' in outcome)) return { kind: 'failure', failure: runFailureOf(outcome), worker: WORKER_NAME };
  // The run's finalise step, on this one result: an Elo rating (certify) is against the corpus, not the other targets.
  const [result] = await finalise({ plan, results: [outcome] }, ctx);
  return { kind: 'result', result: result!, worker: WORKER_NAME };
}
