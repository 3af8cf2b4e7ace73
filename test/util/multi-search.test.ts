import { describe, expect, it } from 'vitest';
import { automatonSearcher, occurringStrings, replaceOccurrences } from '../../src/util/multi-search.js';

describe('occurringStrings', () => {
  it('finds overlapping, nested and repeated patterns', () => {
    expect(
      occurringStrings('see data.md and ushers', ['a.md', 'data.md', 'she', 'he', 'hers', 'his', 'x.md', '']),
    ).toEqual(new Set(['a.md', 'data.md', 'she', 'he', 'hers']));
  });

  it('agrees with String.includes on random texts and patterns', () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = (max: number) =>
      Array.from({ length: Math.floor(rnd() * max) }, () => 'ab.é'[Math.floor(rnd() * 4)]).join('');
    const cases = Array.from({ length: 3000 }, () => ({
      text: word(30),
      patterns: Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => word(5)),
    }));
    // Sorted arrays: one comparison per search, whatever order each finds the strings in.
    const found = (search: (text: string, patterns: string[]) => Set<string>) =>
      cases.map(({ text, patterns }) => [...search(text, patterns)].sort());
    const expected = found((text, patterns) => new Set(patterns.filter((p) => p !== '' && text.includes(p))));
    expect(found(occurringStrings)).toEqual(expected);
    expect(found((text, patterns) => automatonSearcher(patterns)(text))).toEqual(expected);
  });

  it('finds the same strings with the automaton as with includes past the few-pattern cut-off, and all of them when all occur', () => {
    // 40 names, some of them inside others: more than the patterns looked for one by one.
    const names = Array.from({ length: 40 }, (_, k) => (k % 5 === 0 ? `a${k}.md` : `ref-${k}.md`));
    const text = `${names.filter((_, k) => k % 3 === 0).join(' and ')} then a10.md.md`;
    const expected = new Set(names.filter((n) => text.includes(n)));
    expect(expected.size).toBeGreaterThan(10);
    expect(occurringStrings(text, names)).toEqual(expected);
    // Every pattern occurs before the text ends, where the search stops reading.
    const all = `${names.join(' ')} ${'x'.repeat(100)}`;
    expect(automatonSearcher(names)(all)).toEqual(new Set(names));
  });

  it('agrees with String.includes when the patterns hold more distinct characters than the table takes', () => {
    // 300 distinct code units: the search steps through the trie's maps instead of the table.
    const patterns = Array.from({ length: 150 }, (_, k) => String.fromCharCode(0x100 + 2 * k, 0x101 + 2 * k));
    const text = `x${patterns[3]}y${patterns[149]}${String.fromCharCode(0x101, 0x102)}z`;
    expect(occurringStrings(text, patterns)).toEqual(new Set([patterns[3], patterns[149]]));
  });
});

describe('replaceOccurrences', () => {
  it('replaces the first key to end (the longest of those ending there), without searching replaced text again', () => {
    const map = new Map([
      ['agents/b.md', 'b'],
      ['b.md', 'B'],
      ['skills/x/', 'x'],
      ['x/', 'skills/x/'],
      ['gone', ''],
    ]);
    expect(replaceOccurrences('see agents/b.md, b.md and skills/x/; x/ is gone', map)).toBe(
      'see b, B and x; skills/x/ is ',
    );
    expect(replaceOccurrences('', map)).toBe('');
    expect(replaceOccurrences('nothing here', new Map())).toBe('nothing here');
  });

  it('agrees with the direct definition on random texts and keys', () => {
    // From the last replacement on, the first place a key ends; of the keys ending there, the longest.
    const direct = (text: string, map: ReadonlyMap<string, string>): string => {
      let out = '';
      let from = 0;
      for (let end = 1; end <= text.length; end++) {
        const key = [...map.keys()]
          .filter((k) => k !== '' && k.length <= end - from && text.endsWith(k, end))
          .sort((a, b) => b.length - a.length)[0];
        if (key === undefined) continue;
        out += text.slice(from, end - key.length) + map.get(key);
        from = end;
      }
      return out + text.slice(from);
    };
    let seed = 9;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = (max: number) =>
      Array.from({ length: Math.floor(rnd() * max) }, () => 'ab/é'[Math.floor(rnd() * 4)]).join('');
    for (let n = 0; n < 5000; n++) {
      const text = word(30);
      const map = new Map(
        Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => [word(5), word(3).toUpperCase()] as const),
      );
      expect(replaceOccurrences(text, map), `${text} / ${[...map.keys()].join('|')}`).toBe(direct(text, map));
    }
  });
});
