import type { z } from 'zod';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { positionAt } from '../util/text.js';
import { readTextFile } from './fs.js';
import { duplicateKeys, locateDuplicates } from './json-duplicates.js';

export type JsonFileResult<T> =
  | { ok: true; value: T; raw: unknown; text: string; diagnostics: Diagnostic[] }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * Parse JSON text; a syntax error becomes a diagnostic at its line and column. A leading byte-order mark (an editor
 * that adds one) is not part of the JSON and is skipped: JSON.parse rejects it, and a file whose content is intact
 * was refused as corrupt. Files read through readTextFile arrive without it; this covers every other reader.
 */
export function parseJsonText(
  raw: string,
  file: string,
): { ok: true; value: unknown } | { ok: false; diagnostic: Diagnostic } {
  // Removing it changes no line number.
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const message = (err as Error).message;
    // V8 gives no position when the text ends too soon: the problem is at its end (a truncated file), not "line 0".
    // V8 (Node 20) gives no position for "Unexpected token ']', ...": a trailing comma, the commonest slip of a hand
    // edit, was then reported with no line at all. The text is walked to find where it stops being JSON.
    const found =
      /position (\d+)/.exec(message) ??
      (/end of JSON input/.test(message) ? ['', String(text.trimEnd().length)] : null);
    const walked = found === null ? syntaxErrorOffset(text) : undefined;
    const at = found ?? (walked !== undefined ? ['', String(walked)] : null);
    const pos = at ? positionAt(text, Number(at[1])) : /line (\d+) column (\d+)/.exec(message);
    const line = pos ? ('line' in pos ? pos.line : Number(pos[1])) : 0;
    const column = pos ? ('column' in pos ? pos.column : Number(pos[2])) : 0;
    const reason = message
      .replace(/^JSON\.parse: /, '')
      .replace(/ in JSON at position \d+.*$/, '')
      .replace(/\s*\(line \d+ column \d+\)$/, '')
      // V8 quotes the text around the token, newlines and all: the message then spanned lines. The location says where.
      .replace(/, (?:"[\s\S]*"|\.\.\.[\s\S]*) is not valid JSON$/, '');
    return { ok: false, diagnostic: diagnostic(file, 'json/syntax', 'error', `invalid JSON: ${reason}`, line, column) };
  }
}

/**
 * The offset where `text` stops being JSON (RFC 8259), or undefined when it is JSON. Only asked after JSON.parse
 * failed without saying where; iterative over containers, so a deeply nested file cannot overflow the stack.
 */
export function syntaxErrorOffset(text: string): number | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    for (i++; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 0x5c) {
        const e = text[i + 1] ?? '';
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i++;
            return false;
          }
          i += 5;
        } else if ('"\\/bfnrt'.includes(e) && e !== '') i++;
        else {
          i++;
          return false;
        }
      }
    }
    return false;
  };
  const scalar = (): boolean => {
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (m === null) return false;
    i += m[0].length;
    return true;
  };
  // Each open container: '{' or '['. A value is read; then a comma, a closer, or the end.
  const stack: string[] = [];
  for (;;) {
    ws();
    // A value.
    if (text[i] === '{' || text[i] === '[') {
      const open = text[i]!;
      i++;
      ws();
      if (text[i] === (open === '{' ? '}' : ']')) {
        i++;
      } else {
        stack.push(open);
        if (open === '{') {
          if (!string()) return i;
          ws();
          if (text[i] !== ':') return i;
          i++;
        }
        continue;
      }
    } else if (text[i] === '"' ? !string() : !scalar()) {
      return Math.min(i, text.length);
    }
    // After a value: close what ends here, or go on to the next member.
    for (;;) {
      ws();
      const top = stack[stack.length - 1];
      if (top === undefined) return i < text.length ? i : undefined;
      if (text[i] === ',') {
        i++;
        ws();
        if (top === '{') {
          if (!string()) return i;
          ws();
          if (text[i] !== ':') return i;
          i++;
        }
        break;
      }
      if (text[i] !== (top === '{' ? '}' : ']')) return i;
      stack.pop();
      i++;
    }
  }
}

