import { describe, expect, it } from 'vitest';
import { FRICTION_SIMILARITY, frictionTokens, groupFriction, jaccard, stem } from '../../src/logs/friction.js';

describe('friction normalisation', () => {
  it('lowercases, drops punctuation, accents and stopwords, stems plurals and verb forms', () => {
    expect(frictionTokens('Missing examples for X')).toEqual(['example', 'miss', 'x']);
    expect(frictionTokens('missing example for x!')).toEqual(['example', 'miss', 'x']);
    expect(frictionTokens('Café  stopped, queries!!')).toEqual(['cafe', 'query', 'stop']);
    expect(frictionTokens('the of and ...')).toEqual([]);
    expect(stem('classes')).toBe('class');
    expect(stem('status')).toBe('status');
    expect(stem('running')).toBe('run');
  });

  it('jaccard over stem sets', () => {
    expect(jaccard(['a', 'b', 'c'], ['a', 'b', 'd'])).toBe(0.5);
    expect(jaccard([], [])).toBe(1);
  });
});

describe('groupFriction', () => {
  it('merges near-duplicates and names the group by its most frequent wording', () => {
    const groups = groupFriction([
      'Missing examples for X',
      'missing example for x!',
      'Missing examples for X',
      '  MISSING EXAMPLES FOR X. ',
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.label).toBe('Missing examples for X');
    expect(groups[0]!.count).toBe(4);
    expect(groups[0]!.members.map((m) => m.count)).toEqual([2, 1, 1]);
  });

  it('does not merge texts that differ in a content word', () => {
    const groups = groupFriction([
      'Missing examples for X',
      'Missing examples for Y',
      'Unclear instructions for setup',
      'Unclear instructions for deploy',
    ]);
    expect(groups.map((g) => g.label).sort()).toEqual([
      'Missing examples for X',
      'Missing examples for Y',
      'Unclear instructions for deploy',
      'Unclear instructions for setup',
    ]);
  });

  it('tolerates one extra word in a longer text (threshold 0.6)', () => {
    expect(FRICTION_SIMILARITY).toBe(0.6);
    // {unclear, instruction, config, file, format} vs the same plus "yaml": 5/6 >= 0.6.
    const groups = groupFriction([
      'Unclear instructions for config file format',
      'unclear instructions for YAML config file format',
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.count).toBe(2);
  });

  it('compares with group leaders only, so a chain does not merge its ends', () => {
    // a~b (3/4) and b~c (3/4) but a and c share 2 of 5 stems: c must not join a's group through b.
    const a = 'alpha beta gamma';
    const b = 'alpha beta gamma delta';
    const c = 'beta gamma delta epsilon';
    const groups = groupFriction([a, a, a, b, b, c]);
    expect(groups.map((g) => [g.label, g.count])).toEqual([
      [a, 5],
      [c, 1],
    ]);
  });

  it('is deterministic: the same groups whatever the input order', () => {
    const texts = [
      'Needed to clarify evidence',
      'needs clarified evidence',
      'Too slow',
      'too slow!!',
      'Output too long',
      'Missing examples for X',
      'missing example for x',
    ];
    const reversed = [...texts].reverse();
    expect(groupFriction(reversed)).toEqual(groupFriction(texts));
  });

  it('keeps texts without content words apart unless equal', () => {
    const groups = groupFriction(['...', '...', 'it is', 'IT IS']);
    expect(groups.map((g) => g.count)).toEqual([2, 2]);
  });

  it.each([
    [8, 6, 3000],
    [12, 9, 3000],
    [40, 10, 2000],
  ])(
    'the pair index finds exactly the leaders a comparison with every leader finds (vocabulary %i, up to %i words)',
    (size, maxWords, count) => {
      const vocabulary = Array.from(
        { length: size },
        (_u, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
      );
      let seed = 7;
      // A small LCG that stays within exact integers, so the texts are the same on every run.
      const random = (): number => (seed = (seed * 48271) % 2147483647) / 2147483647;
      const texts = Array.from({ length: count }, () =>
        Array.from(
          { length: 1 + Math.floor(random() * maxWords) },
          () => vocabulary[Math.floor(random() * vocabulary.length)],
        ).join(' '),
      );
      // Brute force: distinct keys most frequent first (ties by key), each compared with every earlier leader.
      const counts = new Map<string, number>();
      for (const t of texts) {
        const key = frictionTokens(t).join(' ');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const keys = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      const leaders: { tokens: string[]; keys: string[] }[] = [];
      for (const [key] of keys) {
        const tokens = key.split(' ');
        const leader = leaders.find((l) => jaccard(tokens, l.tokens) >= FRICTION_SIMILARITY);
        if (leader) leader.keys.push(key);
        else leaders.push({ tokens, keys: [key] });
      }
      expect(leaders.length).toBeLessThan(keys.length);
      const canonical = (groups: string[][]): string[] => groups.map((g) => [...new Set(g)].sort().join(' | ')).sort();
      const found = groupFriction(texts).map((g) => g.members.map((m) => frictionTokens(m.text).join(' ')));
      expect(canonical(found)).toEqual(canonical(leaders.map((l) => l.keys)));
    },
  );

  it('handles many distinct texts (bucketed: each text meets only leaders sharing a rare stem)', () => {
    const texts: string[] = [];
    for (let i = 0; i < 20_000; i++)
      texts.push(`missing examples for widget${i % 2000}`, `Missing example for WIDGET${i % 2000}!`);
    const groups = groupFriction(texts);
    expect(groups).toHaveLength(2000);
    expect(groups.every((g) => g.count === 20)).toBe(true);
  });
});
