/** The one table of judged dimensions, in the seed's dimension order. Add a dimension here and nowhere else. */
import type { DimensionName } from '../model/dimensions.js';
import type { JudgeDimension } from './types.js';
export declare const JUDGE_DIMENSIONS: readonly JudgeDimension[];
export declare function judgeDimensionFor(name: DimensionName): JudgeDimension | undefined;
