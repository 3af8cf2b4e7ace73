import type { BiasReport, ScoreItemResult } from './report-schemas.js';
import type { PairwiseResult } from './schemas.js';
/** Model family of a model id or alias, or null when unknown. */
export declare function modelFamily(model: string): string | null;
export declare function selfEnhancementWarnings(judgeModels: readonly string[], candidateModels: readonly string[]): string[];
/** Two-sided z-test of first-position wins against 50% (normal approximation to the binomial). */
export declare function positionZTest(firstWins: number, decisive: number): {
    z: number;
    p: number;
} | null;
export interface BiasOptions {
    /** Judge model(s) to check for self-enhancement, in addition to those recorded in the results. */
    judgeModels?: readonly string[];
    /** Models that wrote the judged responses (pairwise results also record modelA/modelB). */
    candidateModels?: readonly string[];
}
export declare function pairwiseBiasReport(results: readonly PairwiseResult[], options?: BiasOptions): BiasReport;
export declare function scoreBiasReport(results: readonly ScoreItemResult[], options?: BiasOptions): BiasReport;
