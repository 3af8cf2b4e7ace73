import { describe, expect, it } from 'vitest';
import { duplicateKeys } from '../../src/parse/json-duplicates.js';

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
