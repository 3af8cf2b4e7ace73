import type { SkillEdit } from '../model/result.js';
import { type MarkdownComponent } from '../parse/plugin.js';
import type { SkillDocument } from '../parse/skill.js';
/**
 * The skill as it would be after `edits`, built in memory (no file is touched): SKILL.md re-parsed, written files
 * added to the file list with their sizes, deleted ones removed. Only the files the edits touch are read, and
 * only from the edits themselves; everything else is the original document's.
 */
export declare function editedSkill(skill: SkillDocument, edits: readonly SkillEdit[]): SkillDocument;
/**
 * An agent or command as it would be after `edits` (paths relative to its folder), re-parsed in memory exactly as
 * reading the edited file would parse it. Edits to other files are ignored: a component is one file.
 */
export declare function editedComponent(component: MarkdownComponent, edits: readonly SkillEdit[]): MarkdownComponent;
