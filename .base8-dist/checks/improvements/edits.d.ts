import type { SkillEdit } from '../../model/result.js';
/**
 * Apply improvement edits to the text files of a skill folder (or of an agent's or command's folder), held as a map of relative path -> text (null: deleted).
 * Pure: the scorer runs it on a copy in memory to measure a tip's gain, and a user (or a test) can run it on disk.
 *
 * Line numbers in `replace-lines` refer to the files as given (CRLF read as LF), so all line edits of a file are
 * applied together (overlapping ones after the first are skipped); frontmatter edits and appends follow. Returns the paths whose text changed.
 */
export declare function applyEdits(files: Map<string, string | null>, edits: readonly SkillEdit[]): Set<string>;
/**
 * Set one top-level key of the frontmatter, replacing its value and any continuation lines (indented or block
 * scalar lines); add the key before the closing fence when absent, or add a frontmatter block when there is none.
 */
export declare function setFrontmatterKey(text: string, key: string, value: string): string;
/** The SKILL.md lines (1-based, frontmatter included) as they are, for building line edits. */
export declare function skillLines(text: string): string[];
