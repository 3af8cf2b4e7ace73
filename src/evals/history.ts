/**
 * history.json: the versions of a skill across a workspace's iterations, rebuilt from each iteration's
 * benchmark.json every time (so running it twice writes the same file, and a re-aggregated iteration is picked up).
 *
 * v0 is the first benchmarked iteration's baseline configuration (the skill before improving, or no skill); vN is
 * iteration N's candidate. Each version is judged against the current best on the candidate runs' pass rates:
 * with at least 2 runs on each side, won or lost only when the 95% bootstrap CI of the difference excludes 0, else a
 * tie (a difference the runs cannot tell from noise is not a win); with fewer runs, a tie when the difference is
 * within `margin` (default 0.05). A win makes the version the current best; a tie or a loss keeps the best as it was.
 * A version whose iteration was left partial (benchmark.json lists candidate runs its plan asked for as not_run) is
 * judged and listed, but does not become the current best: its rate is over part of the suite only.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { bootstrapMeanDifference } from '../stats/index.js';
import { BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, round4 } from './aggregate/aggregate.js';
import { benchmarkPair } from './aggregate/evals-uplift.js';
import { readJsonAs, writeJsonAs } from './json-files.js';
import { Benchmark, History } from './schemas/index.js';
import type { HistoryIteration } from './schemas/index.js';
import type { EvalsHistorySummary } from './schemas/summaries.js';
import { BENCHMARK_FILE, HISTORY_FILE, iterationDir, listIterations } from './workspace.js';

export const DEFAULT_TIE_MARGIN = 0.05;

export interface HistoryOptions {
  margin?: number;
  seed?: number;
  resamples?: number;
}

interface Version {
  version: string;
  iteration: number;
  configuration: string;
  rates: number[];
  /** Runs of this configuration its iteration planned and never made (benchmark.json `excluded`, reason not_run). */
  notRun: number;
}

export interface VersionVerdict {
  result: 'won' | 'lost' | 'tie';
  difference: number;
  decided_by: 'bootstrap' | 'margin';
  ci?: { low: number; high: number; level: number };
}

const meanOf = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/** `candidate` against `best`: the rule in this file's header. */
export function judgeVersion(
  candidate: readonly number[],
  best: readonly number[],
  options: HistoryOptions = {},
): VersionVerdict {
  const difference = meanOf(candidate) - meanOf(best);
  if (candidate.length >= 2 && best.length >= 2) {
    const r = bootstrapMeanDifference(candidate, best, {
      samples: options.resamples ?? BOOTSTRAP_RESAMPLES,
      seed: options.seed ?? BOOTSTRAP_SEED,
    });
    const ci = { low: round4(r.low), high: round4(r.high), level: 0.95 };
    return {
      result: r.low > 0 ? 'won' : r.high < 0 ? 'lost' : 'tie',
      difference: round4(difference),
      decided_by: 'bootstrap',
      ci,
    };
  }
  const margin = options.margin ?? DEFAULT_TIE_MARGIN;
  return {
    result: Math.abs(difference) <= margin ? 'tie' : difference > 0 ? 'won' : 'lost',
    difference: round4(difference),
    decided_by: 'margin',
  };
}

function ratesOf(benchmark: Benchmark, configuration: string): number[] {
  return benchmark.runs.filter((r) => r.configuration === configuration).map((r) => r.result.pass_rate);
}

function notRunOf(benchmark: Benchmark, configuration: string): number {
  const excluded = (benchmark as { excluded?: { configuration?: unknown; reason?: unknown }[] }).excluded ?? [];
  return excluded.filter((r) => r.configuration === configuration && r.reason === 'not_run').length;
}

export interface HistoryResult {
  history: History;
  file: string;
  /** Iterations without a benchmark.json (not in the history). */
  skipped: number[];
}

/** What `evals history --output json` prints (schema `evals-history-summary`). */
export function historySummary(result: HistoryResult): EvalsHistorySummary {
  return { file: result.file, skipped_iterations: result.skipped, history: result.history };
}

export async function buildHistory(workspace: string, options: HistoryOptions = {}): Promise<HistoryResult> {
  const benchmarks: { iteration: number; benchmark: Benchmark }[] = [];
  const skipped: number[] = [];
  for (const n of listIterations(workspace)) {
    const file = path.join(iterationDir(workspace, n), BENCHMARK_FILE);
    if (!existsSync(file)) skipped.push(n);
    else benchmarks.push({ iteration: n, benchmark: await readJsonAs(file, Benchmark) });
  }
  const first = benchmarks[0];
  if (first === undefined)
    throw new UsageError(`${workspace}: no iteration has a ${BENCHMARK_FILE}; run plugin-eval evals aggregate first`);
  const versions: Version[] = [];
  const firstPair = benchmarkPair(first.benchmark);
  if (firstPair.baseline !== undefined)
    versions.push({
      version: 'v0',
      iteration: first.iteration,
      configuration: firstPair.baseline,
      rates: ratesOf(first.benchmark, firstPair.baseline),
      notRun: notRunOf(first.benchmark, firstPair.baseline),
    });
  for (const { iteration, benchmark } of benchmarks) {
    const { candidate } = benchmarkPair(benchmark);
    versions.push({
      version: `v${iteration}`,
      iteration,
      configuration: candidate,
      rates: ratesOf(benchmark, candidate),
      notRun: notRunOf(benchmark, candidate),
    });
  }
  const entries: (HistoryIteration & Record<string, unknown>)[] = [];
  let best = versions[0]!;
  for (const [i, v] of versions.entries()) {
    const common = {
      version: v.version,
      parent: i === 0 ? null : versions[i - 1]!.version,
      expectation_pass_rate: round4(meanOf(v.rates)),
      iteration: v.iteration,
      configuration: v.configuration,
      runs: v.rates.length,
      ...(v.notRun > 0 ? { runs_not_run: v.notRun } : {}),
    };
    if (i === 0) {
      entries.push({ ...common, grading_result: 'baseline', is_current_best: false });
      continue;
    }
    const verdict = judgeVersion(v.rates, best.rates, options);
    entries.push({
      ...common,
      grading_result: verdict.result,
      is_current_best: false,
      compared_with: best.version,
      ...verdict,
    });
    if (verdict.result === 'won' && v.notRun === 0) best = v;
  }
  for (const e of entries) e.is_current_best = e.version === best.version;
  const file = path.join(workspace, HISTORY_FILE);
  // started_at is kept from an existing history.json; else the first benchmark's time, so a rebuild is identical.
  const previous = existsSync(file) ? await readJsonAs(file, History) : undefined;
  const history: History = {
    started_at: previous?.started_at ?? first.benchmark.metadata.timestamp,
    skill_name: first.benchmark.metadata.skill_name,
    current_best: best.version,
    iterations: entries,
  };
  return { history: await writeJsonAs(file, History, history), file, skipped };
}
