import { type SkillDocument } from '../parse/skill.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ValidationRule } from './types.js';
export type { ValidationRule } from './types.js';
/** The one table of validation rules. */
export declare const VALIDATION_RULES: readonly ValidationRule[];
export declare function validateSkillDocument(skill: SkillDocument): Diagnostic[];
export interface ValidationReport {
    targets: number;
    diagnostics: Diagnostic[];
    errors: number;
    warnings: number;
}
/** Validate every skill and plugin under the given paths. */
export declare function validate(paths: readonly string[]): Promise<ValidationReport>;
