import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InputError } from '../../src/errors.js';
import { jsonLinesOf, parseJsonAs, parseJsonLinesAs } from '../../src/parse/json-reader.js';

const Entry = z.object({ id: z.string(), tags: z.array(z.string()) });

describe('the JSON reader', () => {
  it('names the file, the line and the path of a bad field', () => {
    const text = '{\n  "id": "a",\n  "tags": ["x", 3]\n}\n';
    expect(() => parseJsonAs(text, 'in.json', Entry)).toThrow(
      new InputError('in.json:3: tags[1]: Invalid input: expected string, received number', 'in.json'),
    );
  });

  it('JSON Lines: every good line is read, the first bad one is named by its line number and field', () => {
    expect(parseJsonLinesAs('{"id":"a","tags":[]}\n\n{"id":"b","tags":["t"]}\n', 'log.jsonl', Entry)).toEqual([
      { id: 'a', tags: [] },
      { id: 'b', tags: ['t'] },
    ]);
    expect(() => parseJsonLinesAs('{"id":"a","tags":[]}\n{"id":7,"tags":[]}\n', 'log.jsonl', Entry)).toThrow(
      /^log\.jsonl:2: id: /,
    );
    expect(() => parseJsonLinesAs('{"id":"a","tags":[]}\n\n{"id":\n', 'log.jsonl', Entry)).toThrow(
      /^log\.jsonl:3: invalid JSON/,
    );
  });

  it("JSON Lines: a line that is not JSON carries the parser's words apart, for readers that phrase it themselves", () => {
    const [notJson, badField] = jsonLinesOf('{"id":\n{"id":7,"tags":[]}\n', Entry);
    expect(notJson).toMatchObject({ line: 1, ok: false, syntax: expect.stringMatching(/\S/) });
    expect(badField).toMatchObject({ line: 2, ok: false, reason: expect.stringMatching(/^id: /) });
    expect(badField).not.toHaveProperty('syntax');
  });
});
