/**
 * `evals grade` as a library: every run of an iteration that ended ok and has no grading.json yet (all of them
 * with `force`) gets one. Programmatic expectations are decided by code (programmatic.ts); the plain-text ones by
 * one LLM call per run (grader.ts). What is not a verdict never becomes one: an infrastructure run is not graded,
 * and a run whose grading call failed (provider error, unusable reply) is left without grading.json and reported,
 * never written as failed expectations.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import pLimit from 'p-limit';
import { CancelledError, InputError } from '../../errors.js';
import { emptyUsage, sumUsage } from '../../providers/pricing.js';
import type { Provider } from '../../providers/types.js';
import { gradeWithLlm } from './grader.js';
import { writeJsonAs } from '../json-files.js';
import { checkProgrammatic } from './programmatic.js';
import { RegexThread } from './regex-thread.js';
import { readRunMaterial, runRecordOf, type RunMaterial } from '../run/run-material.js';
import { expectationText, Grading, RunTiming, type GradedExpectation } from '../schemas/index.js';
import type { GradeOutcome, GradeRow } from '../schemas/summaries.js';
import {
  CUT_SHORT_DETAIL,
  findRuns,
  iterationDir,
  latestIteration,
  RUN_FILES,
  writtenByEvalsRun,
  type FoundRun,
} from '../workspace.js';

export interface Judge {
  provider: Provider;
  model: string;
}

export interface GradeOptions {
  /** A workspace (its latest iteration, or `iteration`), or an iteration folder itself. */
  workspace: string;
  iteration?: number;
  /** Grade runs that have a grading.json already. */
  force?: boolean;
  /** Made on first need: a run whose expectations are all programmatic makes no model call at all. */
  judge?: () => Promise<Judge>;
  concurrency?: number;
  signal?: AbortSignal;
  onRun?: (progress: { done: number; total: number; row: GradeRow }) => void;
  now?: () => Date;
  /**
   * How long one regex expectation may search one run (default REGEX_TIME_LIMIT_MS); longer leaves the run ungraded.
   */
  regexTimeLimitMs?: number;
}

// What `evals grade --output json` prints: the outcome as returned (schema `evals-grade-summary`).
export type { GradeOutcome, GradeRow, GradeStatus } from '../schemas/summaries.js';

