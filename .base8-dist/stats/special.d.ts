/**
 * Special functions needed by the tests and intervals: log-gamma, erfc, the normal
 * CDF and quantile, the regularised incomplete beta function and its inverse, and the
 * Student t CDF. Each is accurate to roughly 1e-14 relative in the ranges used here and
 * is checked against scipy.special / scipy.stats in test/stats/special.test.ts.
 */
/** ln Γ(x) for x > 0 (Lanczos, g = 7); matches scipy.special.gammaln to ~1e-15 relative. */
export declare function logGamma(x: number): number;
/**
 * ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b); for large arguments the Stirling form is
 * used so the large log-gamma terms cancel analytically instead of numerically.
 */
export declare function logBeta(a: number, b: number): number;
/** Complementary error function erfc(x); matches scipy.special.erfc to ~1e-15 relative. */
export declare function erfc(x: number): number;
/** Error function erf(x); matches scipy.special.erf. */
export declare function erf(x: number): number;
/** Standard normal CDF Φ(x); matches scipy.stats.norm.cdf. */
export declare function normalCdf(x: number): number;
/** Standard normal quantile Φ⁻¹(p) (Acklam + Halley refinement); matches scipy.stats.norm.ppf to ~1e-15. */
export declare function normalQuantile(p: number): number;
/** I_x(a, b) given both x and y = 1 − x (so callers can pass an accurately computed y). */
export declare function regularizedBetaXY(x: number, y: number, a: number, b: number): number;
/** Regularised incomplete beta I_x(a, b); matches scipy.special.betainc. */
export declare function regularizedBeta(x: number, a: number, b: number): number;
/** Inverse of I_x(a, b) in x (the Beta(a, b) quantile); matches scipy.stats.beta.ppf / scipy.special.betaincinv. */
export declare function inverseRegularizedBeta(p: number, a: number, b: number): number;
/** P(T > |t|) for Student's t with `df` degrees of freedom (one tail). */
export declare function studentTTail(t: number, df: number): number;
/** Student t CDF P(T <= t) with `df` > 0 degrees of freedom; matches scipy.stats.t.cdf. */
export declare function studentTCdf(t: number, df: number): number;
