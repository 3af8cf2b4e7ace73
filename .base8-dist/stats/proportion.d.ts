export interface Interval {
    low: number;
    high: number;
}
/**
 * Wilson score interval for k successes in n trials at level 1 − alpha; matches
 * statsmodels proportion_confint(k, n, alpha, method='wilson') (clipped to [0, 1]).
 */
export declare function wilsonInterval(k: number, n: number, alpha?: number): Interval;
/**
 * Clopper–Pearson exact interval from Beta quantiles: low = Beta(k, n−k+1).ppf(alpha/2)
 * (0 when k = 0), high = Beta(k+1, n−k).isf(alpha/2) (1 when k = n); matches statsmodels
 * proportion_confint(k, n, alpha, method='beta').
 */
export declare function clopperPearson(k: number, n: number, alpha?: number): Interval;
