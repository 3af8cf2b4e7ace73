import type { SkillDocument } from '../../parse/skill.js';
import type { Improvement } from '../types.js';
/** Use-case clauses after a comma, as the frontmatter check counts them. */
export declare const USE_CASES: RegExp;
/** "for profiling a CSV file" from "Profiles a CSV file and reports ...": a purpose as its first use (skills, agents). */
export declare function purposeAsUse(what: string): string | undefined;
/**
 * The description rewritten from the skill's own words: what it does (the current text before its trigger, or
 * the body's first sentence when the description is empty), then "Use when" with each situation after a comma
 * ("..., when cleaning data, or when checking an export"), which is the form the router and the check read.
 * Undefined when the skill gives nothing to build it from.
 */
export declare function rewrittenDescription(skill: SkillDocument): string | undefined;
/** What the description lacks, in the frontmatter check's own terms. */
export declare function descriptionGaps(description: string): string[];
/** The description rewrite as an improvement, offered by the frontmatter check and the description anti-patterns. */
export declare function descriptionImprovement(skill: SkillDocument, id: string): Improvement | undefined;
