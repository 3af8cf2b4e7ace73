/**
 * Reading an iteration for `evals aggregate`: every run folder `findRuns` lists, sorted into runs that can be
 * measured and runs that cannot (an infrastructure failure, no grading). What each figure is read from is fixed here,
 * in one place: tokens only from timing.json's `total_tokens` (never output_chars, which counts characters of output
 * files); time from timing.json, then the executor's time grading.json copied in; eval names from eval_metadata.json.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { readJsonAs } from '../json-files.js';
import { EvalMetadata, GradingInput, IterationPlan, RunMetrics, RunRecord, RunTiming } from '../schemas/index.js';
import type { GradedExpectation } from '../schemas/index.js';
import {
  CUT_SHORT_DETAIL,
  EVAL_METADATA_FILE,
  RUN_FILES,
  findRuns,
  iterationPlanFile,
  runDirOf,
  writtenByEvalsRun,
  type FoundRun,
} from '../workspace.js';

/** A run whose grading counts: every statistic is computed from these. */
export interface MeasuredRun {
  evalId: number;
  evalName: string;
  configuration: string;
  runNumber: number;
  runDir: string;
  passed: number;
  failed: number;
  total: number;
  /** passed / total, recomputed (a summary's pass_rate is often rounded to 2 dp). */
  passRate: number;
  /** Undefined when no file recorded it: then it is left out of the time statistics, not counted as 0. */
  timeSeconds: number | undefined;
  tokens: number | undefined;
  toolCalls: number;
  errors: number;
  expectations: GradedExpectation[];
  notes: string[];
  /** From run.json, when the run was made by plugin-eval. */
  model?: string;
  skillPath?: string;
}

/** `not_run`: planned in evals_run.json but never run, or cut short before its run.json was written. */
export type ExclusionReason = 'infra' | 'ungraded' | 'not_run';

/** A run left out of every statistic, with why. */
export interface ExcludedRun {
  evalId: number;
  evalName: string;
  configuration: string;
  runNumber: number;
  runDir: string;
  reason: ExclusionReason;
  detail: string;
}

export interface IterationRuns {
  root: string;
  measured: MeasuredRun[];
  excluded: ExcludedRun[];
  /** Every configuration planned (evals_run.json) or found (measured or not), plan order first, then folder order. */
  configurations: string[];
  /** Eval folders without a numeric id (no eval_metadata.json, not named eval-<n>): the id each was given. */
  assignedIds: { folder: string; evalId: number }[];
}

interface EvalIdentity {
  id: number | undefined;
  name: string;
}

async function readIfPresent<S extends z.ZodType>(file: string, schema: S): Promise<z.output<S> | undefined> {
  return existsSync(file) ? readJsonAs(file, schema) : undefined;
}

/** eval_metadata.json in the run folder, the configuration folder or the eval folder (the first found). */
async function evalIdentity(run: FoundRun): Promise<EvalIdentity> {
  for (const dir of [run.runDir, run.configDir, run.evalDir]) {
    const metadata = await readIfPresent(path.join(dir, EVAL_METADATA_FILE), EvalMetadata);
    if (metadata !== undefined) return { id: metadata.eval_id, name: metadata.eval_name };
  }
  const numbered = /^eval-(\d+)$/.exec(run.evalDirName);
  return { id: numbered ? Number(numbered[1]) : undefined, name: run.evalDirName };
}

function timeOf(timing: RunTiming | undefined, grading: z.output<typeof GradingInput>): number | undefined {
  if (timing?.total_duration_seconds !== undefined) return timing.total_duration_seconds;
  if (timing?.executor_duration_seconds !== undefined) return timing.executor_duration_seconds;
  if (timing?.duration_ms !== undefined) return timing.duration_ms / 1000;
  // grading.json's own total includes the grader's time; the executor's is the run's.
  return grading.timing?.executor_duration_seconds ?? grading.timing?.total_duration_seconds;
}

function userNotes(grading: z.output<typeof GradingInput>): string[] {
  const u = grading.user_notes_summary;
  return u === undefined ? [] : [...u.uncertainties, ...u.needs_review, ...u.workarounds];
}

type Read =
  | { kind: 'measured'; run: Omit<MeasuredRun, 'evalId'> }
  | { kind: 'excluded'; run: Omit<ExcludedRun, 'evalId'> };

