import type { ComponentCheck } from './types.js';
/** PluginEval 0.1.x's agent score: frontmatter only; the body is never read. */
export declare const compatAgent: ComponentCheck;
