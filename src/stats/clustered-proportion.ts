/**
 * A proportion over clustered observations (agent runs grouped by the prompt they ran), with an interval that counts
 * a prompt's repeated runs as the evidence they are rather than as independent trials.
 *
 * Method: the design effect (Kish 1965). With clusters j of n_j trials and k_j successes, n = Σ n_j and
 * p = Σ k_j / n, the cluster-robust (linearisation) variance of p over the binomial one is
 *
 *   deff = Σ_j (k_j − p n_j)² / (n p (1 − p)),
 *
 * and the interval is the chosen fixed-n or anytime-valid interval at the effective counts n_eff = n / max(1, deff)
 * and k_eff = p n_eff (for Clopper-Pearson this is Korn and Graubard's 1998 interval). The floor at 1 never lets
 * clustering claim more than the runs themselves. When every run agreed (p = 0 or 1) the data cannot estimate the
 * correlation within a prompt, so the worst case is taken: runs of one prompt are one observation, and n_eff is
 * the effective number of prompts n² / Σ n_j² (the number of prompts when each ran equally often). With one run
 * per prompt n_eff = n exactly and the interval is the unclustered one. Checked against scripts/mc_reference.py.
 */
import type { Interval } from './proportion.js';
import { clopperPearsonBounds, wilsonBounds } from './proportion.js';
import { confidenceSequenceBounds } from './sequential.js';

export interface ClusterCount {
  successes: number;
  trials: number;
}

export interface EffectiveCounts {
  /** Distinct clusters with at least one trial. */
  clusters: number;
  successes: number;
  trials: number;
  /** n_eff: the trials the interval is computed on. */
  effectiveTrials: number;
  /** The estimated design effect (before the floor at 1); null when every trial agreed. */
  designEffect: number | null;
}

export type ClusteredMethod = 'wilson' | 'clopper-pearson' | 'confidence-sequence';

function requireClusters(fn: string, clusters: readonly ClusterCount[]): void {
  if (!Array.isArray(clusters)) throw new RangeError(`${fn}: clusters must be an array`);
  clusters.forEach((c, i) => {
    if (!Number.isInteger(c.trials) || c.trials < 0 || !Number.isInteger(c.successes)) {
      throw new RangeError(`${fn}: cluster ${i} must have whole trials >= 0 and successes, got ${JSON.stringify(c)}`);
    }
    if (c.successes < 0 || c.successes > c.trials) {
      throw new RangeError(`${fn}: cluster ${i} has ${c.successes} successes of ${c.trials} trials`);
    }
  });
}

/** The counts and effective counts of clustered trials (see the file comment); empty clusters are ignored. */
export function effectiveCounts(clusters: readonly ClusterCount[]): EffectiveCounts {
  requireClusters('effectiveCounts', clusters);
  const used = clusters.filter((c) => c.trials > 0);
  let n = 0;
  let k = 0;
  let squares = 0;
  for (const c of used) {
    n += c.trials;
    k += c.successes;
    squares += c.trials * c.trials;
  }
  const base = { clusters: used.length, successes: k, trials: n };
  if (n === 0) return { ...base, effectiveTrials: 0, designEffect: null };
  // One trial per cluster: nothing is repeated, so nothing to correct.
  if (squares === n) return { ...base, effectiveTrials: n, designEffect: 1 };
  const p = k / n;
  if (k === 0 || k === n) return { ...base, effectiveTrials: (n * n) / squares, designEffect: null };
  let residuals = 0;
  for (const c of used) residuals += (c.successes - p * c.trials) ** 2;
  const deff = residuals / (n * p * (1 - p));
  return { ...base, effectiveTrials: n / Math.max(1, deff), designEffect: deff };
}

/**
 * The proportion's 1 − alpha interval at the effective counts, by `method`; null bounds when there is no trial.
 */
export function clusteredProportionInterval(
  clusters: readonly ClusterCount[],
  method: ClusteredMethod,
  alpha = 0.05,
): EffectiveCounts & { low: number | null; high: number | null } {
  const counts = effectiveCounts(clusters);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`clusteredProportionInterval: alpha must be in (0, 1)`);
  if (counts.trials === 0) return { ...counts, low: null, high: null };
  const n = counts.effectiveTrials;
  const k = (counts.successes / counts.trials) * n;
  const interval: Interval =
    method === 'wilson'
      ? wilsonBounds(k, n, alpha)
      : method === 'clopper-pearson'
        ? clopperPearsonBounds(k, n, alpha)
        : confidenceSequenceBounds(k, n, alpha);
  return { ...counts, low: interval.low, high: interval.high };
}
