/**
 * Rank correlations of paired values with percentile bootstrap intervals that resample the pairs (one pair per
 * unit: a task, a skill). Both statistics come from the same resamples, so their intervals describe one experiment.
 */
import { at, requireCount, requireFinite, requireSameLength } from './guards.js';
import { quantileSorted } from './descriptive.js';
import { resampling, type BootstrapOptions } from './bootstrap.js';
import { kendallTauB, spearman } from './correlation.js';

export interface CorrelationWithInterval {
  /** The statistic on the observed pairs; NaN when either side is constant. */
  estimate: number;
  /** Two-sided p-value, as scipy gives it. */
  p: number;
  /** Percentile bounds over the resamples where the statistic is defined; NaN when fewer than half are. */
  low: number;
  high: number;
  /** Resamples where the statistic was defined (a resample with one side constant has no rank correlation). */
  resamplesUsed: number;
}

export interface RankCorrelationIntervals {
  spearman: CorrelationWithInterval;
  kendall: CorrelationWithInterval;
  /** Resamples drawn. */
  samples: number;
}

function interval(
  estimate: number,
  p: number,
  values: number[],
  samples: number,
  alpha: number,
): CorrelationWithInterval {
  values.sort((a, b) => a - b);
  // A bound taken over a minority of the draws would describe the resamples that happened to vary, not the data.
  const usable = values.length * 2 >= samples;
  return {
    estimate,
    p,
    low: usable ? quantileSorted(values, alpha / 2) : NaN,
    high: usable ? quantileSorted(values, 1 - alpha / 2) : NaN,
    resamplesUsed: values.length,
  };
}

/**
 * Spearman's rho and Kendall's tau-b of (x[i], y[i]) with percentile bootstrap intervals: resample s draws
 * x.length pair indices (floor(u·n), u from one mulberry32(seed) stream) and computes both statistics on the drawn
 * pairs. A resample with a constant side has no rank correlation and is left out of that statistic's percentiles
 * (counted in `resamplesUsed`). Needs at least 3 pairs.
 */
export function rankCorrelationIntervals(
  x: readonly number[],
  y: readonly number[],
  options: BootstrapOptions = {},
): RankCorrelationIntervals {
  const fn = 'rankCorrelationIntervals';
  requireSameLength(fn, x, y, ['x', 'y']);
  requireCount(fn, x, 3, 'pairs');
  requireFinite(fn, x, 'x');
  requireFinite(fn, y, 'y');
  const { samples, alpha, rand } = resampling(fn, options);
  const n = x.length;
  const rhos: number[] = [];
  const taus: number[] = [];
  const rx = new Array<number>(n);
  const ry = new Array<number>(n);
  for (let s = 0; s < samples; s++) {
    for (let i = 0; i < n; i++) {
      const j = Math.floor(rand() * n);
      rx[i] = at(x, j);
      ry[i] = at(y, j);
    }
    const rho = spearman(rx, ry).rho;
    if (!Number.isNaN(rho)) rhos.push(rho);
    const tau = kendallTauB(rx, ry).tau;
    if (!Number.isNaN(tau)) taus.push(tau);
  }
  const rho = spearman(x, y);
  const tau = kendallTauB(x, y);
  return {
    spearman: interval(rho.rho, rho.p, rhos, samples, alpha),
    kendall: interval(tau.tau, tau.p, taus, samples, alpha),
    samples,
  };
}
