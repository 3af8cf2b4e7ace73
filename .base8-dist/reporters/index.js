/** Reporters: pure functions from scored results to text, by output-format name. */
import { htmlReporter } from './html.js';
import { jsonReporter, jsonlReporter } from './json.js';
import { junitReporter } from './junit.js';
import { markdownReporter } from './markdown.js';
import { sarifReporter } from './sarif.js';
import { textReporter } from './text.js';
export const REPORTERS = Object.freeze({
    text: textReporter,
    json: jsonReporter,
    jsonl: jsonlReporter,
    markdown: markdownReporter,
    html: htmlReporter,
    junit: junitReporter,
    sarif: sarifReporter,
});
export { REPORTER_NAMES } from './types.js';
export { toPluginEval } from './plugineval.js';
export { SARIF_SCHEMA } from './sarif.js';
//# sourceMappingURL=index.js.map