async function readRun(run: FoundRun, evalName: string, planned: boolean): Promise<Read> {
  const where = { evalName, configuration: run.configuration, runNumber: run.runNumber, runDir: run.runDir };
  const record = await readIfPresent(path.join(run.runDir, RUN_FILES.record), RunRecord);
  // Whatever such a folder holds (partial outputs, an old grading.json) is not a measurement of the skill.
  if (planned && record === undefined)
    return { kind: 'excluded', run: { ...where, reason: 'not_run', detail: CUT_SHORT_DETAIL } };
  if (record?.status === 'infra') {
    const error = record.infra_error;
    return {
      kind: 'excluded',
      run: {
        ...where,
        reason: 'infra',
        detail: error ? `${error.kind}: ${error.message}` : 'infrastructure failure (run.json)',
      },
    };
  }
  const grading = await readIfPresent(path.join(run.runDir, RUN_FILES.grading), GradingInput);
  if (grading === undefined)
    return { kind: 'excluded', run: { ...where, reason: 'ungraded', detail: 'no grading.json' } };
  if (grading.summary.total === 0)
    return { kind: 'excluded', run: { ...where, reason: 'ungraded', detail: 'grading.json grades no expectations' } };
  const timing = await readIfPresent(path.join(run.runDir, RUN_FILES.timing), RunTiming);
  const metrics = await readIfPresent(path.join(run.runDir, RUN_FILES.metrics), RunMetrics);
  const { passed, failed, total } = grading.summary;
  return {
    kind: 'measured',
    run: {
      ...where,
      passed,
      failed,
      total,
      passRate: passed / total,
      timeSeconds: timeOf(timing, grading),
      tokens: timing?.total_tokens,
      toolCalls: metrics?.total_tool_calls ?? grading.execution_metrics?.total_tool_calls ?? 0,
      errors: metrics?.errors_encountered ?? grading.execution_metrics?.errors_encountered ?? 0,
      expectations: grading.expectations,
      notes: userNotes(grading),
      ...(record !== undefined
        ? { model: record.model, ...(record.skill_path !== undefined ? { skillPath: record.skill_path } : {}) }
        : {}),
    },
  };
}

/** Read every run under `root` (an iteration folder, or any folder laid out like one). */
export async function readIterationRuns(root: string): Promise<IterationRuns> {
  const found = findRuns(root);
  const identities = new Map<string, EvalIdentity>();
  for (const run of found) if (!identities.has(run.evalDir)) identities.set(run.evalDir, await evalIdentity(run));
  // An eval folder with no id anywhere gets the next free number, said in the notes (the viewer needs an integer).
  let next = Math.max(0, ...[...identities.values()].flatMap((e) => (e.id === undefined ? [] : [e.id]))) + 1;
  const assignedIds: IterationRuns['assignedIds'] = [];
  const idOf = new Map<string, number>();
  for (const [dir, identity] of identities) {
    if (identity.id !== undefined) idOf.set(dir, identity.id);
    else {
      assignedIds.push({ folder: path.basename(dir), evalId: next });
      idOf.set(dir, next++);
    }
  }
  const measured: MeasuredRun[] = [];
  const excluded: ExcludedRun[] = [];
  const planned = writtenByEvalsRun(root);
  const plan = planned ? await readJsonAs(iterationPlanFile(root), IterationPlan) : undefined;
  const configurations: string[] = plan?.configurations.map((c) => c.name) ?? [];
  const seen = new Set<string>();
  for (const run of found) {
    if (!configurations.includes(run.configuration)) configurations.push(run.configuration);
    const read = await readRun(run, identities.get(run.evalDir)!.name, planned);
    const evalId = idOf.get(run.evalDir)!;
    seen.add(`${evalId}\u0000${run.configuration}\u0000${run.runNumber}`);
    if (read.kind === 'measured') measured.push({ evalId, ...read.run });
    else excluded.push({ evalId, ...read.run });
  }
  // A run the plan asked for and nobody made (Ctrl-C, --max-cost, a stop after infrastructure errors) leaves no
  // folder: without this it would vanish, and a benchmark of half the suite would read as the whole of it.
  for (const e of plan?.evals ?? []) {
    for (const c of plan!.configurations) {
      for (let n = 1; n <= plan!.runs_per_configuration; n++) {
        if (seen.has(`${e.eval_id}\u0000${c.name}\u0000${n}`)) continue;
        excluded.push({
          evalId: e.eval_id,
          evalName: e.eval_name,
          configuration: c.name,
          runNumber: n,
          runDir: runDirOf(root, e.eval_id, c.name, n),
          reason: 'not_run',
          detail: 'planned in evals_run.json and never run: the command stopped first; make it with evals run --resume',
        });
      }
    }
  }
  return { root, measured, excluded, configurations, assignedIds };
}
