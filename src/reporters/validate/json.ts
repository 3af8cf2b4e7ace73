import type { ValidateReporter } from './types.js';

/** The ValidationReport as it is: every diagnostic, the counts, and what the rule configuration left out. */
export const validateJsonReporter: ValidateReporter = (report) => `${JSON.stringify(report, null, 2)}\n`;
