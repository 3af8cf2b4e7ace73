import { describe, it, expect } from 'vitest';
import { bradleyTerry } from '../../src/stats/index.js';
import type { BradleyTerryOptions, Match } from '../../src/stats/index.js';
import { expectClose, reference } from './fixture.js';

interface BtRow {
  name: string;
  matches: Match[];
  options: BradleyTerryOptions;
  ratings: Record<string, number>;
}

const rows = reference.bradleyTerry as BtRow[];

describe('bradleyTerry vs statsmodels Logit (Chatbot Arena MLE)', () => {
  it.each(rows.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    const ratings = bradleyTerry(r.matches, r.options);
    expect(Object.keys(ratings).sort()).toEqual(Object.keys(r.ratings).sort());
    for (const [player, expected] of Object.entries(r.ratings)) {
      expectClose(ratings[player] ?? NaN, expected, 1e-6, 0, player);
    }
  });

  it('anchors a named player instead of the mean', () => {
    const r = rows[0] as BtRow;
    const free = bradleyTerry(r.matches);
    const anchored = bradleyTerry(r.matches, { anchor: { player: 'B', rating: 1000 } });
    expect(anchored.B).toBe(1000);
    for (const p of Object.keys(free)) {
      expect((anchored[p] ?? NaN) - 1000).toBeCloseTo((free[p] ?? NaN) - (free.B ?? NaN), 9);
    }
    expect(() => bradleyTerry(r.matches, { anchor: { player: 'Z', rating: 1 } })).toThrow(
      "bradleyTerry: anchor player 'Z' plays no match",
    );
  });

  it('mean rating equals `initial` and equal records give equal ratings', () => {
    const ratings = bradleyTerry(
      [
        { a: 'x', b: 'y', winner: 'a' },
        { a: 'x', b: 'y', winner: 'b' },
        { a: 'y', b: 'z', winner: 'tie' },
      ],
      { initial: 1000 },
    );
    const values = Object.values(ratings);
    expect(values.reduce((s, v) => s + v, 0) / values.length).toBeCloseTo(1000, 9);
    for (const v of values) expect(v).toBeCloseTo(1000, 9);
  });

  it('throws when the MLE does not exist (a player never lost)', () => {
    expect(() =>
      bradleyTerry([
        { a: 'A', b: 'B', winner: 'a' },
        { a: 'B', b: 'C', winner: 'tie' },
      ]),
    ).toThrow(/bradleyTerry: maximum-likelihood ratings are unbounded/);
  });

  it('rejects empty input and malformed matches', () => {
    expect(() => bradleyTerry([])).toThrow('bradleyTerry: needs at least 1 match, got 0');
    expect(() => bradleyTerry([{ a: 'A', b: 'A', winner: 'tie' }])).toThrow(
      /bradleyTerry: match 0 pits 'A' against itself/,
    );
    expect(() => bradleyTerry([{ a: 'A', b: 'B', winner: 'c' as never }])).toThrow(/expected 'a', 'b' or 'tie'/);
    expect(() => bradleyTerry([{ a: 'A', b: 'B', winner: 'tie' }], { scale: 0 })).toThrow(/scale must be > 0/);
  });
});
