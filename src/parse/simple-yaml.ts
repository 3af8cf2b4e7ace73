/**
 * A fast path for the frontmatter almost every skill has: `key: value` lines whose values are plain or quoted
 * strings, `true`/`false`, or a list of such strings (`allowed-tools:` as indented `- Read` lines, or as
 * `[Read, Grep]`). Anything else (nesting, block scalars, values over several lines, other escapes, numbers,
 * other booleans, null, comments, duplicate keys) returns undefined and the caller uses the full YAML parser.
 * Why: the parser costs a one-skill CLI run ~15 ms (loading it, then running its code cold), and ~30 ms when
 * it was loaded from node_modules. The result must equal what `yaml` returns for the same text under YAML 1.2 and
 * 1.1 (compat mode reads 1.1): tests check this over every corpus frontmatter and over generated tricky ones.
 */
export type SimpleYamlValue = string | boolean | string[];

export interface SimpleYaml {
  data: Record<string, SimpleYamlValue>;
  /** 1-based line of each key within the YAML text. */
  keyLines: Record<string, number>;
}

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*?))?[ ]*$/;
/** An item of a block list: `- value`, indented by spaces (or not at all). */
const LIST_ITEM = /^([ ]*)- +(.*?)[ ]*$/;
/**
 * Dotted version numbers with three or more parts ("0.1.0", "1.2.3"): no YAML 1.1 or 1.2 number, boolean or
 * timestamp form has two dots, so both read them as strings. Many plugin skills carry `version: 0.1.0`.
 */
const DOTTED_VERSION = /^[0-9]+(?:\.[0-9]+){2,}$/;
// Words YAML 1.1 or 1.2 read as booleans or null; numbers; anything starting with an indicator character, or with
// YAML 1.1's merge key `<<`. A single `<` is no indicator: `argument-hint: <file> [options]` is a plain string.
const NOT_A_PLAIN_STRING =
  /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~)$|^[-+.0-9]|^[[\]{}&*!|>'"%@`#,?:~=]|^<</;
/**
 * An item of a flow list (`[Read, Grep]`) read the same by every YAML version: letters, digits and a few
 * punctuation marks that mean nothing inside a flow collection, starting with a letter.
 */
const FLOW_ITEM = /^[A-Za-z_][A-Za-z0-9_./()*-]*$/;

export function parseSimpleYaml(text: string): SimpleYaml | undefined {
  const data: Record<string, SimpleYamlValue> = {};
  const keyLines: Record<string, number> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const m = KEY_LINE.exec(line);
    if (!m) return undefined;
    const key = m[1]!;
    const raw = m[2];
    // A key YAML 1.1 reads as a boolean or null (`on:`, `n:`) is not that string there.
    if (key in data || NOT_A_PLAIN_STRING.test(key)) return undefined;
    keyLines[key] = i + 1;
    let value: SimpleYamlValue | undefined;
    const quoted = raw === undefined || raw === '' || isOpenQuote(raw) ? quotedLines(lines, i, raw) : undefined;
    if (quoted !== undefined) {
      value = quoted.value;
      i = quoted.end - 1;
    } else if (raw === undefined || raw === '') {
      const list = blockList(lines, i + 1);
      if (list === undefined) return undefined;
      value = list.items;
      i = list.end - 1;
    } else value = raw.startsWith('[') ? flowList(raw) : scalar(raw);
    if (value === undefined) return undefined;
    data[key] = value;
  }
  return { data, keyLines };
}

/** A one-line value: a plain or quoted string, or `true`/`false` (booleans in YAML 1.1 and 1.2 alike). */
function scalar(raw: string): string | boolean | undefined {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (raw.startsWith('"')) {
    if (raw.length < 2 || !raw.endsWith('"')) return undefined;
    const inner = raw.slice(1, -1);
    // Escapes: a double-quoted YAML scalar that is also a JSON string (what a tip's set-frontmatter edit
    // writes, JSON.stringify) means the same in both; anything JSON rejects goes to the full parser.
    return /["\\]/.test(inner) ? jsonString(raw) : inner;
  }
  if (raw.startsWith("'")) {
    if (raw.length < 2 || !raw.endsWith("'")) return undefined;
    const inner = raw.slice(1, -1);
    if (/'(?!')/.test(inner.replace(/''/g, ''))) return undefined;
    return inner.replace(/''/g, "'");
  }
  if (
    (NOT_A_PLAIN_STRING.test(raw) && !DOTTED_VERSION.test(raw)) ||
    raw.includes(': ') ||
    raw.includes(' #') ||
    raw.endsWith(':') ||
    raw.includes('\t')
  )
    return undefined;
  return raw;
}

