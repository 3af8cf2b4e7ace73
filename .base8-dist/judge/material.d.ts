import type { SkillDocument } from '../parse/skill.js';
export declare const CHARS_PER_TOKEN = 4;
export declare const DEFAULT_BUDGET_TOKENS = 24000;
export declare function estimateTokens(text: string): number;
export interface IncludedFile {
    path: string;
    tokens: number;
    /** Tokens actually included (less than `tokens` when the file was cut). */
    includedTokens: number;
    /** The text shown to the judge (the file's start when it was cut). */
    text: string;
}
export interface SkillMaterial {
    /** Files concatenated, each under a `=== FILE: path ===` header. */
    text: string;
    files: IncludedFile[];
    /** Human-readable notes on what was cut or skipped and why. */
    notes: string[];
    budgetTokens: number;
    /** Whether any included text has a fenced code block (code_template_quality needs something to judge). */
    hasCode: boolean;
}
/**
 * SKILL.md first (an agent always loads it), then references/ in path order. A file that does not fit
 * is cut at a line boundary when enough room is left, otherwise left out; both are noted.
 */
export declare function collectSkillMaterial(skill: SkillDocument, budgetTokens?: number): Promise<SkillMaterial>;
