/**
 * The one rule for combining several judges (a panel of models, or repeated samples of one model) on one
 * score, used by the judge layer's dimensions and the toolkit's panels alike: the MEAN of the judges that
 * answered, with a 95% Student t-interval across judges (mean +/- t(0.975, n-1) x s / sqrt(n), clipped to
 * the scale). See docs/methodology.md, "Several judges", for why the mean and not the median:
 *
 * - resolution: on a 1-5 integer scale the median of three judges is an integer again (3, 3, 5 -> 3),
 *   while the mean keeps what the third judge said (3.67); on the layer's 0-1 scale both are continuous;
 * - robustness buys little here: every score is bounded by its reply schema (a reply outside the scale
 *   is rejected, never clamped), so one judge can move the mean by at most range / n, and the spread and
 *   agreement reported next to it show when that happened;
 * - an honest interval: with 2-5 judges a t-interval on the mean has its stated coverage under normal
 *   errors, while any interval for the median (order statistics, a percentile bootstrap) cannot reach past
 *   the observed extremes and is far too narrow at this n.
 */
import { inverseRegularizedBeta, mean, sampleStd } from '../../stats/index.js';

/** Two-sided Student t quantile t(1 - alpha/2, df), from P(|T| > t) = I_{df/(df+t^2)}(df/2, 1/2). */
export function studentTQuantile(alpha: number, df: number): number {
  const x = inverseRegularizedBeta(alpha, df / 2, 0.5);
  return Math.sqrt((df * (1 - x)) / x);
}

export interface ScoreBounds {
  low: number;
  high: number;
}

const UNIT: ScoreBounds = { low: 0, high: 1 };
const clip = (x: number, b: ScoreBounds): number => Math.min(b.high, Math.max(b.low, x));

/** Mean +/- t x s / sqrt(n), clipped to the scale (default [0, 1]); needs two or more values. */
export function tInterval(
  values: readonly number[],
  alpha = 0.05,
  bounds: ScoreBounds = UNIT,
): { low: number; high: number } {
  const m = mean(values);
  const half = studentTQuantile(alpha, values.length - 1) * (sampleStd(values) / Math.sqrt(values.length));
  return { low: clip(m - half, bounds), high: clip(m + half, bounds) };
}

export interface JudgesAggregate {
  /** The mean of the judges' scores. */
  score: number;
  n: number;
  /** Sample standard deviation across judges; null with one judge. */
  stdev: number | null;
  /** 95% t-interval across judges; null with one judge (no spread to estimate). */
  ciLow: number | null;
  ciHigh: number | null;
}

/** Combine the scores of the judges that answered; null when none did. */
export function aggregateJudges(scores: readonly number[], bounds: ScoreBounds = UNIT): JudgesAggregate | null {
  if (scores.length === 0) return null;
  if (scores.length === 1) return { score: scores[0] as number, n: 1, stdev: null, ciLow: null, ciHigh: null };
  const ci = tInterval(scores, 0.05, bounds);
  return { score: mean(scores), n: scores.length, stdev: sampleStd(scores), ciLow: ci.low, ciHigh: ci.high };
}
