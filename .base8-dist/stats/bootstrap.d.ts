/**
 * mulberry32 PRNG: returns a function yielding uniform floats in [0, 1) with 32 bits of
 * randomness each; the same seed always gives the same sequence.
 */
export declare function mulberry32(seed: number): () => number;
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
/**
 * Percentile bootstrap CI of `stat` over `values`: `samples` resamples with replacement
 * (index = floor(u·n), u from mulberry32(seed)), bounds are the alpha/2 and 1 − alpha/2
 * quantiles of the resampled statistics with numpy's default linear interpolation.
 * Deterministic for a given seed. NaN statistics from resamples are an error.
 */
export declare function bootstrapCI<T>(values: readonly T[], stat: (sample: readonly T[]) => number, options?: BootstrapOptions): BootstrapResult;
