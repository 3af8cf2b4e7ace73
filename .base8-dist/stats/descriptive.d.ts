/** Arithmetic mean; matches numpy.mean. Throws RangeError on empty or non-finite input. */
export declare function mean(values: readonly number[]): number;
/** Mean without validation, for internal callers that already checked their input. */
export declare function meanUnchecked(values: readonly number[]): number;
/** Sample standard deviation (ddof = 1, two-pass); matches numpy.std(ddof=1). Needs n >= 2. */
export declare function sampleStd(values: readonly number[]): number;
/** Median (mean of the two middle values for even n); matches numpy.median. */
export declare function median(values: readonly number[]): number;
/**
 * Quantile q in [0, 1] of already-sorted finite values with linear interpolation between
 * order statistics; matches numpy.quantile(method='linear') (the numpy default).
 */
export declare function quantileSorted(sorted: readonly number[], q: number): number;
/**
 * Coefficient of variation: sample standard deviation (ddof = 1) / mean; matches
 * scipy.stats.variation(ddof=1). Mean 0 gives Infinity when the spread is non-zero and
 * NaN when every value is 0 (as scipy); a negative mean gives a negative CV. Needs n >= 2.
 */
export declare function coefficientOfVariation(values: readonly number[]): number;
