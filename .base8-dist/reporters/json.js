import { RESULT_SCHEMA_VERSION } from '../model/dimensions.js';
import { toPluginEval } from './plugineval.js';
/** One result as the object the chosen format defines. */
export function resultObject(result, options) {
    return options.format === 'plugineval' ? toPluginEval(result) : result;
}
/**
 * native: one result -> the ScoreResult itself; any other count -> `{ schemaVersion, results: [...] }`.
 * plugineval: one result -> PluginEval's object; any other count -> a JSON array of them.
 */
export const jsonReporter = (results, options) => {
    let value;
    if (results.length === 1 && results[0])
        value = resultObject(results[0], options);
    else if (options.format === 'plugineval')
        value = results.map((r) => toPluginEval(r));
    else
        value = { schemaVersion: RESULT_SCHEMA_VERSION, results };
    return `${JSON.stringify(value, null, 2)}\n`;
};
/** One compact JSON object per line (native ScoreResult or PluginEval object), each carrying its path. */
export const jsonlReporter = (results, options) => results.map((r) => `${JSON.stringify(resultObject(r, options))}\n`).join('');
//# sourceMappingURL=json.js.map