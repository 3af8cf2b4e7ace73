import type { BiasOptions } from './bias.js';
import type { CompareBatch, ScoreBatch, ScoreItemResult } from './report-schemas.js';
import type { PairwiseResult } from './schemas.js';
export declare function finalWeightedScore(item: ScoreItemResult): number | null;
export declare function summariseScoreBatch(items: readonly ScoreItemResult[], bias?: BiasOptions): ScoreBatch;
/** Win rate of A in percent, ties counting half, strong 5-point wins counting three battles. */
export declare function weightedWinRate(results: readonly PairwiseResult[]): number | null;
export declare function summariseCompareBatch(items: readonly PairwiseResult[], bias?: BiasOptions): CompareBatch;
