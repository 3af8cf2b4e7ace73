import { describe, expect, it } from 'vitest';
import { occurringStrings } from '../../src/util/multi-search.js';

describe('occurringStrings', () => {
  it('finds overlapping, nested and repeated patterns', () => {
    expect(occurringStrings('see data.md and ushers', ['a.md', 'data.md', 'she', 'he', 'hers', 'his', 'x.md', ''])).toEqual(new Set(['a.md', 'data.md', 'she', 'he', 'hers']));
  });

  it('agrees with String.includes on random texts and patterns', () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = (max: number) => Array.from({ length: Math.floor(rnd() * max) }, () => 'ab.é'[Math.floor(rnd() * 4)]).join('');
    for (let n = 0; n < 3000; n++) {
      const text = word(30);
      const patterns = Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => word(5));
      const expected = new Set(patterns.filter((p) => p !== '' && text.includes(p)));
      expect(occurringStrings(text, patterns), `${text} / ${patterns.join('|')}`).toEqual(expected);
    }
  });
});
