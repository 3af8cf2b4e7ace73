/**
 * The one reader of JSON and JSON Lines files a user or a skill hands over: parse, validate with a zod schema, and
 * say what is wrong with the file's name, the line, and for a bad field its path (`evals[2].expectations[0]`), as an
 * InputError (exit 2).
 */
import type { z } from 'zod';
import { InputError } from '../errors.js';
import { readTextFile } from './fs.js';
import { locateKeyPosition, parseJsonText } from './json.js';

/** `evals[2].expectations[0]` from a zod issue path. */
export function fieldOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(top level)';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

/** Parse and validate JSON text; `file` is only for messages. */
export function parseJsonAs<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
  expected?: string,
): z.output<S> {
  return checkedJson(text, file, schema, expected).data;
}

/** The parsed value as written and as the schema made it; the first problem is an InputError. */
function checkedJson<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
  expected: string | undefined,
): { written: unknown; data: z.output<S> } {
  const parsed = parseJsonText(text, file);
  if (!parsed.ok) {
    // JSON.parse gives no position for a file cut short: the problem is at its end.
    const line = parsed.diagnostic.line > 0 ? parsed.diagnostic.line : text.split('\n').length;
    throw new InputError(`${file}:${line}: ${parsed.diagnostic.message}`, file);
  }
  const checked = schema.safeParse(parsed.value);
  if (checked.success) return { written: parsed.value, data: checked.data };
  const issue = checked.error.issues[0]!;
  const at = locateKeyPosition(text, issue.path);
  const more = checked.error.issues.length > 1 ? ` (and ${checked.error.issues.length - 1} more problem(s))` : '';
  const hint = expected === undefined ? '' : `; expected ${expected}`;
  throw new InputError(
    `${file}${at.line > 0 ? `:${at.line}` : ''}: ${fieldOf(issue.path)}: ${issue.message}${hint}${more}`,
    file,
  );
}

/**
 * The skill reader's 4 MiB bound is for text an agent loads; these files are not that. A run.json keeps every tool
 * call's input, so a run whose agent wrote a few MB of files passes 4 MiB, and with it refused its whole iteration
 * could be neither graded nor aggregated. This bound only keeps a file that is plainly not ours out of memory.
 */
export const MAX_JSON_BYTES = 256 * 1024 * 1024;

/**
 * Read a JSON file and validate it; a missing, unreadable, too large, non-UTF-8 or invalid file is an InputError naming
 * it.
 */
export async function readJsonAs<S extends z.ZodType>(
  file: string,
  schema: S,
  expected?: string,
): Promise<z.output<S>> {
  return parseJsonAs(await jsonFileText(file), file, schema, expected);
}

/**
 * For a file plugin-eval edits and writes back (Claude Code's settings): checked as readJsonAs checks it, but the value
 * returned is the file's own, so key order and every field the schema does not name stay as the user wrote them. Only
 * for a schema that neither transforms nor fills in defaults (its input type is what is returned).
 */
export async function readJsonToEdit<S extends z.ZodType>(
  file: string,
  schema: S,
  expected?: string,
): Promise<z.input<S>> {
  return checkedJson(await jsonFileText(file), file, schema, expected).written as z.input<S>;
}

/** A JSON file's text, read within MAX_JSON_BYTES; an unreadable or non-UTF-8 file is an InputError naming it. */
async function jsonFileText(file: string): Promise<string> {
  const read = await readTextFile(file, file, MAX_JSON_BYTES);
  if (!read.ok) {
    const why =
      read.diagnostic.ruleId === 'file/too-large'
        ? `larger than ${MAX_JSON_BYTES / 1048576} MiB, too large to be this file`
        : read.diagnostic.message;
    throw new InputError(`${file}: ${why}`, file);
  }
  // Decoding bad bytes as U+FFFD would change a prompt or a review without a word (and a rewrite would keep the
  // change).
  const badBytes = read.file.diagnostics.find((d) => d.ruleId === 'file/invalid-utf8');
  if (badBytes !== undefined)
    throw new InputError(
      `${file}:${badBytes.line}: not valid UTF-8 (JSON files are UTF-8: save it in that encoding)`,
      file,
    );
  return read.file.text;
}

/**
 * One non-blank line of JSON Lines text: its value, or why it is not one (`syntax` is the parser's own words when the
 * line is not JSON at all, for readers that phrase that themselves).
 */
export type JsonLine<T> =
  | { line: number; ok: true; value: T }
  | { line: number; ok: false; reason: string; syntax?: string };

/**
 * Each non-blank line of JSON Lines text checked against `schema`, bad ones with their reason (for readers that go on).
 */
export function jsonLinesOf<S extends z.ZodType>(text: string, schema: S): JsonLine<z.output<S>>[] {
  const out: JsonLine<z.output<S>>[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      const syntax = (error as Error).message.split('\n', 1)[0]!;
      out.push({ line: i + 1, ok: false, reason: `invalid JSON (${syntax})`, syntax });
      continue;
    }
    const checked = schema.safeParse(value);
    if (checked.success) out.push({ line: i + 1, ok: true, value: checked.data });
    else
      out.push({
        line: i + 1,
        ok: false,
        reason: `${fieldOf(checked.error.issues[0]!.path)}: ${checked.error.issues[0]!.message}`,
      });
  }
  return out;
}

/** Parse and validate JSON Lines text: the first bad line is an InputError naming the file, its line and the field. */
export function parseJsonLinesAs<S extends z.ZodType>(text: string, file: string, schema: S): z.output<S>[] {
  return jsonLinesOf(text, schema).map((l) => {
    if (!l.ok) throw new InputError(`${file}:${l.line}: ${l.reason}`, file);
    return l.value;
  });
}
