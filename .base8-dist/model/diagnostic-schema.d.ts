import { z } from 'zod';
export declare const Severity: z.ZodEnum<{
    error: "error";
    warning: "warning";
    info: "info";
}>;
export type Severity = z.infer<typeof Severity>;
/** One problem found in one file, linter-style. Lines and columns are 1-based; 0 means "the whole file". */
export declare const Diagnostic: z.ZodObject<{
    file: z.ZodString;
    line: z.ZodNumber;
    column: z.ZodNumber;
    severity: z.ZodEnum<{
        error: "error";
        warning: "warning";
        info: "info";
    }>;
    ruleId: z.ZodString;
    message: z.ZodString;
}, z.core.$strip>;
export type Diagnostic = z.infer<typeof Diagnostic>;
