import { describe, expect, it } from 'vitest';
import { parseJsonText, syntaxErrorOffset } from '../../src/parse/json.js';

describe('syntaxErrorOffset: where a text stops being JSON, when V8 does not say', () => {
  it('a trailing comma, the commonest slip of a hand edit, is located at its line and column', () => {
    const text = '{\n  "kind": "score-run",\n  "results": [1,],\n  "x": 1\n}';
    const parsed = parseJsonText(text, 'run.json');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect([parsed.diagnostic.line, parsed.diagnostic.column]).toEqual([3, 17]);
  });

  it.each([
    ['{"a": [1,]}', 9],
    ['{"a": tru}', 6],
    ['[1,]', 3],
    ['{"a":1,}', 7],
    ['{"a":1', 6],
    ['"\\x"', 2],
    ['[1] [2]', 4],
  ])('%s at %i', (text, offset) => {
    expect(syntaxErrorOffset(text)).toBe(offset);
  });

  it('agrees with JSON.parse on what is JSON (valid texts and one-character edits of them)', () => {
    const samples = [
      '{"a": [1, 2.5e-3, -0, "x\\u00e9\\n"], "b": {"c": null, "d": [true, false, {}], "e": []}}',
      '[]',
      '"s"',
      ' 12 ',
      '[[[[1]]]]',
    ];
    const alphabet = ['', ',', ']', '}', '[', '{', '"', ':', '1', 'e', '-', '\\', ' ', 'x'];
    for (const sample of samples) {
      for (let at = 0; at <= sample.length; at++) {
        for (const c of alphabet) {
          for (const text of [
            sample.slice(0, at) + c + sample.slice(at),
            sample.slice(0, at) + c + sample.slice(at + 1),
          ]) {
            let valid = true;
            try {
              JSON.parse(text);
            } catch {
              valid = false;
            }
            expect(syntaxErrorOffset(text) === undefined, text).toBe(valid);
          }
        }
      }
    }
  });
});
