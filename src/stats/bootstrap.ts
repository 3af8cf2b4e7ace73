/**
 * Seeded percentile bootstrap. The PRNG is mulberry32 (32-bit state, period 2^32),
 * exported so results can be reproduced elsewhere (scripts/stats_reference.py ports it).
 */
import { at, requireAlpha, requireCount, requireFinite } from './guards.js';
import { meanUnchecked, quantileSorted } from './descriptive.js';

/**
 * mulberry32 PRNG: returns a function yielding uniform floats in [0, 1) with 32 bits of
 * randomness each; the same seed always gives the same sequence.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BootstrapOptions {
  /** Number of resamples; default 1000. */
  samples?: number;
  /** Two-sided level 1 − alpha; default 0.05. */
  alpha?: number;
  /** PRNG seed (integer, taken mod 2^32); default 0. */
  seed?: number;
}

export interface BootstrapResult {
  /** Percentile alpha/2 of the resampled statistics. */
  low: number;
  /** Percentile 1 − alpha/2 of the resampled statistics. */
  high: number;
  /** The statistic on the original values. */
  estimate: number;
}

/** The resampling settings every bootstrap here shares, checked: resample count, alpha, and the seeded stream. */
export function resampling(
  fn: string,
  options: BootstrapOptions,
): { samples: number; alpha: number; rand: () => number } {
  const samples = options.samples ?? 1000;
  const alpha = options.alpha ?? 0.05;
  const seed = options.seed ?? 0;
  if (!Number.isInteger(samples) || samples < 1) {
    throw new RangeError(`${fn}: samples must be a positive integer, got ${String(samples)}`);
  }
  requireAlpha(fn, alpha);
  if (!Number.isInteger(seed)) throw new RangeError(`${fn}: seed must be an integer, got ${String(seed)}`);
  return { samples, alpha, rand: mulberry32(seed) };
}

/**
 * Percentile bootstrap CI of `stat` over `values`: `samples` resamples with replacement
 * (index = floor(u·n), u from mulberry32(seed)), bounds are the alpha/2 and 1 − alpha/2
 * quantiles of the resampled statistics with numpy's default linear interpolation.
 * Deterministic for a given seed. NaN statistics from resamples are an error.
 */
export function bootstrapCI<T>(
  values: readonly T[],
  stat: (sample: readonly T[]) => number,
  options: BootstrapOptions = {},
): BootstrapResult {
  const fn = 'bootstrapCI';
  requireCount(fn, values, 1);
  const { samples, alpha, rand } = resampling(fn, options);
  const n = values.length;
  const stats = new Array<number>(samples);
  for (let s = 0; s < samples; s++) {
    const resample = new Array<T>(n);
    for (let i = 0; i < n; i++) resample[i] = at(values, Math.floor(rand() * n));
    const v = stat(resample);
    if (typeof v !== 'number' || Number.isNaN(v)) {
      throw new RangeError(`${fn}: stat returned ${String(v)} on resample ${s}; it must return a number`);
    }
    stats[s] = v;
  }
  stats.sort((x, y) => x - y);
  return {
    low: quantileSorted(stats, alpha / 2),
    high: quantileSorted(stats, 1 - alpha / 2),
    estimate: stat(values),
  };
}

/**
 * Percentile bootstrap CI of mean(candidate) − mean(baseline), the two groups resampled independently (they are
 * separate runs, not pairs). Resample s draws candidate.length indices for the candidate, then baseline.length for
 * the baseline, all from one mulberry32(seed) stream, so scripts/evals_reference.py reproduces it exactly. Bounds are
 * numpy's linear percentiles; `estimate` is the observed difference.
 */
export function bootstrapMeanDifference(
  candidate: readonly number[],
  baseline: readonly number[],
  options: BootstrapOptions = {},
): BootstrapResult {
  const fn = 'bootstrapMeanDifference';
  requireCount(fn, candidate, 1, 'candidate values');
  requireCount(fn, baseline, 1, 'baseline values');
  requireFinite(fn, candidate, 'candidate');
  requireFinite(fn, baseline, 'baseline');
  const { samples, alpha, rand } = resampling(fn, options);
  const resampledMean = (values: readonly number[]): number => {
    let sum = 0;
    for (let i = 0; i < values.length; i++) sum += at(values, Math.floor(rand() * values.length));
    return sum / values.length;
  };
  const stats = new Array<number>(samples);
  for (let s = 0; s < samples; s++) {
    const c = resampledMean(candidate);
    stats[s] = c - resampledMean(baseline);
  }
  stats.sort((x, y) => x - y);
  return {
    low: quantileSorted(stats, alpha / 2),
    high: quantileSorted(stats, 1 - alpha / 2),
    estimate: meanUnchecked(candidate) - meanUnchecked(baseline),
  };
}

/**
 * Cluster (block) bootstrap CI of the pooled mean: whole clusters are resampled with replacement, so repeated
 * observations of one unit (runs of one prompt) count once as evidence, not once per repeat. Resample s draws
 * clusters.length cluster indices from one mulberry32(seed) stream and takes the mean over every observation in the
 * drawn clusters. With clusters of one observation each this is exactly `bootstrapCI(values, mean)`.
 */
export function clusterBootstrapMean(
  clusters: readonly (readonly number[])[],
  options: BootstrapOptions = {},
): BootstrapResult {
  const fn = 'clusterBootstrapMean';
  requireCount(fn, clusters, 1, 'clusters');
  const sums = clusters.map((cluster, i) => {
    if (!Array.isArray(cluster) || cluster.length === 0) throw new RangeError(`${fn}: cluster ${i} is empty`);
    requireFinite(fn, cluster, `cluster ${i}`);
    let sum = 0;
    for (const v of cluster) sum += v;
    return sum;
  });
  const { samples, alpha, rand } = resampling(fn, options);
  const k = clusters.length;
  const stats = new Array<number>(samples);
  for (let s = 0; s < samples; s++) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < k; i++) {
      const j = Math.floor(rand() * k);
      sum += at(sums, j);
      count += at(clusters, j).length;
    }
    stats[s] = sum / count;
  }
  stats.sort((x, y) => x - y);
  const total = sums.reduce((a, b) => a + b, 0);
  const count = clusters.reduce((a, c) => a + c.length, 0);
  return { low: quantileSorted(stats, alpha / 2), high: quantileSorted(stats, 1 - alpha / 2), estimate: total / count };
}