/** A value that opens a double quote on the key's line and closes it on a later line. */
const isOpenQuote = (raw: string): boolean => raw.startsWith('"') && !raw.slice(1).includes('"');
/** What a line of a quoted scalar over several lines may hold: no quote, escape, control character or other break. */
// eslint-disable-next-line no-control-regex
const QUOTED_LINE_TEXT = /^[^"\\\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;

/**
 * A double-quoted string over several lines, as a long description is often wrapped: opened on the key's line
 * (`description: "Solve ...`) or alone on the next, indented line, continued on indented lines, closed at the end of
 * its last line. YAML 1.1 and 1.2 fold each line break into one space and drop the blanks around it (not those just
 * inside the quotes). Anything else (escapes, quotes inside, blank or unindented lines, an empty part) is left to
 * the full parser: undefined.
 */
function quotedLines(
  lines: readonly string[],
  keyLine: number,
  raw: string | undefined,
): { value: string; end: number } | undefined {
  let at = keyLine;
  let text: string;
  if (raw === undefined || raw === '') {
    at = keyLine + 1;
    const line = lines[at];
    if (line === undefined || !/^ +"/.test(line)) return undefined;
    text = line.trimStart().slice(1);
  } else text = raw.slice(1);
  const parts: string[] = [];
  for (;;) {
    const trimmed = text.trimEnd();
    const closed = trimmed.endsWith('"');
    const content = closed ? trimmed.slice(0, -1) : text;
    if (!QUOTED_LINE_TEXT.test(content)) return undefined;
    if (parts.length > 0 && !content.startsWith(' ')) return undefined; // a continuation line is indented
    const first = parts.length === 0;
    const part = closed ? (first ? content : content.trimStart()) : first ? content.trimEnd() : content.trim();
    if (part === '') return undefined;
    parts.push(part);
    if (closed) return { value: parts.join(' '), end: at + 1 };
    if (++at >= lines.length) return undefined;
    text = lines[at]!;
  }
}

/**
 * The string items of a block list starting at line `from` (the line after its key), all at one indentation,
 * and the line after the list; undefined when there is no item or one is anything but a one-line string.
 * Blank lines may sit between items; the list ends at the first other line, which the caller reads as a key.
 */
function blockList(lines: readonly string[], from: number): { items: string[]; end: number } | undefined {
  const items: string[] = [];
  let indent: string | undefined;
  let end = from;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const item = LIST_ITEM.exec(line);
    if (!item) break;
    if (indent !== undefined && item[1] !== indent) return undefined;
    indent = item[1]!;
    const value = scalar(item[2]!);
    if (typeof value !== 'string') return undefined;
    items.push(value);
    end = i + 1;
  }
  // The first line after the list is not indented (a key; anything else fails the caller's key test), and
  // neither is a line that would continue the last item.
  let next = end;
  while (next < lines.length && lines[next]!.trim() === '') next++;
  if (items.length === 0 || (next < lines.length && /^[ \t]/.test(lines[next]!))) return undefined;
  return { items, end };
}

/** `[a, b]` with plain items FLOW_ITEM accepts and that no YAML version reads as anything but a string. */
function flowList(raw: string): string[] | undefined {
  if (!raw.endsWith(']')) return undefined;
  const inner = raw.slice(1, -1).trim();
  if (inner === '') return [];
  const items = inner.split(',').map((item) => item.trim());
  return items.every((item) => FLOW_ITEM.test(item) && !NOT_A_PLAIN_STRING.test(item)) ? items : undefined;
}

/** A JSON string literal's value, or undefined when `raw` is not exactly one (control characters, bad escapes). */
function jsonString(raw: string): string | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
