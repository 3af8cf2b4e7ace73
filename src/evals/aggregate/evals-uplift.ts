/**
 * The with/without delta of an evals iteration as an uplift, so `evals aggregate` says it as certify does: the
 * pass-rate delta (candidate minus baseline) with its bootstrap interval, and per eval whether the candidate's mean
 * pass rate was higher (a win), lower (a loss) or the same. No interval is "not measured", never a delta of 0.
 */
import type { Uplift } from '../../model/uplift.js';
import type { Benchmark } from '../schemas/benchmark.js';

/**
 * The configurations a benchmark compares: those `evals aggregate` recorded, else with_skill (or the first) against
 * the other one.
 */
export function benchmarkPair(benchmark: Benchmark): { candidate: string; baseline: string | undefined } {
  const m = benchmark.metadata as Benchmark['metadata'] & {
    candidate_configuration?: string;
    baseline_configuration?: string;
  };
  const configurations = [...new Set(benchmark.runs.map((r) => r.configuration))];
  const candidate =
    m.candidate_configuration ?? (configurations.includes('with_skill') ? 'with_skill' : configurations[0]!);
  return { candidate, baseline: m.baseline_configuration ?? configurations.find((c) => c !== candidate) };
}

const meanOf = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

export function evalsUplift(
  benchmark: Benchmark,
  pair: { candidate: string; baseline?: string | undefined },
): Uplift | undefined {
  const baseline = pair.baseline;
  if (baseline === undefined) return undefined;
  const byEval = new Map<number, { with: number[]; without: number[] }>();
  for (const run of benchmark.runs) {
    const side = run.configuration === pair.candidate ? 'with' : run.configuration === baseline ? 'without' : undefined;
    if (side === undefined) continue;
    const entry = byEval.get(run.eval_id) ?? { with: [], without: [] };
    entry[side].push(run.result.pass_rate);
    byEval.set(run.eval_id, entry);
  }
  const both = [...byEval.values()].filter((e) => e.with.length > 0 && e.without.length > 0);
  const differences = both.map((e) => meanOf(e.with) - meanOf(e.without));
  const wins = differences.filter((d) => d > 0).length;
  const losses = differences.filter((d) => d < 0).length;
  const counts = {
    source: 'evals' as const,
    configurations: `${pair.candidate} − ${baseline}`,
    comparisons: both.length,
    prompts: both.length,
    wins,
    losses,
    ties: both.length - wins - losses,
    splits: 0,
    unmeasured: 0,
  };
  const ci = (benchmark.run_summary.delta_ci as { pass_rate?: { low: number; high: number } } | undefined)?.pass_rate;
  const stat = (name: string): number | undefined =>
    (benchmark.run_summary[name] as { pass_rate?: { mean?: number } } | undefined)?.pass_rate?.mean;
  const withMean = stat(pair.candidate);
  const withoutMean = stat(baseline);
  const reason =
    both.length === 0
      ? `no eval ran in both ${pair.candidate} and ${baseline}`
      : ci === undefined || withMean === undefined || withoutMean === undefined
        ? 'the pass-rate delta has no interval: it needs at least 2 measured runs in each configuration'
        : undefined;
  if (reason !== undefined)
    return { status: 'not-measured', reason, ...counts, winRate: null, uplift: null, low: null, high: null };
  return {
    status: 'measured',
    ...counts,
    winRate: (wins + counts.ties / 2) / both.length,
    uplift: withMean! - withoutMean!,
    low: ci!.low,
    high: ci!.high,
  };
}
