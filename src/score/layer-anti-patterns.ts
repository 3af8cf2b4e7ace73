import type { LayerOutput } from '../model/layer-output.js';
import type { Methodology } from '../model/dimensions.js';
import type { AntiPatternResult } from '../model/result.js';

const norm = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The result's anti-patterns: the static layer's, plus what other layers report (the judge's
 * INJECTION_ATTEMPT when it found an instruction addressed to it). A passage the static rule already
 * flagged is not counted twice. compat keeps PluginEval's list: no other layer adds to it.
 */
export function mergeLayerAntiPatterns(
  methodology: Methodology,
  fromStatic: readonly AntiPatternResult[],
  otherLayers: readonly LayerOutput[],
): AntiPatternResult[] {
  if (methodology === 'compat') return [...fromStatic];
  const merged = [...fromStatic];
  for (const found of otherLayers.flatMap((l) => l.antiPatterns)) {
    const quote = /"([^"]*)"/.exec(found.description)?.[1];
    const duplicate =
      quote !== undefined &&
      norm(quote) !== '' &&
      merged.some((a) => a.flag === found.flag && norm(a.description).includes(norm(quote)));
    if (!duplicate) merged.push(found);
  }
  return merged;
}
