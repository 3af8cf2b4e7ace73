/**
 * Coverage: how much of the composite's weight was actually measured, and by which layers. A composite that
 * renormalises over what was measured looks equally sure whether it rests on one dimension or on ten; its
 * coverage says which.
 */
import { type DimensionName, type LayerName } from '../model/dimensions.js';
import type { Coverage } from '../model/result.js';
export type { Coverage };
/** Coverage of blended dimensions: `layers` lists the layers whose score entered each dimension's blend. */
export declare function coverageOf(dimensions: readonly {
    name: DimensionName;
    measured: boolean;
    layers: Partial<Record<LayerName, number>>;
}[]): Coverage;
