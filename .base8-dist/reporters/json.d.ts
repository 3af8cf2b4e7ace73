import type { ScoreResult } from '../model/result.js';
import type { Reporter, ReporterOptions } from './types.js';
/** One result as the object the chosen format defines. */
export declare function resultObject(result: ScoreResult, options: Pick<ReporterOptions, 'format'>): unknown;
/**
 * native: one result -> the ScoreResult itself; any other count -> `{ schemaVersion, results: [...] }`.
 * plugineval: one result -> PluginEval's object; any other count -> a JSON array of them.
 */
export declare const jsonReporter: Reporter;
/** One compact JSON object per line (native ScoreResult or PluginEval object), each carrying its path. */
export declare const jsonlReporter: Reporter;
