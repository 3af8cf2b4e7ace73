import { z } from 'zod';
import { ANTI_PATTERNS, DEPTHS, DIMENSIONS, LAYERS, METHODOLOGIES, SUB_SCORES } from './dimensions.js';

/** zod enums over the name constants, for schemas of files and outputs. */
export const DimensionName = z.enum(DIMENSIONS);
export const LayerName = z.enum(LAYERS);
export const SubScoreName = z.enum(SUB_SCORES);
export const AntiPatternFlag = z.enum(ANTI_PATTERNS);
export const Methodology = z.enum(METHODOLOGIES);
export const Depth = z.enum(DEPTHS);
export type DimensionName = z.infer<typeof DimensionName>;
export type LayerName = z.infer<typeof LayerName>;
export type SubScoreName = z.infer<typeof SubScoreName>;
export type AntiPatternFlag = z.infer<typeof AntiPatternFlag>;
export type Methodology = z.infer<typeof Methodology>;
export type Depth = z.infer<typeof Depth>;
