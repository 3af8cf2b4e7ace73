import { z } from 'zod';
import { ANTI_PATTERNS, DEPTHS, DIMENSIONS, LAYERS, METHODOLOGIES, SUB_SCORES } from './dimensions.js';
/** zod enums over the name constants, for schemas of files and outputs. */
export const DimensionName = z.enum(DIMENSIONS);
export const LayerName = z.enum(LAYERS);
export const SubScoreName = z.enum(SUB_SCORES);
export const AntiPatternFlag = z.enum(ANTI_PATTERNS);
export const Methodology = z.enum(METHODOLOGIES);
export const Depth = z.enum(DEPTHS);
//# sourceMappingURL=enums.js.map