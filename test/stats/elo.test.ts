import { describe, expect, it } from 'vitest';
import {
  bradleyTerry,
  bradleyTerryElo,
  corpusPercentile,
  eloExpected,
  eloUpdate,
  onlineElo,
} from '../../src/stats/index.js';
import type { Match } from '../../src/stats/index.js';
import { expectClose } from './fixture.js';

/*
 * Reference values from scripts/mc_reference.py (numpy 2.4.6, statsmodels 0.15.0): 70 matches between a candidate
 * and five corpus entries drawn from known strengths (numpy default_rng(9)); online Elo by the seed's update loop;
 * Bradley-Terry as a statsmodels Logit (newton, tol 1e-14) on each of 500 mulberry32(3) resamples that have a
 * finite fit (every player present, win/draw graph strongly connected), anchored so c1..c5 average 1500,
 * intervals by np.percentile([2.5, 97.5]); the corpus percentile as 100 x mean over opponents of the mean score.
 */
const RAW: [string, string, 'a' | 'b' | 'tie'][] = [
  ['c2', 'c5', 'a'],
  ['c1', 'c3', 'a'],
  ['c5', 'c3', 'b'],
  ['c5', 'cand', 'tie'],
  ['c4', 'cand', 'b'],
  ['c4', 'c5', 'a'],
  ['c1', 'c4', 'b'],
  ['c3', 'cand', 'b'],
  ['c3', 'c2', 'tie'],
  ['c3', 'c4', 'a'],
  ['cand', 'c4', 'tie'],
  ['c2', 'cand', 'a'],
  ['c1', 'c3', 'a'],
  ['c3', 'c1', 'b'],
  ['c4', 'c1', 'b'],
  ['c5', 'cand', 'b'],
  ['c4', 'c3', 'b'],
  ['cand', 'c4', 'tie'],
  ['c3', 'c1', 'b'],
  ['c3', 'c1', 'b'],
  ['c5', 'c4', 'a'],
  ['c5', 'cand', 'b'],
  ['cand', 'c4', 'a'],
  ['c3', 'c5', 'a'],
  ['c3', 'c2', 'b'],
  ['c1', 'cand', 'b'],
  ['c3', 'c4', 'b'],
  ['c1', 'cand', 'b'],
  ['c1', 'c2', 'b'],
  ['c5', 'cand', 'b'],
  ['c2', 'c3', 'a'],
  ['cand', 'c4', 'a'],
  ['cand', 'c2', 'a'],
  ['c1', 'c3', 'b'],
  ['c3', 'c4', 'a'],
  ['c2', 'c4', 'a'],
  ['c5', 'c1', 'b'],
  ['c3', 'c5', 'a'],
  ['c3', 'c4', 'tie'],
  ['c5', 'cand', 'b'],
  ['c3', 'cand', 'a'],
  ['c5', 'cand', 'b'],
  ['cand', 'c5', 'a'],
  ['c2', 'c1', 'tie'],
  ['c4', 'c2', 'a'],
  ['c4', 'c1', 'b'],
  ['c1', 'c5', 'a'],
  ['c5', 'c1', 'b'],
  ['c5', 'cand', 'b'],
  ['c4', 'c2', 'a'],
  ['c3', 'c5', 'tie'],
  ['c4', 'c1', 'b'],
  ['c1', 'cand', 'a'],
  ['c2', 'c4', 'b'],
  ['c2', 'c5', 'a'],
  ['c5', 'c2', 'b'],
  ['c4', 'c3', 'b'],
  ['c2', 'cand', 'b'],
  ['c4', 'c1', 'tie'],
  ['cand', 'c2', 'a'],
  ['c4', 'c2', 'b'],
  ['c1', 'c5', 'a'],
  ['c3', 'c4', 'a'],
  ['c3', 'c4', 'tie'],
  ['c4', 'cand', 'tie'],
  ['c2', 'c1', 'b'],
  ['cand', 'c5', 'a'],
  ['c5', 'c1', 'b'],
  ['cand', 'c3', 'a'],
  ['c3', 'c5', 'a'],
];
const MATCHES: Match[] = RAW.map(([a, b, winner]) => ({ a, b, winner }));
const CORPUS = ['c1', 'c2', 'c3', 'c4', 'c5'];

const ONLINE = {
  c2: 1498.4623248136681,
  c5: 1312.7136917320306,
  c1: 1597.8922665761243,
  c3: 1517.3964411009808,
  cand: 1633.4289356979873,
  c4: 1440.1063400792088,
};
const BT: Record<string, [number, number, number]> = {
  c2: [1587.6243891401136, 1435.5748850543264, 1751.943275540095],
  c5: [1205.1439731752514, 981.0795192845056, 1321.9797914040855],
  c1: [1687.0839954566861, 1565.821782608303, 1831.6553661263085],
  c3: [1541.9921270424181, 1438.089231939366, 1676.0569805398247],
  cand: [1722.9142354145993, 1548.7633046068697, 1939.8275571691672],
  c4: [1478.1555151855312, 1312.5095590862481, 1614.2463864141796],
};

