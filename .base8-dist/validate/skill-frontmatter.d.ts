import type { ValidationRule } from './types.js';
/** The Agent Skills spec and skill-creator's quick_validate rules for SKILL.md frontmatter. */
export declare const skillFrontmatter: ValidationRule;
