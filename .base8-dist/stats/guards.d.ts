/**
 * Input guards shared by the stats functions. Every failure is a RangeError whose
 * message starts with the public function's name, e.g.
 * "spearman: needs at least 2 pairs, got 0".
 */
/** Throws unless `values` has at least `min` entries; `what` names the unit ("values", "pairs"). */
export declare function requireCount(fn: string, values: readonly unknown[], min: number, what?: string): void;
/** Throws unless both arrays have the same length. */
export declare function requireSameLength(fn: string, a: readonly unknown[], b: readonly unknown[], names?: [string, string]): void;
/** Throws unless every entry is a finite number. */
export declare function requireFinite(fn: string, values: readonly number[], name?: string): void;
/** Throws unless `alpha` is strictly between 0 and 1. */
export declare function requireAlpha(fn: string, alpha: number): void;
/** Reads `values[i]` under noUncheckedIndexedAccess where the index is known to be in range. */
export declare function at<T>(values: readonly T[], i: number): T;