/** The iteration folder to grade. */
export function gradeTarget(workspace: string, iteration?: number): string {
  if (!existsSync(workspace)) throw new InputError(`${workspace}: no such workspace`, workspace);
  if (iteration !== undefined) {
    const dir = iterationDir(workspace, iteration);
    if (!existsSync(dir)) throw new InputError(`${dir}: no such iteration`, dir);
    return dir;
  }
  const latest = latestIteration(workspace);
  return latest === undefined ? workspace : iterationDir(workspace, latest);
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

async function writeTiming(run: FoundRun, material: RunMaterial, started: Date, ended: Date): Promise<number> {
  const seconds = (ended.getTime() - started.getTime()) / 1000;
  await writeJsonAs(path.join(run.runDir, RUN_FILES.timing), RunTiming, {
    ...(material.timing ?? {}),
    grader_start: started.toISOString(),
    grader_end: ended.toISOString(),
    grader_duration_seconds: seconds,
  });
  return seconds;
}

export async function gradeWorkspace(options: GradeOptions): Promise<GradeOutcome> {
  const dir = gradeTarget(path.resolve(options.workspace), options.iteration);
  const runs = findRuns(dir);
  if (runs.length === 0)
    throw new InputError(
      `${dir}: no runs to grade (expected eval-*/<configuration>/run-*/ folders; write them with plugin-eval ` +
        `evals run)`,
      dir,
    );
  const now = options.now ?? (() => new Date());
  const planned = writtenByEvalsRun(dir);
  let usage = emptyUsage();
  // One thread for every regex expectation of the grading, started with the first one.
  const regex = new RegexThread(options.regexTimeLimitMs);
  let judge: Promise<Judge> | undefined;
  // A failure no later call can survive (bad key, unknown model): the remaining LLM gradings are not attempted.
  let fatal: string | undefined;
  const rows: GradeRow[] = [];
  let done = 0;
  const finish = (row: GradeRow): void => {
    rows.push(row);
    options.onRun?.({ done: ++done, total: runs.length, row });
  };

  const gradeOne = async (run: FoundRun): Promise<void> => {
    const base = { run: path.relative(dir, run.runDir).split(path.sep).join('/'), configuration: run.configuration };
    const record = await runRecordOf(run);
    if (record?.status === 'infra') {
      return finish({
        ...base,
        status: 'infra',
        reason: `infrastructure error (${record.infra_error?.kind ?? 'unknown'}): nothing to grade`,
      });
    }
    // Its outputs are whatever was copied before the stop: grading them would turn a crash into a skill failure.
    if (planned && record === undefined) return finish({ ...base, status: 'infra', reason: CUT_SHORT_DETAIL });
    if (!options.force && existsSync(path.join(run.runDir, RUN_FILES.grading)))
      return finish({ ...base, status: 'already_graded' });
    const material = await readRunMaterial(run);
    const expectations = material.metadata.assertions;
    if (expectations.length === 0)
      return finish({ ...base, status: 'no_expectations', reason: `${material.metadataFile} lists no expectations` });
    const started = now();
    const graded: GradedExpectation[] = [];
    for (const [i, e] of expectations.entries()) {
      if (typeof e === 'string') {
        graded.push({ text: e, passed: false, evidence: '', method: 'llm' });
        continue;
      }
      let verdict;
      try {
        verdict = await checkProgrammatic(e, material, {
          regex,
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        if (error instanceof CancelledError) return finish({ ...base, status: 'ungraded', reason: 'cancelled' });
        throw error;
      }
      // Not a FAIL: a check the grader could not finish says nothing about the run. No grading.json, as for a failed
      // grading call.
      if ('notDecided' in verdict)
        return finish({
          ...base,
          status: 'ungraded',
          reason: `expectation ${i + 1} (${expectationText(e)}) could not be checked: ${verdict.notDecided}`,
        });
      graded.push({ text: expectationText(e), ...verdict, method: 'programmatic' });
    }
    const plain = expectations.filter((e): e is string => typeof e === 'string');
    let llm: Awaited<ReturnType<typeof gradeWithLlm>> | undefined;
    if (plain.length > 0) {
      if (options.signal?.aborted) return finish({ ...base, status: 'ungraded', reason: 'cancelled before grading' });
      if (fatal !== undefined) return finish({ ...base, status: 'ungraded', reason: `not graded: ${fatal}` });
      if (options.judge === undefined)
        return finish({
          ...base,
          status: 'ungraded',
          reason: 'plain-text expectations need an LLM grader, and no provider was given',
        });
      const j = await (judge ??= options.judge());
      try {
        llm = await gradeWithLlm(j.provider, j.model, material, plain, options.signal);
      } catch (error) {
        // Ctrl-C: this run stays ungraded; the runs graded so far keep their grading.json.
        if (error instanceof CancelledError) return finish({ ...base, status: 'ungraded', reason: 'cancelled' });
        throw error;
      }
      usage = sumUsage([usage, llm.usage]);
      if (!llm.ok) {
        if (llm.fatal !== undefined) fatal ??= llm.reason;
        return finish({ ...base, status: 'ungraded', reason: llm.reason });
      }
      let next = 0;
      for (const g of graded) if (g.method === 'llm') Object.assign(g, llm.verdicts[next++]);
    }
    const ended = now();
    const graderSeconds = await writeTiming(run, material, started, ended);
    const passed = graded.filter((g) => g.passed).length;
    const executorSeconds = material.timing?.executor_duration_seconds ?? material.timing?.total_duration_seconds;
    await writeJsonAs(path.join(run.runDir, RUN_FILES.grading), Grading, {
      expectations: graded,
      summary: {
        passed,
        failed: graded.length - passed,
        total: graded.length,
        pass_rate: round4(passed / graded.length),
      },
      ...(material.metrics ? { execution_metrics: material.metrics } : {}),
      timing: {
        ...(executorSeconds !== undefined
          ? {
              executor_duration_seconds: executorSeconds,
              total_duration_seconds: round4(executorSeconds + graderSeconds),
            }
          : {}),
        grader_duration_seconds: graderSeconds,
      },
      claims: llm?.ok ? llm.claims : [],
      ...(llm?.ok ? { user_notes_summary: llm.userNotes, grader_notes: llm.notes } : {}),
      // As skill-creator's grader: feedback on the evals only when there is something worth raising.
      ...(llm?.ok && llm.feedback.suggestions.length > 0 ? { eval_feedback: llm.feedback } : {}),
      ...(llm?.ok && judge ? { grader: { model: (await judge).model, provider: (await judge).provider.name } } : {}),
    });
    finish({ ...base, status: 'graded', passed, total: graded.length, llm: llm !== undefined });
  };

  const limit = pLimit(Math.max(1, options.concurrency ?? 4));
  try {
    await Promise.all(runs.map((run) => limit(() => gradeOne(run))));
  } finally {
    await regex.close();
  }
  rows.sort((a, b) => a.run.localeCompare(b.run, 'en', { numeric: true }));
  return { iterationDir: dir, rows, usage };
}
