import { type Methodology } from '../model/dimensions.js';
import type { DimensionResult } from '../model/result.js';
import type { LayerOutput } from '../layers/types.js';
export interface Composite {
    dimensions: DimensionResult[];
    /** 0-100 interval after the penalty, when some dimension has one (the weighted sum is linear in them). */
    ciLow: number | null;
    ciHigh: number | null;
    /** 0-100 before the penalty. */
    rawScore: number;
    /** 0-100 after the penalty. */
    score: number;
    penalty: number;
}
/**
 * How the blend does its arithmetic. `settled` (default methodology): every blended dimension score, weight
 * and composite is rounded at 1e-9 of its scale, far below display precision, so 0.7 stays 0.7 and a shown
 * number is the number decided on. `pluginEval` (compat): PluginEval's float arithmetic, residue included
 * (its JSON prints 0.6999999999999998 and grades it D+; `--format plugineval` must too).
 */
export type BlendArithmetic = 'settled' | 'pluginEval';
export declare function arithmeticFor(methodology: Methodology): BlendArithmetic;
/**
 * Blend each dimension over the layers that measured it (the seed's blend table, renormalised over those
 * layers), then weight dimensions, renormalising over the measured ones, and apply the anti-pattern penalty.
 */
export declare function compositeOf(layers: readonly LayerOutput[], penalty: number, arithmetic?: BlendArithmetic): Composite;
