/**
 * Secret redaction for what the logging hook writes. Four kinds of rule, each one pass over the text:
 * - the catalogue of secret formats (src/data/secret-formats.ts: `ghp_`, `glpat-`, `sk_live_`, `AIza`, `hf_`, ...),
 *   and private key blocks;
 * - credentials in URLs (`scheme://user:pass@host`: the LAST `@` of the authority ends the user info, so a
 *   password holding `@` is cut whole) and `Bearer`/`Basic` values, `-u user:pass`;
 * - values under a name that labels a secret (`password=`, `"DB_PASS": "..."`, `authorization: x`), whatever their
 *   length (src/logs/secret-keys.ts says which names);
 * - command-line flags (`--password x`, `--token=x`, `--api-key x`) and mysql-style `-pX`.
 *
 * Every pass runs in time linear in the input, whatever the input: patterns use bounded repetition and start only
 * where a token or name starts (a lookbehind), so a run like `eyJeyJeyJ...` is scanned once, not once per position;
 * the name and flag passes are loops that skip past each value they look at. Kept free of heavy imports (the hook
 * loads it).
 */
import { PRIVATE_KEY_BEGIN, SECRET_FORMATS, secretFormatPattern } from '../data/secret-formats.js';
import { isSecretUnder, secretName } from './secret-keys.js';

export const REDACTED = '[REDACTED]';

interface Rule {
  name: string;
  /** Text every match contains (one of them): a text without any is not searched. */
  literals?: readonly string[] | undefined;
  /** The literals are lower case and looked for in the text in lower case (a case-insensitive pattern). */
  anyCase?: boolean;
  pattern: RegExp | (() => RegExp);
  replace: string | ((match: string, ...groups: string[]) => string);
}

/**
 * `user:pass@host` in a URL's authority (up to the first `/ ? #`, space or quote): everything from the first `:` to the
 * last `@`.
 */
function redactUserinfo(match: string, authority: string): string {
  const at = authority.lastIndexOf('@');
  const colon = authority.indexOf(':');
  if (at === -1 || colon === -1 || colon > at) return match;
  return `://${authority.slice(0, colon + 1)}${REDACTED}${authority.slice(at)}`;
}

/**
 * A format's expression is built (and compiled by V8) only for a text that holds one of its literals: the hook redacts
 * a few short strings per call, and building and compiling the whole catalogue for them was most of its cost.
 */
function formatRule(format: (typeof SECRET_FORMATS)[number]): Rule {
  let pattern: RegExp | undefined;
  return {
    name: format.id,
    literals: format.literals,
    pattern: () => (pattern ??= secretFormatPattern(format)),
    replace: REDACTED,
  };
}

