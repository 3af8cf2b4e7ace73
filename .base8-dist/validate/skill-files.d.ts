import type { ValidationRule } from './types.js';
/** Links and file references in SKILL.md resolve inside the skill; nothing in references/ is orphaned or empty. */
export declare const skillFiles: ValidationRule;
