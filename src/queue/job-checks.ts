/**
 * What a worker checks before it touches a file a job names. Anyone who can write to the queue's Redis can add a
 * job, so a job is hostile input: its size and shape are checked first, then every path it names must resolve
 * (realpath, so a link cannot lead out) to a folder under the worker's allowed roots. A path outside the roots and a
 * path that does not exist get the same message, so a failure says nothing about the worker's filesystem.
 */
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { UsageError } from '../errors.js';
import type { ScorePlan } from '../model/plan.js';
import { isInside } from '../parse/fs.js';
import { DEFAULT_ALLOWED_TOOLS } from '../agent/defaults.js';
import { QueueJob } from './job.js';

/** A job is one target's plan and paths: a few KB. Anything far larger is not a job a submitter made. */
export const MAX_JOB_BYTES = 256 * 1024;

/** A job this worker must not retry: the same worker would fail the same way. */
export class JobRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobRefused';
  }
}

/** What the worker hands the processor in place of data BullMQ could not parse (worker.ts). */
export const UNREADABLE_JOB_DATA = { unreadableJobData: true } as const;

/** The job, checked for size and schema; otherwise refused with the first reason. */
export function readJob(data: unknown): QueueJob {
  if (isDeepStrictEqual(data, UNREADABLE_JOB_DATA)) throw new JobRefused('not a plugin-eval job: its data is not JSON');
  let text: string | undefined;
  try {
    text = JSON.stringify(data);
  } catch {
    text = undefined;
  }
  if (text === undefined) throw new JobRefused('not a plugin-eval job: its data is not JSON');
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_JOB_BYTES)
    throw new JobRefused(
      `not a plugin-eval job: its data is ${bytes} bytes, more than the ${MAX_JOB_BYTES} a job of one target takes`,
    );
  const parsed = QueueJob.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new JobRefused(
      `not a plugin-eval job this worker reads ` +
        `(${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}); are the submitter and the worker the ` +
        `same version?`,
    );
  }
  return parsed.data;
}

/**
 * The allowed roots as realpaths, checked once when the worker starts: a root that is not a folder is the
 * operator's mistake (exit 2), said before any job is taken.
 */
export function resolveAllowedRoots(roots: readonly string[]): string[] {
  return roots.map((root) => {
    try {
      const real = realpathSync.native(path.resolve(root));
      if (statSync(real).isDirectory()) return real;
    } catch {
      // Said below, the same as a file.
    }
    throw new UsageError(`worker: --allow-root ${root}: not a folder on this machine`);
  });
}

/**
 * True when `given` resolves (realpath) to a folder (or, with `file`, a regular file) under one of `roots`; false
 * whatever the reason otherwise (missing, outside, another kind of file), so callers say one thing for all.
 */
export function withinRoots(given: string, roots: readonly string[], kind: 'folder' | 'file'): boolean {
  if (!path.isAbsolute(given)) return false;
  let real: string;
  try {
    real = realpathSync.native(given);
  } catch {
    return false;
  }
  if (!roots.some((root) => isInside(real, root))) return false;
  const stat = statSync(real, { throwIfNoEntry: false });
  return (kind === 'folder' ? stat?.isDirectory() : stat?.isFile()) === true;
}

/** A path of the submitter's machine, on this one: under --root when it lay under the submitter's root. */
export function localPath(submitted: string, submitterRoot: string, root: string | undefined): string {
  if (root === undefined) return submitted;
  const relative = path.relative(submitterRoot, submitted);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return submitted;
  return path.join(root, relative);
}

/**
 * What a job may ask of the worker beyond the files it names: no more than a command line can ask for (the settings
 * table's ranges), and agent tools no wider than the default read-only set (a job could otherwise grant the agent
 * Bash on the worker). Each row: the value in the plan, the most a worker grants, and what it is called.
 */
