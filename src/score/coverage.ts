/**
 * Coverage: how much of the composite's weight was actually measured, and by which layers. A composite that
 * renormalises over what was measured looks equally sure whether it rests on one dimension or on ten; its
 * coverage says which.
 */
import { DIMENSIONS, DIMENSION_WEIGHTS, LAYERS, type DimensionName, type LayerName } from '../model/dimensions.js';
import type { Coverage } from '../model/result.js';
import { settle } from './display.js';

export type { Coverage };

/** Coverage of blended dimensions: `layers` lists the layers whose score entered each dimension's blend. */
export function coverageOf(
  dimensions: readonly { name: DimensionName; measured: boolean; layers: Partial<Record<LayerName, number>> }[],
): Coverage {
  const measured = new Set(dimensions.filter((d) => d.measured).map((d) => d.name));
  const byLayer: Partial<Record<LayerName, number>> = {};
  for (const layer of LAYERS) {
    const weight = dimensions
      .filter((d) => d.measured && d.layers[layer] !== undefined)
      .reduce((sum, d) => sum + DIMENSION_WEIGHTS[d.name], 0);
    if (weight > 0) byLayer[layer] = settle(weight);
  }
  return {
    share: settle(DIMENSIONS.reduce((sum, name) => sum + (measured.has(name) ? DIMENSION_WEIGHTS[name] : 0), 0)),
    byLayer,
    unmeasured: DIMENSIONS.filter((name) => !measured.has(name)),
  };
}
