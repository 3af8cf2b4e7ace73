export interface SpearmanResult {
    /** Spearman's rank correlation; NaN when either input is constant. */
    rho: number;
    /** Two-sided p-value from Student's t with n − 2 df; NaN when rho is NaN or n = 2. */
    p: number;
}
export interface KendallResult {
    /** Kendall's tau-b; NaN when either input is constant. */
    tau: number;
    /** Two-sided p-value (exact or normal approximation, as scipy's method='auto'). */
    p: number;
    /** Which p-value branch was used ('none' when tau is NaN). */
    method: 'exact' | 'asymptotic' | 'none';
}
/** Average (mid) ranks starting at 1, ties sharing their mean rank; matches scipy.stats.rankdata. */
export declare function rankAverage(values: readonly number[]): number[];
/**
 * Spearman's rank correlation with average ranks for ties and a two-sided p-value from
 * t = rho·sqrt((n−2)/((1+rho)(1−rho))) on n − 2 df; matches scipy.stats.spearmanr.
 * Needs n >= 2 pairs (throws RangeError below that). A constant input gives rho = NaN,
 * p = NaN (scipy does the same). With n = 2, rho is ±1 and p is NaN (0 df), as scipy.
 */
export declare function spearman(x: readonly number[], y: readonly number[]): SpearmanResult;
/**
 * Kendall's tau-b with a two-sided p-value, matching scipy.stats.kendalltau(method='auto'):
 * the exact null distribution when there are no ties and (n <= 33 or at most one
 * discordant/concordant pair), else the normal approximation with scipy's tie-corrected
 * variance. Needs n >= 2 pairs; a constant input gives tau = NaN, p = NaN (as scipy).
 * O(n²) pair counting, fine for evaluation-sized data.
 */
export declare function kendallTauB(x: readonly number[], y: readonly number[]): KendallResult;
