/** rankCorrelationIntervals: scipy's rho, tau and p, and the bootstrap bounds over the same seeded resamples. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rankCorrelationIntervals } from '../../src/stats/index.js';
import { expectClose, type Num } from './fixture.js';

interface Side {
  estimate: Num;
  p: Num;
  low: Num;
  high: Num;
  used: number;
}
interface Case {
  name: string;
  x: number[];
  y: number[];
  samples: number;
  alpha: number;
  seed: number;
  spearman: Side;
  kendall: Side;
}

const cases = (
  JSON.parse(readFileSync(new URL('../fixtures/stats/rank-correlation-intervals.json', import.meta.url), 'utf8')) as {
    cases: Case[];
  }
).cases;

describe('rankCorrelationIntervals against scripts/validity_reference.py (scipy)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const res = rankCorrelationIntervals(c.x, c.y, { samples: c.samples, alpha: c.alpha, seed: c.seed });
    expect(res.samples).toBe(c.samples);
    for (const key of ['spearman', 'kendall'] as const) {
      const got = res[key];
      const want = c[key];
      expectClose(got.estimate, want.estimate, 1e-9, 0, `${key} estimate`);
      expectClose(got.p, want.p, 1e-9, 1e-9, `${key} p`);
      expectClose(got.low, want.low, 1e-9, 0, `${key} low`);
      expectClose(got.high, want.high, 1e-9, 0, `${key} high`);
      expect(got.resamplesUsed, `${key} resamples used`).toBe(want.used);
    }
  });

  it('the reference covers degenerate resamples (some left out) and a case where none are', () => {
    expect(cases.some((c) => c.spearman.used < c.samples)).toBe(true);
    expect(cases.some((c) => c.spearman.used === c.samples)).toBe(true);
  });

  it('gives no bounds when most resamples have a constant side', () => {
    const res = rankCorrelationIntervals([1, 1, 1, 2], [5, 1, 1, 1], { samples: 200, seed: 5 });
    expect(res.spearman.resamplesUsed * 2).toBeLessThan(200);
    expect(res.spearman.low).toBeNaN();
    expect(res.spearman.high).toBeNaN();
  });

  it('names itself on bad input', () => {
    expect(() => rankCorrelationIntervals([1, 2], [1, 2])).toThrow('rankCorrelationIntervals: needs at least 3 pairs');
    expect(() => rankCorrelationIntervals([1, 2, 3], [1, 2])).toThrow(/rankCorrelationIntervals: x and y/);
    expect(() => rankCorrelationIntervals([1, 2, NaN], [1, 2, 3])).toThrow(/rankCorrelationIntervals: x\[2\]/);
  });
});
