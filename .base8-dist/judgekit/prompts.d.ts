import type { Criterion, PromptVersion, Rubric } from './schemas.js';
export interface PromptTemplate {
    name: string;
    version: string;
    system: string;
    user: string;
}
export declare const DIRECT_TEMPLATE: PromptTemplate;
export declare const PAIRWISE_TEMPLATE: PromptTemplate;
export declare const RUBRIC_TEMPLATE: PromptTemplate;
export declare function strictnessRule(strictness: string): string;
export declare function promptVersion(template: PromptTemplate): PromptVersion;
/** Replace `{{name}}` placeholders; an unknown placeholder is a programming error, so it throws. */
export declare function fill(text: string, vars: Record<string, string>): string;
/** Optional context / reference sections, or nothing. */
export declare function contextSection(input: {
    context?: string | undefined;
    reference?: string | undefined;
}): string;
export declare function renderRubric(rubric: Rubric): string;
export declare function renderCriteria(criteria: readonly Criterion[], withRubrics: boolean): string;