/** Read, parse and validate a JSON file against a zod schema; every problem is a diagnostic, never a throw. */
export async function readJsonFile<S extends z.ZodType>(
  abs: string,
  file: string,
  schema: S,
  ruleId: string,
  within?: string,
): Promise<JsonFileResult<z.infer<S>>> {
  const read = await readTextFile(abs, file, undefined, within);
  if (!read.ok) return { ok: false, diagnostics: [read.diagnostic] };
  const parsed = parseJsonText(read.file.text, file);
  if (!parsed.ok) return { ok: false, diagnostics: [...read.file.diagnostics, parsed.diagnostic] };
  const fileDiagnostics = [...read.file.diagnostics, ...duplicateKeyDiagnostics(read.file.text, file)];
  const result = schema.safeParse(parsed.value);
  if (!result.success) {
    const diagnostics = result.error.issues.slice(0, 10).map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
      const at = locateKeyPosition(read.file.text, issueKeyPath(issue));
      const msg = issue.code === 'invalid_type' && issue.path.length === 0 ? `must be a JSON object` : issue.message;
      return diagnostic(file, ruleId, 'error', `${where}: ${msg}`, at.line, at.column);
    });
    return { ok: false, diagnostics: [...fileDiagnostics, ...diagnostics] };
  }
  return { ok: true, value: result.data, raw: parsed.value, text: read.file.text, diagnostics: fileDiagnostics };
}

/** Duplicate keys named one by one up to this many; the rest are counted on the last line. */
const NAMED_DUPLICATES = 10;

/**
 * A key written twice in a manifest: JSON.parse (and so Claude Code) keeps the last value without a word, the file's
 * author may have meant the first, and a schema error is located at the first. An error, as in the config file and
 * the frontmatter; the file is still read (with the last value), so the rest of it is checked.
 */
function duplicateKeyDiagnostics(text: string, file: string): Diagnostic[] {
  const duplicates = duplicateKeys(text);
  const named = locateDuplicates(text, duplicates.slice(0, NAMED_DUPLICATES));
  return named.map((d, i) => {
    const more =
      i === NAMED_DUPLICATES - 1 && duplicates.length > NAMED_DUPLICATES
        ? ` (and ${duplicates.length - NAMED_DUPLICATES} more duplicate key(s))`
        : '';
    return diagnostic(file, 'json/duplicate-key', 'error', `${d.message}${more}`, d.line, d.column);
  });
}

/** JSON text checked against a schema: the value, or the first problem with where it is (line 0 when unknown). */
export type JsonTextCheck<T> =
  | { ok: true; value: T }
  | { ok: false; kind: 'syntax'; line: number; column: number; reason: string }
  | { ok: false; kind: 'schema'; line: number; column: number; reason: string; path: readonly PropertyKey[] };

/**
 * Parse `text` and check it against `schema`, locating the first problem: the syntax error's position, or the key at
 * fault for a schema issue (issueKeyPath). For readers that word their own message (the corpus index, a run log).
 */
export function checkJsonText<S extends z.ZodType>(text: string, schema: S): JsonTextCheck<z.output<S>> {
  const parsed = parseJsonText(text, '');
  if (!parsed.ok) {
    const d = parsed.diagnostic;
    return {
      ok: false,
      kind: 'syntax',
      line: d.line,
      column: d.column,
      reason: d.message.replace(/^invalid JSON: /, ''),
    };
  }
  const checked = schema.safeParse(parsed.value);
  if (checked.success) return { ok: true, value: checked.data };
  const issue = checked.error.issues[0]!;
  const at = locateKeyPosition(text, issueKeyPath(issue));
  return { ok: false, kind: 'schema', line: at.line, column: at.column, reason: issue.message, path: issue.path };
}

/**
 * The path of what a schema issue is about. zod reports an unknown key on the object that holds it; the key's own
 * path points at the line where it was typed (the first one, when there are several).
 */
export function issueKeyPath(issue: z.core.$ZodIssue): PropertyKey[] {
  return issue.code === 'unrecognized_keys' && issue.keys.length > 0
    ? [...issue.path, issue.keys[0]!]
    : [...issue.path];
}

/** Best-effort line of the last named key of a path, for pointing at a schema error. */
export function locateKey(text: string, path: readonly PropertyKey[]): number {
  return locateKeyPosition(text, path).line;
}

/**
 * Line and column of what a schema issue's path names, followed through the JSON text: the key's opening quote, an
 * array element's first character, or, when the last step is missing (a required key left out), the object or array
 * that should hold it. 1:1 for the top level; 0:0 when the text cannot be followed (it is not valid JSON). Searching
 * for the key's name alone pointed `evals[2].prompt` at the first eval's prompt.
 */
export function locateKeyPosition(text: string, path: readonly PropertyKey[]): { line: number; column: number } {
  if (path.length === 0) return { line: 1, column: 1 };
  const offset = offsetOfPath(text, path);
  return offset < 0 ? { line: 0, column: 0 } : positionAt(text, offset);
}

