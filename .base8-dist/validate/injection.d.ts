import type { ValidationRule } from './types.js';
/** The shared INJECTION_ATTEMPT rule as a validation error, with file, line and column. */
export declare const skillInjection: ValidationRule;
