import { z } from 'zod';
export const Severity = z.enum(['error', 'warning', 'info']).meta({
    description: 'error: the skill is broken or the spec is violated; warning: likely a mistake; info: a note.',
});
/** One problem found in one file, linter-style. Lines and columns are 1-based; 0 means "the whole file". */
export const Diagnostic = z.object({
    file: z.string().describe('Path of the file, relative to the scored target when possible'),
    line: z.number().int().nonnegative(),
    column: z.number().int().nonnegative(),
    severity: Severity,
    ruleId: z.string().describe('Stable rule id, e.g. "frontmatter/yaml-syntax"'),
    message: z.string(),
});
//# sourceMappingURL=diagnostic-schema.js.map