import type { SkillDocument } from '../../parse/skill.js';
/**
 * Shared, memoised measurements for the default methodology. Everything here reads the Markdown tree, so
 * nothing inside code fences counts as prose, a heading or a table.
 */
export interface Signals {
    /** Non-blank prose lines (code excluded), trimmed. */
    prose: string[];
    /** MUST/NEVER/ALWAYS in prose (OVER_CONSTRAINED and token efficiency both read it). */
    directives: number;
    /** normaliseLine() of each prose line, same order. */
    normalised: string[];
    /** Prose joined with newlines, and lowercased. */
    proseText: string;
    proseLower: string;
    /** Share of substantive prose lines that are not a near-duplicate of an earlier one (1 = all distinct). */
    distinctRatio: number;
    /** How much the content can be trusted: 1 for ordinary text, falling towards 0 as filler takes over. */
    integrity: number;
    /** Non-empty text files in references/ (any depth). */
    referenceFiles: string[];
    emptyReferenceFiles: string[];
    /** Non-empty files in assets/. */
    assetFiles: string[];
    emptyAssetFiles: string[];
    /** Targets of relative links in prose, normalised to skill-relative paths without anchors. */
    linkedPaths: Set<string>;
    lineCount: number;
}
/**
 * Lowercase, turn digits, punctuation and list markers into spaces and collapse them, so "Step 3: do X." and
 * "Step 4: do X!" compare equal. (A plain character class: the Unicode-property version dominated scoring time.)
 */
export declare function normaliseLine(line: string): string;
export declare function signals(skill: SkillDocument): Signals;
export interface TriggerAnalysis {
    positive: string[];
    negated: string[];
}
/**
 * Split a description into clauses and keep trigger phrases whose clause does not negate them. One forward pass:
 * the clause start, the last comma and the last negation are carried along as the matches advance (searching
 * backwards from every match was quadratic on a long description full of trigger phrases).
 */
export declare function analyseTriggers(description: string): TriggerAnalysis;
export interface StuffingAnalysis {
    stuffed: boolean;
    reasons: string[];
}
/** Descriptions written for the scorer rather than the model: piles of activation words, repeats, catch-alls. */
export declare function analyseStuffing(description: string): StuffingAnalysis;
