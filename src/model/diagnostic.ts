import type { Diagnostic, Severity } from './diagnostic-schema.js';

/**
 * The Diagnostic type comes from its zod schema (diagnostic-schema.ts); this module stays zod-free for fast start-up.
 */
export type { Diagnostic, Severity } from './diagnostic-schema.js';

export function diagnostic(
  file: string,
  ruleId: string,
  severity: Severity,
  message: string,
  line = 0,
  column = 0,
): Diagnostic {
  return { file, line, column, severity, ruleId, message };
}
