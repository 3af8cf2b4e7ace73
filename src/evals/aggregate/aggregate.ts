/**
 * `evals aggregate`: one iteration's runs -> benchmark.json (skill-creator's shape, field for field) and its tables.
 *
 * What differs from skill-creator's aggregate_benchmark.py, on purpose: the delta is candidate minus baseline,
 * named, never "first minus second alphabetically" (old_skill vs with_skill had the wrong sign); tokens come from
 * timing.json only; runs[] carry eval_name; runs_per_configuration is counted; the flat layout is read; infra and
 * ungraded runs are left out of every statistic and listed in `excluded`. Beyond skill-creator's schemas (extra fields,
 * so its viewer still reads the file): a bootstrap CI per delta, the discrimination table and flaky evals.
 */
import { PluginEvalError, UsageError } from '../../errors.js';
import { bootstrapMeanDifference } from '../../stats/index.js';
import { aggregateMeasurement, partialAggregateText, type AggregateMeasurement } from './aggregate-gaps.js';
import type { ExcludedRun, IterationRuns, MeasuredRun } from './aggregate-read.js';
import { deterministicNotes } from './analyst.js';
import { formatDelta } from '../schemas/index.js';
import type { Benchmark, BenchmarkRun } from '../schemas/index.js';
import { METRICS, runStatistics, sampleSd, statForFile, type Metric, type MetricStat } from './benchmark-stats.js';

export const DEFAULT_FLAKY_THRESHOLD = 0.2;
export const BOOTSTRAP_RESAMPLES = 2000;
export const BOOTSTRAP_SEED = 20260101;

export interface AggregateOptions {
  candidate?: string;
  baseline?: string;
  skillName?: string;
  /** Sample sd of an eval's run pass rates above which it is called flaky (needs >= 2 runs). */
  flakyThreshold?: number;
  seed?: number;
  resamples?: number;
  now?: () => Date;
}

export interface ConfigurationPair {
  candidate: string;
  /** Undefined when the iteration has a single configuration: nothing to compare against. */
  baseline: string | undefined;
}

const BASELINE_NAMES = ['without_skill', 'old_skill'];

/** Which configuration is the candidate and which the baseline; ambiguity is bad input (exit 2), never a guess. */
export function chooseConfigurations(
  found: readonly string[],
  options: Pick<AggregateOptions, 'candidate' | 'baseline'>,
): ConfigurationPair {
  const list = found.join(', ');
  for (const [flag, name] of [
    ['--candidate', options.candidate],
    ['--baseline', options.baseline],
  ] as const) {
    if (name !== undefined && !found.includes(name))
      throw new UsageError(`${flag} ${name}: no such configuration here (found: ${list})`);
  }
  if (options.candidate !== undefined && options.candidate === options.baseline)
    throw new UsageError('--candidate and --baseline name the same configuration');
  if (found.length > 2 && (options.candidate === undefined || options.baseline === undefined)) {
    throw new UsageError(
      `${found.length} configurations found (${list}): say which to compare with --candidate NAME --baseline NAME`,
    );
  }
  if (found.length === 1) return { candidate: found[0]!, baseline: undefined };
  const others = (name: string) => found.filter((c) => c !== name);
  let candidate = options.candidate;
  if (candidate === undefined && options.baseline !== undefined) candidate = others(options.baseline)[0];
  if (candidate === undefined && found.includes('with_skill')) candidate = 'with_skill';
  if (candidate === undefined) {
    const baselines = found.filter((c) => BASELINE_NAMES.includes(c));
    if (baselines.length === 1) candidate = others(baselines[0]!)[0];
  }
  if (candidate === undefined)
    throw new UsageError(`cannot tell the candidate from the baseline among ${list}: pass --candidate NAME`);
  return { candidate, baseline: options.baseline ?? others(candidate)[0] };
}

