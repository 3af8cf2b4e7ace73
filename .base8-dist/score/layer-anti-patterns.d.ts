import type { LayerOutput } from '../layers/types.js';
import type { Methodology } from '../model/dimensions.js';
import type { AntiPatternResult } from '../model/result.js';
/**
 * The result's anti-patterns: the static layer's, plus what other layers report (the judge's
 * INJECTION_ATTEMPT when it found an instruction addressed to it). A passage the static rule already
 * flagged is not counted twice. compat keeps PluginEval's list: no other layer adds to it.
 */
export declare function mergeLayerAntiPatterns(methodology: Methodology, fromStatic: readonly AntiPatternResult[], otherLayers: readonly LayerOutput[]): AntiPatternResult[];
