import type { StaticCheck } from '../types.js';
/** PluginEval's description "pushiness" score, capped at 0.95. */
export declare function compatPushiness(description: string): {
    score: number;
    evidence: string[];
};
export declare const frontmatterQuality: StaticCheck;
