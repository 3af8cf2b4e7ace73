import { describe, expect, it } from 'vitest';
import { lineWindow, pickReferences, type CorpusEntry, type ReferenceCandidate } from '../../src/rank/corpus/index.js';

const hash = (n: number) => n.toString(16).padStart(64, '0');
let next = 1;
function entry(
  name: string,
  category: string,
  lineCount: number,
  rating = 1500,
  extra: Partial<CorpusEntry> = {},
): CorpusEntry {
  const id = next++;
  return {
    name,
    path: `/corpus/${name}`,
    givenPath: name,
    category,
    categorySource: 'plugin',
    lineCount,
    contentHash: hash(id),
    rating,
    matches: 0,
    indexedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}
const candidate: ReferenceCandidate = { path: '/work/cand', contentHash: hash(999), category: 'dev', lineCount: 100 };
const names = (s: ReturnType<typeof pickReferences>) => s.references.map((r) => r.entry.name);
const tiers = (s: ReturnType<typeof pickReferences>) => s.references.map((r) => r.tier);

describe('lineWindow: within ±30% of the candidate, inclusive, in whole lines', () => {
  it.each([
    [100, 0.3, 70, 130],
    [10, 0.3, 7, 13], // 0.3 × 10 is 3.0000000000000004 in floating point: 7 and 13 still count
    [7, 0.3, 5, 9], // 4.9..9.1
    [0, 0.3, 0, 0],
    [100, 0, 100, 100],
  ])('%i lines, tolerance %f -> %i..%i', (lines, tolerance, low, high) => {
    expect(lineWindow(lines, tolerance)).toEqual({ low, high });
  });
});

describe('pickReferences', () => {
  it('same category inside the window, rating closest to 1500 first, five of them; no note', () => {
    const pool = [
      entry('far-rating', 'dev', 100, 1800),
      entry('r1500', 'dev', 95, 1500),
      entry('r1490', 'dev', 129, 1490),
      entry('r1520', 'dev', 71, 1520),
      entry('r1450', 'dev', 130, 1450),
      entry('r1560', 'dev', 70, 1560),
      entry('out-of-window', 'dev', 131, 1500),
      entry('other-category', 'ops', 100, 1500),
    ];
    const s = pickReferences(candidate, pool);
    expect(names(s)).toEqual(['r1500', 'r1490', 'r1520', 'r1450', 'r1560']);
    expect(new Set(tiers(s))).toEqual(new Set(['category+lines']));
    expect(s).toMatchObject({ enough: true, notes: [], lineWindow: { low: 70, high: 130 } });
  });

  it('fewer than five: widens the line window within the category first (nearest line count), then says so', () => {
    const pool = [
      entry('in1', 'dev', 100),
      entry('in2', 'dev', 120, 1700),
      entry('dev-far', 'dev', 400),
      entry('dev-near', 'dev', 150),
      entry('dev-mid', 'dev', 200),
      entry('ops-in', 'ops', 100),
    ];
    const s = pickReferences(candidate, pool);
    expect(names(s)).toEqual(['in1', 'in2', 'dev-near', 'dev-mid', 'dev-far']);
    expect(tiers(s)).toEqual(['category+lines', 'category+lines', 'category', 'category', 'category']);
    expect(s.notes).toEqual([
      'only 2 of 5 references in category "dev" with 70-130 lines (±30% of 100)',
      'added 3 from category "dev" outside the line window (nearest line count first)',
    ]);
  });

  it('then other categories inside the window (rating closest to 1500), then anything (nearest line count)', () => {
    const pool = [
      entry('dev1', 'dev', 90),
      entry('ops-1600', 'ops', 110, 1600),
      entry('ops-1510', 'ops', 80, 1510),
      entry('ops-far', 'ops', 1000),
      entry('ops-near', 'ops', 300),
    ];
    const s = pickReferences(candidate, pool);
    expect(names(s)).toEqual(['dev1', 'ops-1510', 'ops-1600', 'ops-near', 'ops-far']);
    expect(tiers(s)).toEqual(['category+lines', 'lines', 'lines', 'any', 'any']);
    expect(s.notes).toEqual([
      'only 1 of 5 references in category "dev" with 70-130 lines (±30% of 100)',
      'added 2 from other categories inside the line window (rating closest to 1500 first)',
      'added 2 from other categories outside the line window (nearest line count first)',
    ]);
  });

  it('never the candidate (same path or same content hash) nor a missing skill; too small a corpus says so', () => {
    const pool = [
      entry('same-path', 'dev', 100, 1500, { path: '/work/cand' }),
      entry('same-content', 'dev', 100, 1500, { contentHash: candidate.contentHash }),
      entry('missing', 'dev', 100, 1500, { missing: true, missingSince: '2026-01-02T00:00:00.000Z' }),
      entry('ok1', 'dev', 100),
      entry('ok2', 'ops', 500),
    ];
    const s = pickReferences(candidate, pool);
    expect(names(s)).toEqual(['ok1', 'ok2']);
    expect(s.enough).toBe(false);
    expect(s.notes.at(-1)).toBe('the corpus has only 2 skill(s) other than the candidate; 5 references are needed');
  });

  it('ties in rating distance break by path, so the choice is the same every run', () => {
    const pool = [entry('b', 'dev', 100, 1550), entry('a', 'dev', 100, 1450), entry('c', 'dev', 100, 1500)];
    expect(names(pickReferences(candidate, pool, { count: 3 }))).toEqual(['c', 'a', 'b']);
    expect(names(pickReferences(candidate, [...pool].reverse(), { count: 3 }))).toEqual(['c', 'a', 'b']);
  });

  it('rejects a nonsensical count or tolerance', () => {
    expect(() => pickReferences(candidate, [], { count: 0 })).toThrow(RangeError);
    expect(() => pickReferences(candidate, [], { lineTolerance: -1 })).toThrow(RangeError);
  });

  it('copies of one skill (same content hash at two paths) are one reference, not two: the same opponent is not played twice', () => {
    const original = entry('copy-a', 'dev', 100);
    const pool = [
      original,
      entry('copy-b', 'dev', 100, 1500, { contentHash: original.contentHash }),
      entry('x1', 'dev', 100),
      entry('x2', 'dev', 100),
      entry('x3', 'dev', 100),
      entry('x4', 'dev', 100),
    ];
    const s = pickReferences(candidate, pool);
    expect(names(s)).toEqual(['copy-a', 'x1', 'x2', 'x3', 'x4']);
    expect(s.enough).toBe(true);
    // Too few distinct skills: the note counts skills, not paths.
    const small = pickReferences(candidate, pool.slice(0, 3));
    expect(names(small)).toEqual(['copy-a', 'x1']);
    expect(small.notes.at(-1)).toBe('the corpus has only 2 skill(s) other than the candidate; 5 references are needed');
  });
});
