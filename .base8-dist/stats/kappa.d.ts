import type { Label } from './classification.js';
export type KappaWeights = 'none' | 'linear' | 'quadratic';
export interface CohensKappaOptions {
    /** Disagreement weights; 'linear' / 'quadratic' use label positions in the sorted label set. */
    weights?: KappaWeights;
}
/**
 * Cohen's kappa between two raters' labels over the union of observed labels sorted
 * ascending; weights 'linear' |i−j| or 'quadratic' (i−j)² act on positions in that sorted
 * set, exactly as sklearn.metrics.cohen_kappa_score. Where sklearn is undefined (NaN:
 * both raters used one and the same single label, so expected agreement is 1) this returns
 * 1, because observed agreement is then necessarily perfect too.
 */
export declare function cohensKappa(a: readonly Label[], b: readonly Label[], options?: CohensKappaOptions): number;
