import type { StaticCheck } from '../types.js';
export { defaultAntiPatterns } from './anti-patterns.js';
/** The default methodology's seven static sub-checks, in PluginEval's order. */
export declare const defaultChecks: readonly StaticCheck[];
