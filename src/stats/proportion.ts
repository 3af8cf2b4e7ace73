/**
 * Two-sided confidence intervals for a binomial proportion k / n, matching
 * statsmodels.stats.proportion.proportion_confint (method='wilson' and method='beta').
 */
import { requireAlpha } from './guards.js';
import { inverseRegularizedBeta, normalQuantile } from './special.js';

export interface Interval {
  low: number;
  high: number;
}

function requireBinomial(fn: string, k: number, n: number): void {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
    throw new RangeError(`${fn}: n must be a positive integer, got ${String(n)}`);
  }
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 0 || k > n) {
    throw new RangeError(`${fn}: k must be an integer in [0, n] = [0, ${n}], got ${String(k)}`);
  }
}

/**
 * Wilson score interval for k successes in n trials at level 1 − alpha; matches
 * statsmodels proportion_confint(k, n, alpha, method='wilson') (clipped to [0, 1]).
 */
export function wilsonInterval(k: number, n: number, alpha = 0.05): Interval {
  const fn = 'wilsonInterval';
  requireBinomial(fn, k, n);
  requireAlpha(fn, alpha);
  return wilsonBounds(k, n, alpha);
}

/**
 * The Wilson interval's formula for counts that need not be whole: an effective number of successes and trials
 * (a clustered proportion, src/stats/clustered-proportion.ts). Callers check 0 <= k <= n and n > 0.
 */
export function wilsonBounds(k: number, n: number, alpha: number): Interval {
  const z = -normalQuantile(alpha / 2);
  const z2 = z * z;
  const q = k / n;
  const denom = 1 + z2 / n;
  const center = (q + z2 / (2 * n)) / denom;
  const dist = (z * Math.sqrt((q * (1 - q)) / n + z2 / (4 * n * n))) / denom;
  return { low: Math.min(1, Math.max(0, center - dist)), high: Math.min(1, Math.max(0, center + dist)) };
}

/**
 * Clopper–Pearson exact interval from Beta quantiles: low = Beta(k, n−k+1).ppf(alpha/2)
 * (0 when k = 0), high = Beta(k+1, n−k).isf(alpha/2) (1 when k = n); matches statsmodels
 * proportion_confint(k, n, alpha, method='beta').
 */
export function clopperPearson(k: number, n: number, alpha = 0.05): Interval {
  const fn = 'clopperPearson';
  requireBinomial(fn, k, n);
  requireAlpha(fn, alpha);
  return clopperPearsonBounds(k, n, alpha);
}

/**
 * The Clopper-Pearson bounds for counts that need not be whole (Korn and Graubard's effective-sample-size
 * version for clustered data). Callers check 0 <= k <= n and n > 0.
 */
export function clopperPearsonBounds(k: number, n: number, alpha: number): Interval {
  const half = alpha / 2;
  const low = k === 0 ? 0 : inverseRegularizedBeta(half, k, n - k + 1);
  // isf(half; k+1, n-k) = 1 - ppf(half; n-k, k+1): solve in the small-p tail.
  const high = k === n ? 1 : 1 - inverseRegularizedBeta(half, n - k, k + 1);
  return { low, high };
}
