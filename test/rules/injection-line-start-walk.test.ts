/**
 * Line-start literals are held in the scanner's trie after a `\n`, and the walk reads the text's start and every
 * line break (\n, \r, U+2028, U+2029) as one, so it reports them at line starts only (src/rules/injection/scan.ts).
 * That reading is exact only for a trie without \r, U+2028 and U+2029 in which nothing but a line-start literal
 * begins with a \n: these tests hold the tables to that and the scan to the whole-text search around every break.
 */
import { describe, expect, it } from 'vitest';
import { PHRASES_AND_REQUESTS } from '../../src/rules/injection/detect.js';
import { phrase } from '../../src/rules/injection/phrase.js';
import { buildScannerTables } from '../../src/rules/injection/scan.js';
import type { CompactTrie } from '../../src/rules/injection/trie.js';
import { referenceMatches, scannedMatches } from '../support/phrase-scan.js';

/** Each node's string (breadth first from the root, through the ASCII rows and the wide edges). */
function nodeStrings(trie: CompactTrie): string[] {
  const codeOfClass = new Map<number, number>();
  trie.classOf.forEach((cls, code) => {
    if (cls !== 0) codeOfClass.set(cls, code);
  });
  const strings = new Array<string>(trie.flags.length).fill('');
  const queue = [0];
  for (let k = 0; k < queue.length; k++) {
    const node = queue[k] as number;
    const visit = (child: number, code: number): void => {
      if (child === 0) return;
      strings[child] = (strings[node] as string) + String.fromCharCode(code);
      queue.push(child);
    };
    for (let cls = 1; cls < trie.stride; cls++)
      visit(trie.table[node * trie.stride + cls] as number, codeOfClass.get(cls) as number);
    for (const [key, child] of trie.other) if (Math.floor(key / 65536) === node) visit(child, key % 65536);
  }
  return strings;
}

describe('line-start literals in the walk', () => {
  it('are held after a \\n, and nothing else in the trie begins with one or holds another line break', () => {
    const trie = buildScannerTables(PHRASES_AND_REQUESTS).trie;
    const strings = nodeStrings(trie);
    let lineNodes = 0;
    strings.forEach((s, n) => {
      expect(s).not.toMatch(/[\r\u2028\u2029]/);
      if (trie.lineStarts[n] !== undefined) {
        lineNodes++;
        expect(s.startsWith('\n'), JSON.stringify(s)).toBe(true);
      }
      if (trie.starts[n] !== undefined || trie.anchors[n] !== undefined)
        expect(s.startsWith('\n'), JSON.stringify(s)).toBe(false);
    });
    expect(lineNodes).toBeGreaterThan(10);
    expect(trie.classOf[13]).toBe(0);
  });

  it('refuses a table with a literal the walk cannot find', () => {
    const withReturn = phrase('fake_system_prompt', 'attempt', 'en', 'ab\\rc', ['ab']);
    expect(() => buildScannerTables([withReturn])).toThrow(/walk cannot find/);
    const withBreakFirst = phrase('fake_system_prompt', 'attempt', 'en', '\\nsystem', ['system']);
    expect(() => buildScannerTables([withBreakFirst])).toThrow(/walk cannot find/);
  });

  it('finds line-start patterns at the start and after every kind of line break, and nowhere else', () => {
    const table = [
      phrase('fake_system_prompt', 'attempt', 'en', '^[ \\t>*-]*system:', ['system']),
      phrase('envelope_escape', 'attempt', 'en', '(?:^|[(|])[ \\t]*end of', ['end of']),
      // A start literal that also ends where a line-start literal does: both are reported.
      phrase('fake_system_prompt', 'attempt', 'en', 'm:', ['m:']),
    ];
    const lines = ['system: a', '- system: b', ' > system: c', 'x system: d', '(end of', 'x end of', '| end of'];
    const breaks = ['\n', '\r\n', '\r', '\u2028', '\u2029', '\n\n', '\r\r'];
    let lineStartMatches = 0;
    for (const first of lines)
      for (const br of breaks) {
        const text = lines.map((line, k) => (k === 0 ? first : line)).join(br);
        const got = scannedMatches(text, table);
        expect(got, JSON.stringify(text)).toEqual(referenceMatches(text, table));
        for (const m of got.filter((m) => !m.startsWith('2@'))) {
          // Patterns 0 and 1 match at a line start (or at `(`/`|`), never after "x ".
          const at = Number(m.slice(2, m.indexOf(':')));
          expect(at === 0 || /[\n\r\u2028\u2029(|]/.test(text[at - 1] as string) || text[at] === '(').toBe(true);
          lineStartMatches++;
        }
      }
    // Five of the seven lines hold one match of pattern 0 or 1; the first line, one of the seven in turn, replaces
    // one of the five: per break, 4 matches after it for each first line and 5 from the first lines themselves.
    expect(lineStartMatches).toBe(breaks.length * (lines.length * 4 + 5));
  });
});