const REDACTION_RULES: readonly Rule[] = [
  {
    name: 'url credentials',
    literals: ['://'],
    pattern: /:\/\/([^\s/?#"'<>\\]{1,2048})/g,
    replace: redactUserinfo,
  },
  ...SECRET_FORMATS.map(formatRule),
  {
    name: 'bearer/basic token',
    literals: ['bearer', 'basic'],
    anyCase: true,
    pattern: /\b(Bearer|Basic)([ \t]{1,8})[A-Za-z0-9._~+/=-]+/gi,
    replace: `$1$2${REDACTED}`,
  },
  // curl, wget and friends: -u / --user user:password (the user stays).
  {
    name: 'user:password flag',
    literals: ['-u'],
    pattern: /(?<![A-Za-z0-9_-])(-u|--user|--proxy-user|--http-user)([ \t]{1,8}|=)(["']?)([^\s:"']{1,256}):[^\s"']+/g,
    replace: `$1$2$3$4:${REDACTED}`,
  },
];

/** Private key blocks, BEGIN to the END line (or to the end of the text when it was cut off). */
function redactPrivateKeys(text: string): string {
  if (!text.includes('PRIVATE KEY-----')) return text;
  const begin = new RegExp(PRIVATE_KEY_BEGIN.source, 'g');
  let out = '';
  let from = 0;
  for (let m = begin.exec(text); m !== null; m = begin.exec(text)) {
    if (m.index < from) continue;
    out += text.slice(from, m.index) + `-----BEGIN PRIVATE KEY----- ${REDACTED}`;
    const end = text.indexOf('-----END ', m.index + m[0].length);
    if (end === -1) return out;
    const close = text.indexOf('-----', end + 9);
    from = close === -1 ? text.length : close + 5;
    out += ' -----END PRIVATE KEY-----';
    begin.lastIndex = from;
  }
  return out + text.slice(from);
}

/**
 * How far a quoted or bracketed value may run before it is taken to be cut off (then it runs to the end of its line).
 */
const VALUE_WINDOW = 4096;
const BARE_VALUE = /[^\s"',;}\]]+/y;
const AUTH_SCHEME = /^(?:Bearer|Basic|Token|Digest|Bot)$/i;

/**
 * The span [start, end) of the value starting at `at`: inside its quotes, its brackets whole, or a bare run; after a
 * colon (`passphrase: correct horse`, a YAML or header line) a bare value runs to the end of its line.
 */
function valueSpan(text: string, at: number, toLineEnd = false): [number, number] | undefined {
  const first = text[at];
  if (first === '"' || first === "'" || first === '[') {
    // One bounded walk to the closing character, the line's end or the window's end: never a search to the text's end.
    const closing = first === '[' ? ']' : first;
    const limit = Math.min(text.length, at + VALUE_WINDOW);
    let end = at + 1;
    while (end < limit && text[end] !== closing && text[end] !== '\n') end++;
    const closed = text[end] === closing;
    return first === '[' ? [at, closed ? end + 1 : end] : end > at + 1 ? [at + 1, end] : undefined;
  }
  BARE_VALUE.lastIndex = at;
  const m = BARE_VALUE.exec(text);
  if (m === null) return undefined;
  // `authorization: Bearer x`: the scheme is not the secret, what follows it is.
  if (AUTH_SCHEME.test(m[0]) && (text[at + m[0].length] === ' ' || text[at + m[0].length] === '\t')) {
    let next = at + m[0].length;
    while (next < text.length && (text[next] === ' ' || text[next] === '\t') && next - at < 16) next++;
    return valueSpan(text, next, toLineEnd);
  }
  if (!toLineEnd) return [at, at + m[0].length];
  const limit = Math.min(text.length, at + VALUE_WINDOW);
  let end = at + m[0].length;
  while (end < limit && text[end] !== '\n' && text[end] !== '\r' && text[end] !== '"') end++;
  while (end > at && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return [at, end];
}

/**
 * Values after labels that name a secret. `finder` matches a name and its separator (group 1: the name, group 2:
 * the separator); the loop looks at the value only when the name is a secret's, and continues after what it took.
 */
function redactLabelled(
  text: string,
  finder: RegExp,
  accept: (name: string, separator: string, value: string) => boolean,
): string {
  finder.lastIndex = 0;
  let out = '';
  let from = 0;
  for (let m = finder.exec(text); m !== null; m = finder.exec(text)) {
    const name = m[1]!;
    const after = m.index + m[0].length;
    if (secretName(name) === undefined) continue;
    const span = valueSpan(text, after, /:[ \t]*$/.test(m[2]!));
    if (span === undefined) continue;
    const value = text.slice(span[0], span[1]);
    if (value === REDACTED || !accept(name, m[2]!, value)) continue;
    out += text.slice(from, span[0]) + REDACTED;
    from = span[1];
    finder.lastIndex = Math.max(finder.lastIndex, span[1]);
  }
  return out + text.slice(from);
}

// `name: value`, `NAME=value`, `"name": "value"`: a name (bounded) that starts where no name character precedes it.
const NAME_THEN_SEPARATOR =
  /(?<![A-Za-z0-9_.$-])([A-Za-z_$][A-Za-z0-9_.$-]{0,63})(["']?[ \t]{0,8}[:=][ \t]{0,8}(?:\r?\n[ \t]{0,16})?)/g;
// `--password x`, `--token=x`, `-storepass x`.
const FLAG_THEN_SEPARATOR = /(?<![A-Za-z0-9_-])--?([A-Za-z][A-Za-z0-9_-]{0,47})(=|[ \t]{1,8})/g;

const acceptAssignment = (name: string, _separator: string, value: string): boolean => isSecretUnder(name, value);
/** A flag's value, unless it is the next flag (`--password --verbose`: a prompt) or the flag is a negation. */
const acceptFlag = (name: string, separator: string, value: string): boolean =>
  !/^no-/i.test(name) && (separator === '=' || !value.startsWith('-')) && isSecretUnder(name, value);

const MYSQL_TOOL =
  /(?:^|[\s/])(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlshow|mysqlpump|mysqlsh|mariadb(?:-[a-z]{1,16})?)(?:\s|$)/;
/** `mysql -uroot -phunter2`: in a command that runs a mysql-family tool, `-p` glued to its value is the password. */
function redactMysqlPassword(text: string): string {
  if (!text.includes('-p')) return text;
  return text.replace(/[^\n;|&]+/g, (command) =>
    MYSQL_TOOL.test(command)
      ? command.replace(/(^|\s)-p(?=[^\s])(?:"[^"\n]{0,256}"|'[^'\n]{0,256}'|[^\s]+)/g, `$1-p${REDACTED}`)
      : command,
  );
}

export function redactSecrets(text: string): string {
  let out = redactPrivateKeys(text);
  for (const rule of REDACTION_RULES) {
    const searched = rule.anyCase === true ? out.toLowerCase() : out;
    if (rule.literals !== undefined && !rule.literals.some((literal) => searched.includes(literal))) continue;
    const pattern = typeof rule.pattern === 'function' ? rule.pattern() : rule.pattern;
    out = typeof rule.replace === 'string' ? out.replace(pattern, rule.replace) : out.replace(pattern, rule.replace);
  }
  // Each pass's expression needs its separator (`:` or `=`) or its dash: a text without one is not searched.
  if (out.includes(':') || out.includes('=')) out = redactLabelled(out, NAME_THEN_SEPARATOR, acceptAssignment);
  if (out.includes('-')) out = redactLabelled(out, FLAG_THEN_SEPARATOR, acceptFlag);
  return redactMysqlPassword(out);
}

export const PREVIEW_CHARS = 200;
/**
 * Only the start of a huge output is redacted: the preview shows 200 characters of it, and the hook has a time budget.
 */
const REDACT_WINDOW = 64 * 1024;

/**
 * A bounded, redacted preview: the reference's form (200 characters, then `\n... (truncated from N chars)`, N being
 * the original length). Redaction runs before the cut, so a secret straddling character 200 is not half-shown.
 */
export function outputPreview(text: string): string {
  const redacted = redactSecrets(text.length > REDACT_WINDOW ? text.slice(0, REDACT_WINDOW) : text);
  if (redacted.length <= PREVIEW_CHARS && text.length <= REDACT_WINDOW) return redacted;
  return `${redacted.slice(0, PREVIEW_CHARS)}\n... (truncated from ${text.length} chars)`;
}

/** Every string inside `value` replaced: what sits under a secret's name is secret through and through. */
function redactAll(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return REDACTED;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => redactAll(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactAll(item, depth + 1)]));
}

const MAX_DEPTH = 20;
const TOO_DEEP = '[too deep]';
const FLAG_ALONE = /^--?([A-Za-z][A-Za-z0-9_-]{0,47})$/;

/** An argument list: `["--password", "x"]` (the flag's next item is its value), `["mysql", "-px"]`. */
function redactArgs(items: readonly unknown[], depth: number): unknown[] {
  const mysql = items.some((item) => typeof item === 'string' && MYSQL_TOOL.test(` ${item} `));
  return items.map((item, i) => {
    const previous = items[i - 1];
    const flag = typeof previous === 'string' ? FLAG_ALONE.exec(previous) : null;
    if (typeof item === 'string' && flag !== null && acceptFlag(flag[1]!, ' ', item)) return REDACTED;
    if (typeof item === 'string' && mysql && /^-p./.test(item)) return `-p${REDACTED}`;
    return redactValue(item, depth + 1);
  });
}

/**
 * Every string inside a JSON value redacted (keys kept): a value under a secret's name (`password`, `DB_PASS`, in an
 * object or an array under it) whole, a `{name|key: "DB_PASS", value: "..."}` pair's value, a flag's next argument,
 * and every string's text by the rules above. Deeper than 20 levels is cut, so a hostile value stays bounded.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return redactArgs(value, depth);
  const fields = value as Record<string, unknown>;
  const pairName =
    typeof fields.name === 'string' ? fields.name : typeof fields.key === 'string' ? fields.key : undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([key, item]) => {
      if (key === 'value' && typeof item === 'string' && pairName !== undefined && isSecretUnder(pairName, item))
        return [key, REDACTED];
      if (typeof item === 'string') return [key, isSecretUnder(key, item) ? REDACTED : redactSecrets(item)];
      return [key, secretName(key) === 'strong' ? redactAll(item, depth + 1) : redactValue(item, depth + 1)];
    }),
  );
}

/** The most of a Skill call's `tool_input` a log line keeps, in characters of its JSON. */
export const TOOL_INPUT_CAP = 8 * 1024;

/**
 * `tool_input` as logged: redacted whole when its JSON fits the cap; else its JSON text, redacted (over a little more
 * than the cap, so a secret straddling the cut is recognised) and cut to the cap, with the original length noted.
 */
export function loggedToolInput(value: unknown): { tool_input: unknown; tool_input_truncated_from?: number } {
  let json: string;
  try {
    json = JSON.stringify(value) ?? 'null';
  } catch {
    return { tool_input: '[not serialisable]' };
  }
  if (json.length <= TOOL_INPUT_CAP) return { tool_input: redactValue(value) };
  return {
    tool_input: redactSecrets(json.slice(0, TOOL_INPUT_CAP + 1024)).slice(0, TOOL_INPUT_CAP),
    tool_input_truncated_from: json.length,
  };
}
