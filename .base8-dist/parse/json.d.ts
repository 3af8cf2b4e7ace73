import type { z } from 'zod';
import { type Diagnostic } from '../model/diagnostic.js';
export type JsonFileResult<T> = {
    ok: true;
    value: T;
    raw: unknown;
    diagnostics: Diagnostic[];
} | {
    ok: false;
    diagnostics: Diagnostic[];
};
/** Parse JSON text; a syntax error becomes a diagnostic at its line and column. */
export declare function parseJsonText(text: string, file: string): {
    ok: true;
    value: unknown;
} | {
    ok: false;
    diagnostic: Diagnostic;
};
/** Read, parse and validate a JSON file against a zod schema; every problem is a diagnostic, never a throw. */
export declare function readJsonFile<S extends z.ZodType>(abs: string, file: string, schema: S, ruleId: string, within?: string): Promise<JsonFileResult<z.infer<S>>>;
/** Best-effort line of the last named key of a path, for pointing at a schema error. */
export declare function locateKey(text: string, path: readonly PropertyKey[]): number;
