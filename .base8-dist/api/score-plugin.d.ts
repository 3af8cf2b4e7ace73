import type { LayerOutput } from '../layers/types.js';
import { type Depth, type Methodology } from '../model/dimensions.js';
import type { ScoreResult } from '../model/result.js';
import type { PluginDocument } from '../parse/plugin.js';
import { type ScoreOptions } from './score-common.js';
/**
 * Average the skills' judge layers into one plugin-level layer. Each judged dimension is the mean over the
 * skills that measured it, and says how many of the plugin's skills that is ("3 of 4 skills; not measured
 * for X: reason"). A skill whose judge failed on a dimension never drops out silently: the dimension is
 * listed in `failed` (the result is partial). Skills the dimension does not apply to (no code to judge)
 * are named but are not a failure.
 */
export declare function averageJudgeLayers(judged: readonly {
    skill: string;
    layer: LayerOutput;
}[]): LayerOutput;
/**
 * Score a plugin. compat: PluginEval's mean of component scores with the penalty applied a second time.
 * default: dimensions averaged over skills (agents and commands join triggering accuracy), every skill
 * anti-pattern counted once, one penalty.
 */
export declare function scorePluginDocument(plugin: PluginDocument, options?: {
    methodology?: Methodology;
    depth?: Depth;
}): ScoreResult;
/** Score a plugin with every layer its depth asks for; the judge runs on each skill and is averaged. */
export declare function scorePlugin(plugin: PluginDocument, options?: ScoreOptions): Promise<ScoreResult>;
