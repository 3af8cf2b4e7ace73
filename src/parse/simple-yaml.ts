/**
 * A fast path for the frontmatter almost every skill has: flat `key: value` lines with plain or quoted string
 * values. Anything else (nesting, lists, block scalars, escapes, numbers, booleans, comments after values,
 * duplicate keys) returns undefined and the caller uses the full YAML parser. Why: loading the `yaml` package
 * costs ~30 ms, a fifth of a one-skill CLI run. The result must equal what `yaml` returns for the same text
 * (a test checks this over the whole corpus).
 */
export interface SimpleYaml {
  data: Record<string, string>;
  /** 1-based line of each key within the YAML text. */
  keyLines: Record<string, number>;
}

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*?))?[ ]*$/;
/**
 * Dotted version numbers with three or more parts ("0.1.0", "1.2.3"): no YAML 1.1 or 1.2 number, boolean or
 * timestamp form has two dots, so both read them as strings. Many plugin skills carry `version: 0.1.0`.
 */
const DOTTED_VERSION = /^[0-9]+(?:\.[0-9]+){2,}$/;
// Words YAML 1.1 or 1.2 read as booleans or null; numbers; anything starting with an indicator character.
const NOT_A_PLAIN_STRING = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~)$|^[-+.0-9]|^[[\]{}&*!|>'"%@`#,?:~=<]/;

export function parseSimpleYaml(text: string): SimpleYaml | undefined {
  const data: Record<string, string> = {};
  const keyLines: Record<string, number> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const m = KEY_LINE.exec(line);
    if (!m) return undefined;
    const key = m[1]!;
    const raw = m[2];
    if (raw === undefined || raw === '' || key in data) return undefined;
    let value: string;
    if (raw.startsWith('"')) {
      if (raw.length < 2 || !raw.endsWith('"')) return undefined;
      const inner = raw.slice(1, -1);
      if (/["\\]/.test(inner)) {
        // Escapes: a double-quoted YAML scalar that is also a JSON string (what a tip's set-frontmatter edit
        // writes, JSON.stringify) means the same in both; anything JSON rejects goes to the full parser.
        const parsed = jsonString(raw);
        if (parsed === undefined) return undefined;
        value = parsed;
      } else value = inner;
    } else if (raw.startsWith("'")) {
      if (raw.length < 2 || !raw.endsWith("'")) return undefined;
      const inner = raw.slice(1, -1);
      if (/'(?!')/.test(inner.replace(/''/g, ''))) return undefined;
      value = inner.replace(/''/g, "'");
    } else {
      if ((NOT_A_PLAIN_STRING.test(raw) && !DOTTED_VERSION.test(raw)) || raw.includes(': ') || raw.includes(' #') || raw.endsWith(':') || raw.includes('\t')) return undefined;
      value = raw;
    }
    data[key] = value;
    keyLines[key] = i + 1;
  }
  return { data, keyLines };
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
