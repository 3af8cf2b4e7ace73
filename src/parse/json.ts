import type { z } from 'zod';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { positionAt } from '../util/text.js';
import { readTextFile } from './fs.js';

export type JsonFileResult<T> = { ok: true; value: T; raw: unknown; diagnostics: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };

/** Parse JSON text; a syntax error becomes a diagnostic at its line and column. */
export function parseJsonText(text: string, file: string): { ok: true; value: unknown } | { ok: false; diagnostic: Diagnostic } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const message = (err as Error).message;
    const at = /position (\d+)/.exec(message);
    const pos = at ? positionAt(text, Number(at[1])) : /line (\d+) column (\d+)/.exec(message);
    const line = pos ? ('line' in pos ? pos.line : Number(pos[1])) : 0;
    const column = pos ? ('column' in pos ? pos.column : Number(pos[2])) : 0;
    const reason = message.replace(/^JSON\.parse: /, '').replace(/ in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '');
    return { ok: false, diagnostic: diagnostic(file, 'json/syntax', 'error', `invalid JSON: ${reason}`, line, column) };
  }
}

/** Read, parse and validate a JSON file against a zod schema; every problem is a diagnostic, never a throw. */
export async function readJsonFile<S extends z.ZodType>(abs: string, file: string, schema: S, ruleId: string, within?: string): Promise<JsonFileResult<z.infer<S>>> {
  const read = await readTextFile(abs, file, undefined, within);
  if (!read.ok) return { ok: false, diagnostics: [read.diagnostic] };
  const parsed = parseJsonText(read.file.text, file);
  if (!parsed.ok) return { ok: false, diagnostics: [...read.file.diagnostics, parsed.diagnostic] };
  const result = schema.safeParse(parsed.value);
  if (!result.success) {
    const diagnostics = result.error.issues.slice(0, 10).map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
      const at = locateKeyPosition(read.file.text, issue.path);
      const msg = issue.code === 'invalid_type' && issue.path.length === 0 ? `must be a JSON object` : issue.message;
      return diagnostic(file, ruleId, 'error', `${where}: ${msg}`, at.line, at.column);
    });
    return { ok: false, diagnostics: [...read.file.diagnostics, ...diagnostics] };
  }
  return { ok: true, value: result.data, raw: parsed.value, diagnostics: read.file.diagnostics };
}

/** Best-effort line of the last named key of a path, for pointing at a schema error. */
export function locateKey(text: string, path: readonly PropertyKey[]): number {
  return locateKeyPosition(text, path).line;
}

/** Best-effort line and column of the last named key of a path (its opening quote); 0:0 when not found, 1:1 for the top level. */
export function locateKeyPosition(text: string, path: readonly PropertyKey[]): { line: number; column: number } {
  const key = [...path].reverse().find((p) => typeof p === 'string');
  if (typeof key !== 'string') return path.length === 0 ? { line: 1, column: 1 } : { line: 0, column: 0 };
  const idx = text.indexOf(`"${key}"`);
  return idx === -1 ? { line: 0, column: 0 } : positionAt(text, idx);
}