describe('Elo per the seed', () => {
  it('expected score and one update', () => {
    expect(eloExpected(1500, 1500)).toBe(0.5);
    // 1 / (1 + 10^(-200/400))
    expect(eloExpected(1600, 1400)).toBeCloseTo(1 / (1 + 10 ** -0.5), 15);
    const u = eloUpdate(1500, 1500, 1);
    expect(u).toEqual({ a: 1516, b: 1484 });
    const draw = eloUpdate(1600, 1400, 0.5);
    expect(draw.a + draw.b).toBeCloseTo(3000, 12);
    expect(draw.a).toBeLessThan(1600);
    expect(() => eloUpdate(1500, 1500, 0.7)).toThrow('eloUpdate: scoreA must be 1, 0.5 or 0, got 0.7');
  });

  it('onlineElo matches the python loop and depends on the order', () => {
    const ratings = onlineElo(MATCHES);
    for (const [p, v] of Object.entries(ONLINE)) expectClose(ratings[p] ?? NaN, v, 1e-9, 0, p);
    const reversed = onlineElo([...MATCHES].reverse());
    expect(reversed.cand).not.toBeCloseTo(ratings.cand ?? NaN, 3);
    expect(onlineElo([{ a: 'x', b: 'y', winner: 'a' }], { start: { x: 1600 } }).y).toBeCloseTo(
      1500 - 32 * (1 - eloExpected(1600, 1500)),
      12,
    );
  });
});

describe('bradleyTerryElo vs statsmodels Logit with the same bootstrap resamples', () => {
  const result = bradleyTerryElo(MATCHES, { pool: CORPUS, seed: 3 });

  it('ratings anchored on the corpus mean, with percentile intervals', () => {
    expect(result.samples).toBe(500);
    expect(result.degenerateSamples).toBe(22);
    for (const [p, [rating, low, high]] of Object.entries(BT)) {
      expectClose(result.ratings[p]?.rating ?? NaN, rating, 1e-6, 0, `${p} rating`);
      expectClose(result.ratings[p]?.low ?? NaN, low, 1e-6, 0, `${p} low`);
      expectClose(result.ratings[p]?.high ?? NaN, high, 1e-6, 0, `${p} high`);
    }
    const mean = CORPUS.reduce((s, p) => s + (result.ratings[p]?.rating ?? NaN), 0) / CORPUS.length;
    expect(mean).toBeCloseTo(1500, 9);
  });

  it('differences equal the plain Bradley-Terry fit; the default pool is every player', () => {
    const plain = bradleyTerry(MATCHES);
    expect((result.ratings.cand?.rating ?? NaN) - (result.ratings.c1?.rating ?? NaN)).toBeCloseTo(
      (plain.cand ?? NaN) - (plain.c1 ?? NaN),
      9,
    );
    const all = bradleyTerryElo(MATCHES, { samples: 20 });
    expect(all.ratings.cand?.rating).toBeCloseTo(plain.cand ?? NaN, 9);
  });

  it('is deterministic for a seed and rejects a pool player with no match', () => {
    expect(bradleyTerryElo(MATCHES, { pool: CORPUS, seed: 3, samples: 30 })).toEqual(
      bradleyTerryElo(MATCHES, { pool: CORPUS, seed: 3, samples: 30 }),
    );
    expect(() => bradleyTerryElo(MATCHES, { pool: ['zz'] })).toThrow(
      "bradleyTerryElo: pool player 'zz' plays no match",
    );
  });

  it('skips and counts resamples with no finite fit; with none fitted the interval is null, not invented', () => {
    // One draw: every resample is the same draw, fitted at 1500.
    const r = bradleyTerryElo([{ a: 'x', b: 'y', winner: 'tie' }], { samples: 10 });
    expect(r.degenerateSamples).toBe(0);
    expect(r.ratings.x).toEqual({ rating: 1500, low: 1500, high: 1500 });
    // One win each way: a resample that holds the same match twice has a player who never lost.
    const split: Match[] = [
      { a: 'x', b: 'y', winner: 'a' },
      { a: 'x', b: 'y', winner: 'b' },
    ];
    const many = bradleyTerryElo(split, { samples: 40, seed: 1 });
    expect(many.degenerateSamples).toBeGreaterThan(0);
    expect(many.degenerateSamples).toBeLessThan(40);
    const seed = Array.from({ length: 50 }, (_, s) => s).find(
      (s) => bradleyTerryElo(split, { samples: 1, seed: s }).degenerateSamples === 1,
    );
    expect(seed).toBeDefined();
    const none = bradleyTerryElo(split, { samples: 1, seed });
    expect(none.ratings.x).toEqual({ rating: 1500, low: null, high: null });
  });
});

describe('corpusPercentile', () => {
  it('is 100 x the mean per-opponent score against the corpus (python: 75.55555555555556 over 5 opponents)', () => {
    const s = corpusPercentile(MATCHES, 'cand', CORPUS);
    expectClose(s.percentile, 75.55555555555556, 1e-9, 0, 'percentile');
    expect(s.opponents).toBe(5);
    expect(s.wins + s.draws + s.losses).toBe(s.matches);
    expect(s.matches).toBe(RAW.filter(([a, b]) => a === 'cand' || b === 'cand').length);
  });

  it('weighs each opponent once however many times they met', () => {
    const s = corpusPercentile(
      [
        { a: 'k', b: 'p', winner: 'a' },
        { a: 'p', b: 'k', winner: 'b' },
        { a: 'k', b: 'q', winner: 'b' },
      ],
      'k',
    );
    expect(s.percentile).toBe(50);
    expect(() => corpusPercentile([{ a: 'p', b: 'q', winner: 'a' }], 'k')).toThrow(
      "corpusPercentile: 'k' plays no match against the corpus",
    );
  });
});