const WS = /[\s\uFEFF]/;

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.test(text[i]!)) i++;
  return i;
}

/** End of the string starting at `i` (its opening quote), just past the closing quote. */
function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j + 1;
  }
  return -1;
}

/** End of the value starting at `i`; -1 when the text is not JSON there. */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c !== '{' && c !== '[') {
    let j = i;
    while (j < text.length && !/[,\]}\s]/.test(text[j]!)) j++;
    return j > i ? j : -1;
  }
  const close = c === '{' ? '}' : ']';
  let j = skipWs(text, i + 1);
  if (text[j] === close) return j + 1;
  for (;;) {
    if (c === '{') {
      j = skipString(text, j);
      if (j < 0) return -1;
      j = skipWs(text, j);
      if (text[j] !== ':') return -1;
      j = skipWs(text, j + 1);
    }
    j = skipValue(text, j);
    if (j < 0) return -1;
    j = skipWs(text, j);
    if (text[j] === close) return j + 1;
    if (text[j] !== ',') return -1;
    j = skipWs(text, j + 1);
  }
}

/** The member (object) or element (array) of the container at `i` that `step` names: where it starts, and its value. */
function childOf(text: string, i: number, step: PropertyKey): { at: number; value: number } | undefined {
  const c = text[i];
  if ((c === '{') !== (typeof step === 'string') || (c !== '{' && c !== '[')) return undefined;
  let j = skipWs(text, i + 1);
  for (let index = 0; j < text.length && text[j] !== (c === '{' ? '}' : ']'); index++) {
    const at = j;
    if (c === '{') {
      const end = skipString(text, j);
      if (end < 0) return undefined;
      const key = JSON.parse(text.slice(j, end)) as string;
      j = skipWs(text, end);
      if (text[j] !== ':') return undefined;
      j = skipWs(text, j + 1);
      if (key === step) return { at, value: j };
    } else if (index === step) return { at, value: j };
    j = skipValue(text, j);
    if (j < 0) return undefined;
    j = skipWs(text, j);
    if (text[j] === ',') j = skipWs(text, j + 1);
  }
  return undefined;
}

function offsetOfPath(text: string, path: readonly PropertyKey[]): number {
  let value = skipWs(text, 0);
  let found = -1;
  try {
    for (const step of path) {
      const child = childOf(text, value, step);
      // A step that is not there (a required key left out): point at the container that lacks it.
      if (child === undefined) return value < text.length ? value : found;
      found = child.at;
      value = child.value;
    }
  } catch {
    return found;
  }
  return found;
}

/**
 * Where the value each path names starts in `text` (its first character: a string's opening quote), -1 for a path that
 * is not there. One walk over the text whatever the number of paths: a member no path goes through is skipped, never
 * entered, so locating every hook of a large file costs as much as reading it once. A duplicate key is followed at its
 * first occurrence, as locateKeyPosition does.
 */
export function locateValueOffsets(text: string, paths: readonly (readonly PropertyKey[])[]): number[] {
  const out = paths.map(() => -1);
  const walk = (at: number, depth: number, wanted: readonly number[]): void => {
    // The paths that go on from here, by their next step.
    const next = new Map<PropertyKey, number[]>();
    for (const p of wanted) {
      const path = paths[p]!;
      if (path.length === depth) out[p] = at;
      else {
        const same = next.get(path[depth]!);
        if (same === undefined) next.set(path[depth]!, [p]);
        else same.push(p);
      }
    }
    const c = text[at];
    if (next.size === 0 || (c !== '{' && c !== '[')) return;
    let j = skipWs(text, at + 1);
    for (let index = 0; j < text.length && text[j] !== (c === '{' ? '}' : ']'); index++) {
      let step: PropertyKey = index;
      if (c === '{') {
        const end = skipString(text, j);
        if (end < 0) return;
        step = JSON.parse(text.slice(j, end)) as string;
        j = skipWs(text, end);
        if (text[j] !== ':') return;
        j = skipWs(text, j + 1);
      }
      const here = next.get(step);
      if (here !== undefined) {
        next.delete(step);
        walk(j, depth + 1, here);
      }
      j = skipValue(text, j);
      if (j < 0) return;
      j = skipWs(text, j);
      if (text[j] === ',') j = skipWs(text, j + 1);
    }
  };
  try {
    walk(
      skipWs(text, 0),
      0,
      paths.map((_, i) => i),
    );
  } catch {
    // Text that is not JSON where a path leads: what was found stands.
  }
  return out;
}
