/** Reporters: pure functions from scored results to text, by output-format name. */
import { htmlReporter } from './html.js';
import { jsonReporter, jsonlReporter } from './json.js';
import { junitReporter } from './junit.js';
import { markdownReporter } from './markdown.js';
import { sarifReporter } from './sarif.js';
import { textReporter } from './text.js';
import type { Reporter, ReporterName } from './types.js';

export const REPORTERS: Readonly<Record<ReporterName, Reporter>> = Object.freeze({
  text: textReporter,
  json: jsonReporter,
  jsonl: jsonlReporter,
  markdown: markdownReporter,
  html: htmlReporter,
  junit: junitReporter,
  sarif: sarifReporter,
});

export {
  REPORTER_FORMATS,
  REPORTER_NAMES,
  type OutputTraits,
  type Reporter,
  type ReporterName,
  type ReporterOptions,
} from './types.js';
export { toPluginEval, type PluginEvalResult } from './plugineval.js';
export { SARIF_SCHEMA } from './sarif.js';
