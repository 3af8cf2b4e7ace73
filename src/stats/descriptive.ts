/**
 * Descriptive statistics: mean, sample standard deviation, median, linear-interpolated
 * quantile and coefficient of variation.
 */
import { at, requireCount, requireFinite } from './guards.js';

/** Arithmetic mean; matches numpy.mean. Throws RangeError on empty or non-finite input. */
export function mean(values: readonly number[]): number {
  requireCount('mean', values, 1);
  requireFinite('mean', values);
  return meanUnchecked(values);
}

/** Mean without validation, for internal callers that already checked their input. */
export function meanUnchecked(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Sample standard deviation (ddof = 1, two-pass); matches numpy.std(ddof=1). Needs n >= 2. */
export function sampleStd(values: readonly number[]): number {
  requireCount('sampleStd', values, 2);
  requireFinite('sampleStd', values);
  const m = meanUnchecked(values);
  let ss = 0;
  for (const v of values) ss += (v - m) * (v - m);
  return Math.sqrt(ss / (values.length - 1));
}

/** Median (mean of the two middle values for even n); matches numpy.median. */
export function median(values: readonly number[]): number {
  requireCount('median', values, 1);
  requireFinite('median', values);
  return quantileSorted(
    [...values].sort((x, y) => x - y),
    0.5,
  );
}

/**
 * Quantile q in [0, 1] of already-sorted finite values with linear interpolation between
 * order statistics; matches numpy.quantile(method='linear') (the numpy default).
 */
export function quantileSorted(sorted: readonly number[], q: number): number {
  requireCount('quantileSorted', sorted, 1);
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantileSorted: q must be in [0, 1], got ${String(q)}`);
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  const frac = pos - lo;
  const a = at(sorted, lo);
  const b = at(sorted, hi);
  // numpy's lerp form, exact at both ends.
  return frac >= 0.5 ? b - (b - a) * (1 - frac) : a + (b - a) * frac;
}

/**
 * Coefficient of variation: sample standard deviation (ddof = 1) / mean; matches
 * scipy.stats.variation(ddof=1). Mean 0 gives Infinity when the spread is non-zero and
 * NaN when every value is 0 (as scipy); a negative mean gives a negative CV. Needs n >= 2.
 */
export function coefficientOfVariation(values: readonly number[]): number {
  requireCount('coefficientOfVariation', values, 2);
  requireFinite('coefficientOfVariation', values);
  const m = meanUnchecked(values);
  let ss = 0;
  for (const v of values) ss += (v - m) * (v - m);
  const sd = Math.sqrt(ss / (values.length - 1));
  if (m === 0) return sd === 0 ? NaN : Infinity;
  return sd / m;
}
