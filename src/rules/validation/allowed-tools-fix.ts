/**
 * skill/allowed-tools's fix: a YAML list of tool names written as the spec's space-separated string. Certain only
 * when no name holds a space (the string form could not tell two names from one) and the frontmatter reads back as
 * the same mapping with the string in the list's place; otherwise the text is left as it is.
 */
import { parseFrontmatter } from '../../parse/frontmatter.js';
import type { RuleFix } from '../types.js';

const KEY = 'allowed-tools';
/** A plain YAML scalar that reads back as itself: no indicator first, no `: ` or ` #` inside. */
const PLAIN = /^[A-Za-z0-9_(][^\n]*$/;

function asString(file: string): string {
  const bom = file.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const text = bom ? file.slice(1) : file;
  const before = parseFrontmatter(text, 'SKILL.md');
  const tools = before.data?.[KEY];
  const start = before.keyLines[KEY];
  if (!Array.isArray(tools) || tools.length === 0 || start === undefined) return file;
  if (!tools.every((t): t is string => typeof t === 'string' && /^\S+$/.test(t))) return file;
  const joined = tools.join(' ');
  const value =
    PLAIN.test(joined) && !joined.includes(': ') && !joined.includes(' #') ? joined : JSON.stringify(joined);
  const lines = text.split('\n');
  const closing = before.bodyStartLine - 1;
  // The list runs to the next top-level key or the closing fence; a comment in it would be lost, so it stops the fix.
  let end = start;
  while (end < closing - 1) {
    const next = lines[end]!.replace(/\r$/, '');
    if (next.trim() === '') break;
    if (next.trimStart().startsWith('#')) return file;
    if (!/^\s/.test(next) && !next.startsWith('-')) break;
    end++;
  }
  const eol = lines[start - 1]!.endsWith('\r') ? '\r' : '';
  lines.splice(start - 1, end - start + 1, `${KEY}: ${value}${eol}`);
  const fixed = lines.join('\n');
  const after = parseFrontmatter(fixed, 'SKILL.md');
  const expected = JSON.stringify({ ...before.data, [KEY]: joined });
  return after.data !== undefined && JSON.stringify(after.data) === expected ? bom + fixed : file;
}

export const allowedToolsAsString: RuleFix = {
  does: 'writes the list as one space-separated string (when no tool name holds a space)',
  apply: asString,
};
