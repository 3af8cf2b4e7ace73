import type { AntiPatternRule } from '../types.js';
/** The seed's six anti-patterns with PluginEval's flaws fixed, plus five that catch gaming of the static layer. */
export declare const overConstrained: AntiPatternRule;
export declare const emptyDescription: AntiPatternRule;
export declare const missingTrigger: AntiPatternRule;
export declare const bloatedSkill: AntiPatternRule;
export declare const orphanReference: AntiPatternRule;
export declare const deadCrossRef: AntiPatternRule;
export declare const keywordStuffing: AntiPatternRule;
export declare const fillerContent: AntiPatternRule;
export declare const emptyReferenceFile: AntiPatternRule;
export declare const defaultAntiPatterns: readonly AntiPatternRule[];