export interface DiscriminationRow {
  eval_id: number;
  eval_name: string;
  text: string;
  candidate: { passed: number; runs: number; pass_rate: number };
  baseline: { passed: number; runs: number; pass_rate: number } | null;
  /** False when it passes in every run of both, or fails in every run of both: it measures nothing. */
  discriminating: boolean | null;
  verdict: 'passes_in_both' | 'fails_in_both' | 'discriminating' | 'one_configuration';
}

function tally(
  runs: readonly MeasuredRun[],
): Map<string, { evalId: number; evalName: string; text: string; passed: number; runs: number }> {
  const rows = new Map<string, { evalId: number; evalName: string; text: string; passed: number; runs: number }>();
  for (const run of runs) {
    for (const e of run.expectations) {
      const key = `${run.evalId}\u0000${e.text}`;
      const row = rows.get(key) ?? { evalId: run.evalId, evalName: run.evalName, text: e.text, passed: 0, runs: 0 };
      row.runs += 1;
      if (e.passed) row.passed += 1;
      rows.set(key, row);
    }
  }
  return rows;
}

/** Per expectation (keyed by eval and text): its pass rate in each configuration and whether it tells them apart. */
export function discriminationTable(measured: readonly MeasuredRun[], pair: ConfigurationPair): DiscriminationRow[] {
  const cand = tally(measured.filter((r) => r.configuration === pair.candidate));
  const base =
    pair.baseline === undefined ? new Map() : tally(measured.filter((r) => r.configuration === pair.baseline));
  const side = (t: { passed: number; runs: number }) => ({
    passed: t.passed,
    runs: t.runs,
    pass_rate: t.passed / t.runs,
  });
  return [...cand.entries()].map(([key, c]) => {
    const b = base.get(key) as { passed: number; runs: number } | undefined;
    if (b === undefined)
      return {
        eval_id: c.evalId,
        eval_name: c.evalName,
        text: c.text,
        candidate: side(c),
        baseline: null,
        discriminating: null,
        verdict: 'one_configuration' as const,
      };
    const verdict =
      c.passed === c.runs && b.passed === b.runs
        ? 'passes_in_both'
        : c.passed === 0 && b.passed === 0
          ? 'fails_in_both'
          : 'discriminating';
    return {
      eval_id: c.evalId,
      eval_name: c.evalName,
      text: c.text,
      candidate: side(c),
      baseline: side(b),
      discriminating: verdict === 'discriminating',
      verdict,
    };
  });
}

export interface FlakyEval {
  eval_id: number;
  eval_name: string;
  configuration: string;
  runs: number;
  mean: number;
  stddev: number;
  pass_rates: number[];
}

