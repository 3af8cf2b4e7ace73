import { describe, expect, it } from 'vitest';
import { duplicateKeys } from '../../src/parse/json-duplicates.js';
import { tempTree } from '../support/tmp.js';

const scratch = tempTree('plugin-eval-json-dup-');

describe('duplicateKeys', () => {
  it('finds a key written twice in one object, with both offsets and its path', () => {
    const text = '{"a": 1, "b": {"c": [0, {"d": 1, "d": 2}]}, "a": 3}';
    expect(duplicateKeys(text)).toEqual([
      { path: ['b', 'c', 1, 'd'], offset: text.indexOf('"d": 2'), firstOffset: text.indexOf('"d": 1') },
      { path: ['a'], offset: text.lastIndexOf('"a"'), firstOffset: text.indexOf('"a"') },
    ]);
  });

  it('keys are compared as JSON reads them, values and other objects are not keys', () => {
    expect(duplicateKeys('{"\\u0061": 1, "a": 2}')).toHaveLength(1);
    expect(duplicateKeys('{"a": "a", "b": {"a": 1}, "c": ["a", "a"], "d": "\\"a\\""}')).toEqual([]);
    expect(duplicateKeys('[{"a": 1}, {"a": 2}]')).toEqual([]);
    expect(duplicateKeys('{"__proto__": 1, "__proto__": 2}')).toHaveLength(1);
  });

  it('any nesting depth, without recursion', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(duplicateKeys(deep)).toEqual([]);
  });
});

describe('readJsonFile: json/duplicate-key', () => {
  it('names the first ten duplicates at their line and column, counts the rest, and still reads the file', async () => {
    const { writeFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const { z } = await import('zod');
    const { readJsonFile } = await import('../../src/parse/json.js');
    const dir = scratch.fresh('dup-');
    const file = path.join(dir, 'm.json');
    const keys = Array.from({ length: 12 }, (_, i) => `  "k${i}": 1,\n  "k${i}": 2`);
    await writeFile(file, `{\n${keys.join(',\n')}\n}\n`);
    const read = await readJsonFile(file, 'm.json', z.record(z.string(), z.number()), 'x/schema');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.k0).toBe(2);
    const found = read.diagnostics.filter((d) => d.ruleId === 'json/duplicate-key');
    expect(found).toHaveLength(10);
    // k0 first at line 2, again at line 3; each later pair two lines further on.
    expect(found.map((d) => [d.line, d.column])).toEqual(Array.from({ length: 10 }, (_, i) => [3 + 2 * i, 3]));
    expect(found[0]!.message).toBe(
      'k0: duplicate key "k0", first at line 2; JSON keeps only the last value, so write the key once',
    );
    expect(found[9]!.message).toMatch(/\(and 2 more duplicate key\(s\)\)$/);
    expect(found.every((d) => d.severity === 'error')).toBe(true);
  });
});
