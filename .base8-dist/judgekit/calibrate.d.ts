/**
 * Calibration: run the judge over items that humans already labelled and measure agreement,
 * graded against the methodology's bands, with the disagreements listed for inspection.
 * Score labels get Spearman, Kendall, quadratic-weighted kappa and exact agreement; pairwise
 * labels get kappa, agreement with and without ties (MT-Bench style) and position consistency.
 */
import type { Provider } from '../providers/index.js';
import type { DirectOptions, ScoreInput } from './direct.js';
import type { CompareInput, CompareOptions } from './pairwise.js';
import type { CalibrationReport } from './report-schemas.js';
import type { Winner } from './schemas.js';
export type LabelledScoreItem = ScoreInput & {
    humanScore: number;
};
export type LabelledPairItem = CompareInput & {
    humanVerdict: Winner;
};
export declare function calibrateScores(provider: Provider, items: readonly LabelledScoreItem[], options: DirectOptions & {
    tolerance?: number;
}): Promise<CalibrationReport>;
export declare function calibratePairwise(provider: Provider, items: readonly LabelledPairItem[], options: CompareOptions): Promise<CalibrationReport>;
