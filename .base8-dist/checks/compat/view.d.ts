import type { SkillDocument } from '../../parse/skill.js';
/**
 * The skill as PluginEval 0.1.x sees it: the raw text (BOM and line endings untouched), its naive frontmatter
 * split, and line-prefix headings. Memoised per document because every compat check reads it.
 */
export interface CompatView {
    content: string;
    lower: string;
    body: string;
    bodyLower: string;
    lines: string[];
    lineCount: number;
    frontmatter: Record<string, unknown>;
    /** Why PluginEval would silently see empty frontmatter, if it would. */
    problem: string | undefined;
    name: string;
    description: string;
    headingCount: number;
    fenceCount: number;
    languages: Set<string>;
    /** MUST/NEVER/ALWAYS over the whole file (OVER_CONSTRAINED and token efficiency both read it). */
    directives: number;
}
export declare function compatView(skill: SkillDocument): CompatView;
/** PluginEval's trigger-phrase regex (case-insensitive); it also accepts negations such as "Do not use when". */
export declare const COMPAT_TRIGGER: RegExp;
/** Cross-references to other skills, as PluginEval finds them (URLs and prose included). */
export declare const COMPAT_CROSS_REF: RegExp;
