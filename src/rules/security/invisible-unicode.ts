/**
 * Characters a reader does not see but a model reads: zero-width characters, bidi embeddings, overrides and
 * isolates (U+202A-U+202E, U+2066-U+2069: "Trojan Source"), and tag characters (U+E0000-U+E007F, which can spell
 * hidden ASCII). A zero-width joiner inside an emoji sequence and a zero-width non-joiner between letters (Persian,
 * Indic scripts) are how those scripts are written, and are left alone; so is a byte-order mark at the very start.
 */
import type { SecurityHit, SecuritySource } from './source.js';

// Without the u flag (much faster on long runs): tag characters are their surrogate pairs, \udb40 + \udc00-\udc7f.
const INVISIBLE = /[\u200b-\u200d\u2060-\u2064\ufeff\u202a-\u202e\u2066-\u2069]|\udb40[\udc00-\udc7f]/g;
const PICTOGRAPHIC = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]/u;
const LETTER = /\p{L}|\p{M}/u;

const NAMES: Readonly<Record<string, string>> = {
  '200b': 'zero-width space',
  '200c': 'zero-width non-joiner',
  '200d': 'zero-width joiner',
  '2060': 'word joiner',
  feff: 'zero-width no-break space',
};

function nameOf(code: number): string {
  if (code >= 0xe0000) return 'tag character';
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return 'bidi control';
  return NAMES[code.toString(16)] ?? 'invisible character';
}

/** The whole code points just before and just after [index, index + length). */
function around(text: string, index: number, length: number): [string, string] {
  const lowSurrogate = index >= 2 && /[\udc00-\udfff]/.test(text[index - 1] ?? '');
  const before = index === 0 ? '' : String.fromCodePoint(text.codePointAt(index - (lowSurrogate ? 2 : 1))!);
  const next = text.codePointAt(index + length);
  return [before, next === undefined ? '' : String.fromCodePoint(next)];
}

/** The invisible characters the rule reports, in order: offset, length and code point of each. */
function* reported(text: string): Generator<{ index: number; length: number; code: number }> {
  for (const m of text.matchAll(INVISIBLE)) {
    const code = m[0].codePointAt(0)!;
    if (code === 0xfeff && m.index === 0) continue;
    if (code === 0x200c || code === 0x200d) {
      const [before, after] = around(text, m.index, m[0].length);
      if (code === 0x200d && PICTOGRAPHIC.test(before) && PICTOGRAPHIC.test(after)) continue;
      if (code === 0x200c && LETTER.test(before) && LETTER.test(after) && !/[A-Za-z]/.test(before + after)) continue;
    }
    yield { index: m.index, length: m[0].length, code };
  }
}

/** A walk over a text's line numbers that only moves forward: the 1-based line of each increasing offset. */
function lineCounter(text: string): (offset: number) => { line: number; lineStart: number } {
  let line = 1;
  let lineStart = 0;
  let nextNewline = text.indexOf('\n');
  return (offset) => {
    // The next newline is looked for only once it has been passed: one pass over the text in all.
    while (nextNewline !== -1 && nextNewline < offset) {
      line++;
      lineStart = nextNewline + 1;
      nextNewline = text.indexOf('\n', lineStart);
    }
    return { line, lineStart };
  };
}

/** One finding per line that holds any, at the first, with the count and kinds: one pass over the text's matches. */
export function findInvisibleUnicode(source: SecuritySource): SecurityHit[] {
  const { text } = source;
  const out: SecurityHit[] = [];
  const lineOf = lineCounter(text);
  let current: { line: number; column: number; count: number; kinds: Set<string> } | undefined;
  const flush = (): void => {
    if (current === undefined) return;
    const { count, kinds } = current;
    out.push({
      line: current.line,
      column: current.column,
      message:
        `${count} invisible character${count === 1 ? '' : 's'} a reader does not see but a model ` +
        `reads: ${[...kinds].join(', ')}`,
    });
    current = undefined;
  };
  for (const { index, code } of reported(text)) {
    const { line, lineStart } = lineOf(index);
    if (current !== undefined && current.line !== line) flush();
    current ??= { line, column: index - lineStart + 1, count: 0, kinds: new Set<string>() };
    current.count++;
    if (current.kinds.size < 4)
      current.kinds.add(`${nameOf(code)} U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  flush();
  return out;
}

/**
 * The fix: the reported characters on `lines` removed (0: everywhere). Certain, because each one is invisible: the
 * text a reader sees is unchanged. A byte-order mark at the start is the file's own (file/bom's fix).
 */
export function removeInvisibleUnicode(file: string, lines: readonly number[]): string {
  const bom = file.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const text = bom ? file.slice(1) : file;
  const all = lines.includes(0);
  const wanted = new Set(lines);
  const lineOf = lineCounter(text);
  const parts: string[] = [bom];
  let copied = 0;
  for (const { index, length } of reported(text)) {
    if (!all && !wanted.has(lineOf(index).line)) continue;
    parts.push(text.slice(copied, index));
    copied = index + length;
  }
  if (copied === 0) return file;
  parts.push(text.slice(copied));
  return parts.join('');
}
