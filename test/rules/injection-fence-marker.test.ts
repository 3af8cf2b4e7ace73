/**
 * The detector's fence test (fence.ts), which reads each line's first characters in place, held to the pattern it
 * replaced run on the sliced line: on every line of the shared corpus and the test fixtures, and on lines built from
 * blanks, tabs, backticks, tildes, carriage returns and text around them.
 */
import { describe, expect, it } from 'vitest';
import { corpusAndFixtureTexts } from '../support/text-files.js';
import { fenceMarker } from '../../src/rules/injection/fence.js';

const MARKER = /^ {0,3}(`{3,}|~{3,})/;

/** Every line start of `text` and what the pattern gives on its line (without the line break and a final \r). */
function expectations(text: string): { start: number; want: { ch: number; len: number; end: number } | undefined }[] {
  const out = [];
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const m = MARKER.exec(text.slice(start, end).replace(/\r$/, ''));
    const run = m?.[1];
    out.push({
      start,
      want:
        run === undefined
          ? undefined
          : { ch: run.charCodeAt(0), len: run.length, end: (m as RegExpExecArray)[0].length },
    });
    if (newline === -1) break;
    start = newline + 1;
  }
  return out;
}

describe('fence markers read in place', () => {
  it('match the fence pattern on every line of the corpus and fixtures', () => {
    const texts = corpusAndFixtureTexts();
    let markers = 0;
    const differ: string[] = [];
    for (const text of texts)
      for (const { start, want } of expectations(text)) {
        if (want !== undefined) markers++;
        if (JSON.stringify(fenceMarker(text, start)) !== JSON.stringify(want))
          differ.push(text.slice(start, start + 40));
      }
    expect(differ).toEqual([]);
    expect(markers).toBeGreaterThan(1000);
  });

  it('match the fence pattern on lines of blanks, fence characters and text', () => {
    const pieces = ['', ' ', '  ', '   ', '    ', '\t', '`', '``', '```', '````', '~', '~~', '~~~', '~~~~', 'x', '\r'];
    const lines: string[] = [];
    for (const a of pieces) for (const b of pieces) for (const c of pieces) lines.push(a + b + c);
    const text = lines.join('\n');
    const found = expectations(text);
    expect(found).toHaveLength(lines.length);
    const differ = found.filter(({ start, want }) => JSON.stringify(fenceMarker(text, start)) !== JSON.stringify(want));
    expect(differ.map(({ start }) => text.slice(start, start + 12))).toEqual([]);
    expect(found.filter((f) => f.want !== undefined).length).toBeGreaterThan(100);
  });
});
