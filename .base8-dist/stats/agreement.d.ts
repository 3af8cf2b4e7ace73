export interface AgreementOptions<T> {
    /**
     * Drop every pair in which either side is the tie label before computing the rate
     * (MT-Bench "w/o tie"). Default false ("w/ tie": ties count like any other label).
     */
    ignoreTies?: boolean;
    /** The label that means "tie"; default 'tie'. Compared with ===. */
    tie?: T;
}
/**
 * Share of positions where `a[i] === b[i]`. With `ignoreTies`, pairs where either label
 * equals `tie` are removed first; if nothing is left a RangeError is thrown (the rate is
 * undefined). Reference: MT-Bench agreement with and without ties.
 */
export declare function agreementRate<T>(a: readonly T[], b: readonly T[], options?: AgreementOptions<T>): number;
/**
 * Position consistency of a pairwise judge: share of comparisons whose winner in pass 1
 * equals the winner in pass 2 (run with the two answers swapped) after mapping pass 2's
 * verdict back to the original order. A tie in both passes counts as consistent.
 */
export declare function positionConsistency<T>(pass1Winners: readonly T[], pass2WinnersMappedBack: readonly T[]): number;