/** Evals whose pass rate varies across runs of one configuration by more than `threshold` (sample sd). */
export function flakyEvals(measured: readonly MeasuredRun[], threshold: number): FlakyEval[] {
  const groups = new Map<string, MeasuredRun[]>();
  for (const run of measured) {
    const key = `${run.evalId}\u0000${run.configuration}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return [...groups.values()].flatMap((runs) => {
    if (runs.length < 2) return [];
    const rates = runs.map((r) => r.passRate);
    const sd = sampleSd(rates);
    if (!(sd > threshold)) return [];
    const first = runs[0]!;
    return [
      {
        eval_id: first.evalId,
        eval_name: first.evalName,
        configuration: first.configuration,
        runs: runs.length,
        mean: round4(rates.reduce((s, x) => s + x, 0) / rates.length),
        stddev: round4(sd),
        pass_rates: rates.map(round4),
      },
    ];
  });
}

export const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

function benchmarkRun(run: MeasuredRun): BenchmarkRun {
  return {
    eval_id: run.evalId,
    eval_name: run.evalName,
    configuration: run.configuration,
    run_number: run.runNumber,
    result: {
      pass_rate: round4(run.passRate),
      passed: run.passed,
      failed: run.failed,
      total: run.total,
      time_seconds: run.timeSeconds ?? 0,
      tokens: run.tokens ?? 0,
      tool_calls: run.toolCalls,
      errors: run.errors,
      // Beyond skill-creator's schemas: a 0 above that nothing recorded is said to be one, and left out of the
      // statistics.
      ...(run.timeSeconds === undefined ? { time_measured: false } : {}),
      ...(run.tokens === undefined ? { tokens_measured: false } : {}),
    },
    expectations: run.expectations,
    notes: run.notes,
  };
}

/** Runs per (eval, configuration): the number when uniform, else the largest with the spread said. */
function runsPerConfiguration(measured: readonly MeasuredRun[]): { value: number; ragged: string | undefined } {
  const counts = new Map<string, number>();
  for (const r of measured)
    counts.set(`eval ${r.evalId} ${r.configuration}`, (counts.get(`eval ${r.evalId} ${r.configuration}`) ?? 0) + 1);
  const values = [...counts.values()];
  const max = Math.max(...values);
  const min = Math.min(...values);
  if (min === max) return { value: max, ragged: undefined };
  const spread = [...counts.entries()]
    .filter(([, n]) => n !== max)
    .map(([k, n]) => `${k}: ${n}`)
    .join('; ');
  return {
    value: max,
    ragged:
      `Runs per configuration are not uniform: runs_per_configuration is the largest count (${max}); fewer ` +
      `measured runs in ${spread}.`,
  };
}

export interface AggregateResult {
  benchmark: Benchmark;
  /** Partial when an eval has no graded run in a compared configuration (exit 3). */
  measurement: AggregateMeasurement;
  pair: ConfigurationPair;
  discrimination: DiscriminationRow[];
  flaky: FlakyEval[];
  excluded: ExcludedRun[];
}

/** The measured figures of an iteration as benchmark.json (without the analyst model's notes). */
export function buildBenchmark(read: IterationRuns, options: AggregateOptions = {}): AggregateResult {
  if (read.measured.length === 0 && read.excluded.length === 0) {
    throw new UsageError(
      `no runs found under ${read.root} (expected <eval folder>/<configuration>/run-<n>/ with outputs/, or ` +
        `<eval folder>/<configuration>/outputs/)`,
    );
  }
  const pair = chooseConfigurations(read.configurations, options);
  const compared = [pair.candidate, ...(pair.baseline !== undefined ? [pair.baseline] : [])];
  const unmeasured = compared.filter((c) => !read.measured.some((r) => r.configuration === c));
  if (unmeasured.length > 0) {
    const why = read.excluded
      .filter((r) => unmeasured.includes(r.configuration))
      .map((r) => `eval ${r.evalId} ${r.configuration} run ${r.runNumber}: ${r.reason} (${r.detail})`);
    throw new PluginEvalError(
      'NOT_MEASURED',
      `could not measure ${unmeasured.join(' and ')}: no run of it was made and graded without an ` +
        `infrastructure failure; nothing was written\n  ${why.join('\n  ')}`,
    );
  }
  const seed = options.seed ?? BOOTSTRAP_SEED;
  const resamples = options.resamples ?? BOOTSTRAP_RESAMPLES;
  const threshold = options.flakyThreshold ?? DEFAULT_FLAKY_THRESHOLD;
  const summary: Record<string, Record<Metric, MetricStat>> = {};
  const runSummary: Benchmark['run_summary'] = {};
  // Candidate first, then the baseline: skill-creator's viewer shows the first two keys of run_summary (all but
  // "delta") as its two columns, in order, beside the delta, which is candidate minus baseline.
  const ordered = [
    pair.candidate,
    ...(pair.baseline !== undefined ? [pair.baseline] : []),
    ...read.configurations.filter((c) => c !== pair.candidate && c !== pair.baseline),
  ];
  for (const configuration of ordered) {
    const runs = read.measured.filter((r) => r.configuration === configuration);
    if (runs.length === 0) continue;
    const stats = runStatistics(runs);
    summary[configuration] = stats;
    runSummary[configuration] = Object.fromEntries(METRICS.map((m) => [m, statForFile(stats[m])]));
  }
  const deltaNotes: string[] = [];
  if (pair.baseline !== undefined) {
    const c = summary[pair.candidate]!;
    const b = summary[pair.baseline]!;
    const digits = { pass_rate: 2, time_seconds: 1, tokens: 0 } as const;
    const delta: Record<string, string> = {};
    const ci: Record<string, unknown> = {};
    for (const metric of METRICS) {
      const cs = c[metric];
      const bs = b[metric];
      delta[metric] = cs.n > 0 && bs.n > 0 ? formatDelta(cs.mean - bs.mean, digits[metric]) : 'n/a';
      if (cs.n >= 2 && bs.n >= 2) {
        const r = bootstrapMeanDifference(cs.values, bs.values, { samples: resamples, seed, alpha: 0.05 });
        ci[metric] = { low: round4(r.low), high: round4(r.high), level: 0.95, resamples, seed };
      } else
        deltaNotes.push(
          `No bootstrap interval for the ${metric} delta: it needs at least 2 measured runs in each configuration.`,
        );
    }
    runSummary.delta = delta as { pass_rate: string; time_seconds: string; tokens: string };
    runSummary.delta_ci = ci;
  }
  const discrimination = discriminationTable(read.measured, pair);
  const flaky = flakyEvals(read.measured, threshold);
  const perConfig = runsPerConfiguration(read.measured);
  const recorded = read.measured.find((r) => r.configuration === pair.candidate && r.skillPath !== undefined);
  const models = [...new Set(read.measured.flatMap((r) => (r.model !== undefined ? [r.model] : [])))];
  const benchmark: Benchmark = {
    metadata: {
      skill_name: options.skillName ?? skillNameFrom(read, recorded?.skillPath),
      ...(recorded?.skillPath !== undefined ? { skill_path: recorded.skillPath } : {}),
      ...(models.length > 0 ? { executor_model: models.join(', ') } : {}),
      timestamp: (options.now?.() ?? new Date()).toISOString(),
      evals_run: [...new Set(read.measured.map((r) => r.evalId))].sort((x, y) => x - y),
      runs_per_configuration: perConfig.value,
      candidate_configuration: pair.candidate,
      ...(pair.baseline !== undefined ? { baseline_configuration: pair.baseline } : {}),
      flaky_stddev_threshold: threshold,
    },
    // Per eval, candidate runs first: the viewer colours the first configuration it meets as the skill's.
    runs: [...read.measured]
      .sort(
        (x, y) =>
          x.evalId - y.evalId ||
          ordered.indexOf(x.configuration) - ordered.indexOf(y.configuration) ||
          x.runNumber - y.runNumber,
      )
      .map(benchmarkRun),
    run_summary: runSummary,
    notes: [],
    discrimination,
    flaky_evals: flaky,
    excluded: read.excluded.map((r) => ({
      eval_id: r.evalId,
      eval_name: r.evalName,
      configuration: r.configuration,
      run_number: r.runNumber,
      run_dir: r.runDir,
      reason: r.reason,
      detail: r.detail,
    })),
  };
  const measurement = aggregateMeasurement(read, compared);
  benchmark.measurement = measurement;
  benchmark.notes = deterministicNotes({
    read,
    pair,
    summary,
    discrimination,
    flaky,
    threshold,
    ragged: perConfig.ragged,
    deltaNotes,
    benchmark,
  });
  const partial = partialAggregateText(measurement);
  // Said first: the figures below it cover only the evals measured.
  if (partial !== undefined) benchmark.notes.unshift(`${partial}.`);
  return { benchmark, measurement, pair, discrimination, flaky, excluded: read.excluded };
}

/** `<skill>-workspace/iteration-N` names the skill; else the folder run.json recorded; else the folder's name. */
function skillNameFrom(read: IterationRuns, skillPath: string | undefined): string {
  if (skillPath !== undefined)
    return (
      skillPath
        .replace(/[\\/]+$/, '')
        .split(/[\\/]/)
        .pop() ?? skillPath
    );
  const parts = read.root.replace(/[\\/]+$/, '').split(/[\\/]/);
  const workspace = parts.find((p) => p.endsWith('-workspace'));
  return workspace !== undefined ? workspace.slice(0, -'-workspace'.length) : (parts.at(-1) ?? 'unknown');
}