function planDemands(plan: ScorePlan): { name: string; value: number; max: number }[] {
  const mc = plan.monteCarlo;
  return [
    { name: 'judge samples', value: plan.samples.judge, max: 20 },
    { name: 'judge models', value: plan.judge?.judgeModels.length ?? 0, max: 20 },
    { name: 'judge material tokens', value: plan.budget.materialTokens ?? 0, max: 1_000_000 },
    { name: 'Monte Carlo runs', value: mc?.maxRuns ?? 0, max: 10_000 },
    { name: 'agent runs at once', value: mc?.concurrency ?? 0, max: 64 },
    { name: 'agent turns', value: mc?.maxTurns ?? 0, max: 100 },
    { name: 'agent run timeout (ms)', value: mc?.timeoutMs ?? 0, max: 3_600_000 },
  ];
}

/** The plan, refused when it asks for more than a worker grants (planDemands). */
export function checkPlanDemands(plan: ScorePlan): void {
  const over = planDemands(plan).find((d) => d.value > d.max);
  if (over) throw new JobRefused(`the plan asks for ${over.value} ${over.name}; a worker grants at most ${over.max}`);
  const tools = (plan.monteCarlo?.allowedTools ?? []).filter((tool) => !DEFAULT_ALLOWED_TOOLS.includes(tool));
  if (tools.length > 0)
    throw new JobRefused(
      `the plan grants the agent ${tools.join(', ')}; a worker's agent gets at ` +
        `most ${DEFAULT_ALLOWED_TOOLS.join(', ')}`,
    );
}

export interface PlacedJob {
  /** The target's folder on this machine (under an allowed root once resolved). */
  dir: string;
  /** The job's plan with its folders moved to this machine and checked to lie under the allowed roots. */
  plan: ScorePlan;
}

/**
 * Where the job's target and the files its plan names are on this machine, each checked to lie under `roots`
 * before anything reads them. `root` is the worker's checkout (--root); `roots` are realpaths; `maxCostUsd` the
 * worker's own Monte Carlo cost cap.
 */
export function placeJob(
  job: QueueJob,
  root: string | undefined,
  roots: readonly string[],
  maxCostUsd?: number,
): PlacedJob {
  const given =
    job.target.relative !== null && root !== undefined ? path.join(root, job.target.relative) : job.target.dir;
  checkPlanDemands(job.plan);
  if (!withinRoots(given, roots, 'folder'))
    throw new JobRefused(
      `${job.target.displayPath}: no such folder under this worker's allowed roots (worker --allow-root, ` +
        `--root, or its working folder)`,
    );
  const move = (p: string) => localPath(p, job.root, root);
  const plan: ScorePlan = { ...job.plan };
  if (plan.elo) {
    const corpusDir = move(plan.elo.corpusDir);
    if (!withinRoots(corpusDir, roots, 'folder'))
      throw new JobRefused(
        `the plan's corpus folder ${plan.elo.corpusDir}: no such folder under this worker's allowed roots`,
      );
    plan.elo = { ...plan.elo, corpusDir };
  }
  const promptsFile = plan.monteCarlo?.prompts.file;
  if (plan.monteCarlo && promptsFile) {
    const file = move(promptsFile);
    if (!withinRoots(file, roots, 'file'))
      throw new JobRefused(`the plan's prompts file ${promptsFile}: no such file under this worker's allowed roots`);
    plan.monteCarlo = { ...plan.monteCarlo, prompts: { ...plan.monteCarlo.prompts, file } };
  }
  // The worker's own cost cap (worker --max-cost) binds whatever the job asks: a job may lower it, never raise or drop
  // it.
  if (plan.monteCarlo && maxCostUsd !== undefined)
    plan.monteCarlo = {
      ...plan.monteCarlo,
      maxCostUsd: Math.min(plan.monteCarlo.maxCostUsd ?? maxCostUsd, maxCostUsd),
    };
  // Only where ignorePatterns are relative to: no file is read from it, so it is moved, not checked.
  if (plan.ruleConfig?.baseDir !== undefined)
    plan.ruleConfig = { ...plan.ruleConfig, baseDir: move(plan.ruleConfig.baseDir) };
  return { dir: given, plan };
}
