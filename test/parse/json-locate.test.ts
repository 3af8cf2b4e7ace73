/**
 * Pointing a schema error at its line: the path is followed through the JSON text, so `evals[2].prompt` names the
 * third eval's prompt, not the first "prompt" in the file, and a required key left out names the object lacking it.
 */
import { describe, expect, it } from 'vitest';
import { EvalsFile, GradingInput, parseJsonAs } from '../../src/evals/index.js';
import { locateKeyPosition, locateValueOffsets } from '../../src/parse/json.js';

const lineOf = (text: string, needle: string, nth = 1): number => {
  let at = -1;
  for (let i = 0; i < nth; i++) at = text.indexOf(needle, at + 1);
  return text.slice(0, at).split('\n').length;
};

describe('locateKeyPosition', () => {
  const text = JSON.stringify(
    {
      evals: [
        { id: 1, prompt: 'a', files: [] },
        { id: 2, prompt: 'b', files: ['x', 'y'] },
      ],
      summary: { passed: 1 },
    },
    null,
    2,
  );

  it('follows keys and array indexes, not the first occurrence of the last key', () => {
    expect(locateKeyPosition(text, ['evals', 1, 'prompt']).line).toBe(lineOf(text, '"prompt"', 2));
    expect(locateKeyPosition(text, ['evals', 0, 'prompt']).line).toBe(lineOf(text, '"prompt"', 1));
    expect(locateKeyPosition(text, ['evals', 1, 'files', 1])).toEqual({ line: lineOf(text, '"y"'), column: 9 });
    expect(locateKeyPosition(text, ['summary', 'passed']).line).toBe(lineOf(text, '"passed"'));
  });

  it('a missing step points at the container that lacks it; the top level is 1:1', () => {
    expect(locateKeyPosition(text, ['evals', 1, 'expectations']).line).toBe(lineOf(text, '"id": 2') - 1);
    expect(locateKeyPosition(text, ['nope'])).toEqual({ line: 1, column: 1 });
    expect(locateKeyPosition(text, [])).toEqual({ line: 1, column: 1 });
  });

  it('escaped keys and strings holding brackets, commas and quotes do not throw the walk off', () => {
    const tricky = '{\n  "a\\"b": "x, ] } \\" {",\n  "list": [\n    "[", {"k": 1},\n    {"k": 2}\n  ]\n}';
    expect(locateKeyPosition(tricky, ['list', 2, 'k'])).toEqual({ line: 5, column: 6 });
    expect(locateKeyPosition(tricky, ['a"b'])).toEqual({ line: 2, column: 3 });
  });
});

describe('eval workflow files name the line of the field at fault', () => {
  it("evals.json: the second eval's empty prompt", () => {
    const text = JSON.stringify(
      {
        skill_name: 's',
        evals: [
          { id: 1, prompt: 'ok' },
          { id: 2, prompt: '' },
        ],
      },
      null,
      2,
    );
    expect(() => parseJsonAs(text, 'evals.json', EvalsFile)).toThrow(
      `evals.json:${lineOf(text, '"prompt"', 2)}: evals[1].prompt: `,
    );
  });

  it("grading.json: the second expectation's passed", () => {
    const text = JSON.stringify(
      {
        expectations: [
          { text: 'a', passed: true, evidence: 'e' },
          { text: 'b', passed: 'no', evidence: 'e' },
        ],
        summary: { passed: 1, failed: 1, total: 2, pass_rate: 0.5 },
      },
      null,
      2,
    );
    expect(() => parseJsonAs(text, 'grading.json', GradingInput)).toThrow(
      `grading.json:${lineOf(text, '"passed"', 2)}: expectations[1].passed: `,
    );
  });
});

describe('locateValueOffsets', () => {
  it('finds each value in one walk: nested, in lists, a duplicate key at its first occurrence, a missing path -1', () => {
    const text = '{"a": {"b": [1, {"c": "x"}]}, "d": "y", "d": "z", "e": [[], [true]]}';
    const offsets = locateValueOffsets(text, [['a', 'b', 1, 'c'], ['d'], ['e', 1, 0], ['a', 'q'], ['e', 5], []]);
    expect(offsets).toEqual([text.indexOf('"x"'), text.indexOf('"y"'), text.indexOf('true'), -1, -1, 0]);
  });
  it('20,000 paths through one list are each found at their own element', () => {
    const n = 20_000;
    const text = JSON.stringify({ l: Array.from({ length: n }, (_, i) => ({ v: i })) });
    const offsets = locateValueOffsets(
      text,
      Array.from({ length: n }, (_, i) => ['l', i, 'v']),
    );
    expect(offsets[n - 1]).toBe(text.lastIndexOf(`:${n - 1}}`) + 1);
    expect(new Set(offsets).size).toBe(n);
  });
});
