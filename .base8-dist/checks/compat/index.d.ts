import type { StaticCheck } from '../types.js';
export { compatAntiPatterns } from './anti-patterns.js';
/** PluginEval 0.1.x's seven static sub-checks, in its order. */
export declare const compatChecks: readonly StaticCheck[];
