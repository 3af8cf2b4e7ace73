import type { Reporter, ReporterName } from './types.js';
export declare const REPORTERS: Readonly<Record<ReporterName, Reporter>>;
export { REPORTER_NAMES, type Reporter, type ReporterName, type ReporterOptions } from './types.js';
export { toPluginEval, type PluginEvalResult } from './plugineval.js';
export { SARIF_SCHEMA } from './sarif.js';
