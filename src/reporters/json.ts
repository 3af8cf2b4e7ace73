import { RESULT_SCHEMA_VERSION } from '../model/dimensions.js';
import type { ScoreResult } from '../model/result.js';
import { toPluginEval } from './plugineval.js';
import type { Reporter, ReporterOptions } from './types.js';

/** One result as the object the chosen format defines. */
export function resultObject(result: ScoreResult, options: Pick<ReporterOptions, 'format'>): unknown {
  return options.format === 'plugineval' ? toPluginEval(result) : result;
}

/**
 * native: the run log (ScoreRun, `options.run`) with these results, whatever their number; without a run
 * (results formatted on their own) `{ schemaVersion, results: [...] }`. Never a bare result.
 * plugineval: PluginEval's own shape, unchanged: one result -> its object; any other count -> a JSON array.
 */
export const jsonReporter: Reporter = (results, options) => {
  let value: unknown;
  if (options.format === 'plugineval')
    value = results.length === 1 && results[0] ? toPluginEval(results[0]) : results.map((r) => toPluginEval(r));
  else if (options.run) value = { ...options.run, results };
  else value = { schemaVersion: RESULT_SCHEMA_VERSION, results };
  return `${JSON.stringify(value, null, 2)}\n`;
};

/**
 * One compact JSON object per line (native ScoreResult or PluginEval object), each carrying its path: the streaming
 * form.
 */
export const jsonlReporter: Reporter = (results, options) => results.map((r) => `${resultJson(r, options)}\n`).join('');

/** One result's JSON Lines line without its newline; in the native shape, the text the results store records too. */
export function resultJson(result: ScoreResult, options: Pick<ReporterOptions, 'format'>): string {
  return JSON.stringify(resultObject(result, options));
}
