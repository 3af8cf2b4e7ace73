import type { AntiPatternRule } from '../types.js';
/**
 * PluginEval 0.1.x's six anti-pattern detectors, in its reporting order. Each instance costs 5% in the
 * penalty whatever its severity (PluginEval ignores severities).
 */
export declare const overConstrained: AntiPatternRule;
export declare const emptyDescription: AntiPatternRule;
export declare const missingTrigger: AntiPatternRule;
export declare const bloatedSkill: AntiPatternRule;
export declare const orphanReference: AntiPatternRule;
export declare const deadCrossRef: AntiPatternRule;
export declare const compatAntiPatterns: readonly AntiPatternRule[];
