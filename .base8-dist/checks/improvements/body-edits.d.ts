import { type SkillDocument } from '../../parse/skill.js';
import type { SkillEdit } from '../../model/result.js';
import type { AntiPatternInstance, Improvement } from '../types.js';
/** Builders of the body edits that improvements share (a check and a rule often offer the same fix). */
/** A new section at the end of SKILL.md. */
export declare function appendSection(heading: string, body: string): SkillEdit;
/** Lowercase MUST/ALWAYS/NEVER in prose after the first `keep`, line by line (code is left alone). */
export declare function softenDirectives(skill: SkillDocument, keep: number): {
    edits: SkillEdit[];
    softened: number;
    firstLine?: number;
};
/**
 * Delete prose lines that repeat an earlier line (after normalising numbers and punctuation). Headings and table
 * rows are kept: deleting them would break the document's structure.
 */
export declare function dropRepeatedLines(skill: SkillDocument): {
    edits: SkillEdit[];
    lines: number[];
};
/**
 * Move the longest H2 section (at least `minLines` lines, and not the only one) into references/<slug>.md and
 * leave a link in its place: the progressive-disclosure fix both the check and BLOATED_SKILL ask for.
 */
export declare function moveLongestSection(skill: SkillDocument, id: string, minLines?: number): Improvement | undefined;
/** Non-empty reference files that SKILL.md does not link, listed under a new "References" section. */
export declare function linkReferenceFiles(skill: SkillDocument, id: string): Improvement | undefined;
/** A line with a link to `target` replaced by the link's text, or a bare path by its last name; unchanged if absent. */
export declare function lineWithoutReference(line: string, target: string): string;
/** One edit per line that takes every listed reference out of it (several on one line are one edit). */
export declare function referencesRemoved(skill: SkillDocument, targets: ReadonlyMap<number, readonly string[]>): SkillEdit[];
/**
 * Delete the lines anti-pattern instances point at (SKILL.md, or a file of the skill when the instance names one):
 * for rules whose instance is the offending line itself.
 */
export declare function deleteFlaggedLines(skill: SkillDocument, instances: readonly AntiPatternInstance[], id: string, why: string): Improvement[];
