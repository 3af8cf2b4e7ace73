/**
 * What `plugin-eval validate --output json` prints and the library's `validate()` returns
 * (`plugin-eval schema validation-report`).
 */
import { z } from 'zod';
import { Diagnostic } from './diagnostic-schema.js';
import { DisabledCounts } from './result.js';

export const ValidationReport = z.object({
  targets: z.number().int().nonnegative().describe('Skills and plugins checked'),
  checked: z.array(z.string()).describe('The skills and plugins checked (display paths), in discovery order'),
  diagnostics: z.array(Diagnostic).describe('Every diagnostic the rule configuration kept, errors first'),
  errors: z.number().int().nonnegative(),
  warnings: z.number().int().nonnegative(),
  infos: z.number().int().nonnegative(),
  disabled: DisabledCounts,
});
export type ValidationReport = z.infer<typeof ValidationReport>;
