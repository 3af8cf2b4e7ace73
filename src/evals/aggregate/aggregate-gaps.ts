/**
 * Whether an aggregate measured every eval it compares: an eval with no graded run in the candidate or the baseline
 * (never run, cut short, not graded, or an infrastructure failure) is a gap. With a gap the benchmark is partial
 * (exit 3) and says so first: a delta over the other evals can read "+0.00 (CI 0.00 to 0.00)" while the eval that
 * would have told the configurations apart was never measured.
 */
import type { ExcludedRun, IterationRuns } from './aggregate-read.js';

export interface AggregateMeasurement {
  status: 'complete' | 'partial';
  /** One sentence per eval and configuration without a graded run. */
  gaps: string[];
}

const key = (evalId: number, configuration: string): string => `${evalId}\u0000${configuration}`;

/** Why the excluded runs of one eval and configuration were left out: "2 not_run, 1 ungraded". */
function reasons(runs: readonly ExcludedRun[]): string {
  const counts = new Map<string, number>();
  for (const r of runs) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${n} ${reason}`).join(', ');
}

export function aggregateMeasurement(read: IterationRuns, compared: readonly string[]): AggregateMeasurement {
  const measured = new Set(read.measured.map((r) => key(r.evalId, r.configuration)));
  const evals = new Map<number, string>();
  for (const r of [...read.measured, ...read.excluded]) if (!evals.has(r.evalId)) evals.set(r.evalId, r.evalName);
  const gaps: string[] = [];
  for (const [evalId, evalName] of [...evals].sort((a, b) => a[0] - b[0])) {
    for (const configuration of compared) {
      if (measured.has(key(evalId, configuration))) continue;
      const excluded = read.excluded.filter((r) => r.evalId === evalId && r.configuration === configuration);
      gaps.push(
        `eval ${evalId} (${evalName}) has no graded run of ${configuration}` +
          (excluded.length > 0 ? ` (${reasons(excluded)})` : ' (none was made)'),
      );
    }
  }
  return { status: gaps.length > 0 ? 'partial' : 'complete', gaps };
}

/** The sentence a partial aggregate leads with, in every output. */
export function partialAggregateText(m: AggregateMeasurement): string | undefined {
  if (m.status !== 'partial') return undefined;
  return (
    `Partial (exit code 3): ${m.gaps.join('; ')}. The figures and the delta cover only the evals measured, ` +
    'so they do not say what the missing ones would show'
  );
}
