import type { LengthControlledWinRate } from './report-schemas.js';
import type { PairwiseResult, Winner } from './schemas.js';
export interface LogisticFit {
    beta: number[];
    /** Standard errors from the inverse Fisher information; null when it is singular. */
    se: number[] | null;
    iterations: number;
    converged: boolean;
}
/**
 * Maximum-likelihood logistic regression. `rows` are covariate vectors WITHOUT the intercept (it is
 * added as the first coefficient); `y` values lie in [0, 1].
 */
export declare function fitLogistic(rows: readonly (readonly number[])[], y: readonly number[], options?: {
    maxIterations?: number;
    tolerance?: number;
}): LogisticFit;
export interface LengthBattle {
    winner: Winner;
    lengthA: number;
    lengthB: number;
}
export declare const outcomeOf: (w: Winner) => number;
/**
 * LC win rate of A over B. Covariate: `tanh` (AlpacaEval 2: tanh(diff / sd), bounded so one
 * very long answer cannot dominate; the default) or `linear` (diff / sd). sd is the sample
 * standard deviation of the length differences.
 */
export declare function lengthControlledWinRate(battles: readonly LengthBattle[], covariate?: 'tanh' | 'linear'): LengthControlledWinRate;
export declare function battlesOf(results: readonly PairwiseResult[]): LengthBattle[];
