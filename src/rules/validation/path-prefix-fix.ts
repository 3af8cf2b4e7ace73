/**
 * plugin/path-prefix's fix: "./" written at the start of each component path in plugin.json that lacks it, inside
 * the JSON string, so nothing else in the file changes. Certain only when the file is JSON without duplicate keys
 * (which value Claude Code reads would be a guess) and reads back with exactly those paths prefixed; otherwise the
 * text is left as it is.
 */
import { declaredPaths, hasDotSlash } from '../../parse/plugin-paths.js';
import { locateValueOffsets } from '../../parse/json.js';
import { lineLocator } from '../../util/text.js';
import type { RuleFix } from '../types.js';
import { jsonForFix } from './json-fix-input.js';
import { isPlainObject } from '../../util/plain-object.js';

/** `root` with the value at `at` replaced (a copy along the path only). */
function withValue(root: unknown, at: readonly (string | number)[], value: unknown): unknown {
  if (at.length === 0) return value;
  const [step, ...rest] = at;
  if (Array.isArray(root)) return root.map((v, i) => (i === step ? withValue(v, rest, value) : v));
  if (isPlainObject(root)) return { ...root, [step!]: withValue(root[step as string], rest, value) };
  return root;
}

function prefixDotSlash(file: string, lines: readonly number[]): string {
  const json = jsonForFix(file);
  if (json === undefined || !isPlainObject(json.root)) return file;
  const { bom, text, root } = json;
  const bare = declaredPaths(root).filter((p) => !hasDotSlash(p.value));
  const offsets = locateValueOffsets(
    text,
    bare.map((p) => p.at),
  );
  const lineOf = lineLocator(text);
  const wanted = new Set(lines);
  const edits = bare
    .map((p, i) => ({ ...p, start: offsets[i]! }))
    .filter((p) => p.start >= 0 && text[p.start] === '"' && (wanted.has(0) || wanted.has(lineOf(p.start))))
    .sort((a, b) => a.start - b.start);
  if (edits.length === 0) return file;
  const parts: string[] = [];
  let copied = 0;
  let expected: unknown = root;
  for (const edit of edits) {
    // Right after the opening quote: the decoded string gains "./" in front, whatever escapes follow.
    parts.push(text.slice(copied, edit.start + 1), './');
    copied = edit.start + 1;
    expected = withValue(expected, edit.at, `./${edit.value}`);
  }
  parts.push(text.slice(copied));
  const fixed = parts.join('');
  return JSON.stringify(JSON.parse(fixed)) === JSON.stringify(expected) ? bom + fixed : file;
}

export const prefixDotSlashFix: RuleFix = {
  does: 'writes "./" at the start of each component path that lacks it',
  apply: prefixDotSlash,
};
