import { type Depth, type LayerName, type Methodology } from '../model/dimensions.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ScoreResult } from '../model/result.js';
import type { LayerOutput } from '../layers/types.js';
export interface ResultInput {
    target: ScoreResult['target'];
    methodology: Methodology;
    depth: Depth;
    layers: LayerOutput[];
    /** Layers the depth asked for that could not run, with the reason. */
    layersNotRun: {
        name: LayerName;
        reason: string;
    }[];
    penalty: number;
    antiPatterns: ScoreResult['antiPatterns'];
    diagnostics: Diagnostic[];
    components?: ScoreResult['components'];
    /** Simulated tips from the static checks and rules (judge suggestions are added here). */
    tips?: ScoreResult['tips'];
    elo?: number | null;
    durationMs: number;
}
/** The confidence label the layers that actually ran have earned (never the label of a layer that did not run). */
export declare function confidenceLabel(depth: Depth, ran: readonly LayerName[]): string;
/**
 * Every dimension a layer failed on (invalid replies after the repair request, provider failures that outlived
 * the retries, skills of a plugin whose judge failed). Any gap makes the result partial.
 */
export declare function measurementOf(layers: readonly LayerOutput[]): ScoreResult['measurement'];
/** Usage summed over the layers that called a model. */
export declare function totalUsage(layers: readonly LayerOutput[]): ScoreResult['usage'];
export declare function buildResult(input: ResultInput): ScoreResult;
