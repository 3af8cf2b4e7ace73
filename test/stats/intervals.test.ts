import { describe, it, expect } from 'vitest';
import { bootstrapCI, clopperPearson, mean, median, mulberry32, wilsonInterval } from '../../src/stats/index.js';
import { expectClose, reference } from './fixture.js';

interface ProportionRow {
  k: number;
  n: number;
  alpha: number;
  wilson: { low: number; high: number };
  clopperPearson: { low: number; high: number };
}
interface BootstrapRow {
  values: number[];
  samples: number;
  alpha: number;
  seed: number;
  low: number;
  high: number;
  estimate: number;
}

const proportion = reference.proportion as ProportionRow[];
const bootstrap = reference.bootstrap as { prng: { seed: number; first: number[] }; mean: BootstrapRow[] };

describe('wilsonInterval / clopperPearson vs statsmodels proportion_confint', () => {
  it.each(proportion.map((r) => [`k=${r.k} n=${r.n} alpha=${r.alpha}`, r] as const))('%s', (_name, r) => {
    const w = wilsonInterval(r.k, r.n, r.alpha);
    expectClose(w.low, r.wilson.low, 1e-9, 0, 'wilson low');
    expectClose(w.high, r.wilson.high, 1e-9, 0, 'wilson high');
    const cp = clopperPearson(r.k, r.n, r.alpha);
    expectClose(cp.low, r.clopperPearson.low, 1e-9, 0, 'beta low');
    expectClose(cp.high, r.clopperPearson.high, 1e-9, 0, 'beta high');
  });

  it('covers k = 0, k = n and several alphas', () => {
    expect(proportion.some((r) => r.k === 0)).toBe(true);
    expect(proportion.some((r) => r.k === r.n)).toBe(true);
    expect(new Set(proportion.map((r) => r.alpha)).size).toBeGreaterThanOrEqual(4);
  });

  it('default alpha is 0.05 and the exact interval pins 0 / 1 at the ends', () => {
    expect(wilsonInterval(3, 10)).toEqual(wilsonInterval(3, 10, 0.05));
    expect(clopperPearson(0, 10).low).toBe(0);
    expect(clopperPearson(10, 10).high).toBe(1);
  });

  it('n = 1 works and bad k / n / alpha throw', () => {
    expect(clopperPearson(1, 1, 0.05).low).toBeCloseTo(0.025, 12);
    expect(() => wilsonInterval(0, 0)).toThrow('wilsonInterval: n must be a positive integer, got 0');
    expect(() => clopperPearson(5, 4)).toThrow('clopperPearson: k must be an integer in [0, n] = [0, 4], got 5');
    expect(() => wilsonInterval(1, 4, 1)).toThrow('wilsonInterval: alpha must be strictly between 0 and 1, got 1');
    expect(() => clopperPearson(1.5, 4)).toThrow(RangeError);
  });
});

describe('bootstrapCI (seeded percentile bootstrap)', () => {
  it('mulberry32 reproduces the Python port', () => {
    const rand = mulberry32(bootstrap.prng.seed);
    for (const expected of bootstrap.prng.first) expect(rand()).toBe(expected);
  });

  it.each(bootstrap.mean.map((r, i) => [i, r] as const))(
    'mean case %i matches numpy percentiles of the same resamples',
    (_i, r) => {
      const res = bootstrapCI(r.values, mean, { samples: r.samples, alpha: r.alpha, seed: r.seed });
      expectClose(res.low, r.low, 1e-9, 0, 'low');
      expectClose(res.high, r.high, 1e-9, 0, 'high');
      expectClose(res.estimate, r.estimate, 1e-12, 0, 'estimate');
    },
  );

  it('is deterministic for a seed, differs across seeds, and brackets the estimate', () => {
    const values = [0.2, 0.9, 0.4, 0.7, 0.75, 0.1, 0.55, 0.6, 0.3, 0.8];
    const a = bootstrapCI(values, median, { seed: 3 });
    const b = bootstrapCI(values, median, { seed: 3 });
    const c = bootstrapCI(values, median, { seed: 4 });
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    for (const r of [a, c]) {
      expect(r.low).toBeLessThanOrEqual(r.estimate);
      expect(r.high).toBeGreaterThanOrEqual(r.estimate);
    }
    const wide = bootstrapCI(values, mean, { seed: 3, alpha: 0.01 });
    const narrow = bootstrapCI(values, mean, { seed: 3, alpha: 0.2 });
    expect(wide.low).toBeLessThanOrEqual(narrow.low);
    expect(wide.high).toBeGreaterThanOrEqual(narrow.high);
  });

  it('works on non-numeric items and n = 1', () => {
    const items = [{ ok: true }, { ok: false }, { ok: true }];
    const res = bootstrapCI(items, (s) => s.filter((x) => x.ok).length / s.length, { samples: 200, seed: 9 });
    expect(res.estimate).toBeCloseTo(2 / 3, 15);
    expect(bootstrapCI([5], mean, { samples: 50 })).toEqual({ low: 5, high: 5, estimate: 5 });
  });

  it('rejects empty input and bad options', () => {
    expect(() => bootstrapCI([], mean)).toThrow('bootstrapCI: needs at least 1 value, got 0');
    expect(() => bootstrapCI([1, 2], mean, { samples: 0 })).toThrow(/bootstrapCI: samples must be a positive integer/);
    expect(() => bootstrapCI([1, 2], mean, { alpha: 0 })).toThrow(
      /bootstrapCI: alpha must be strictly between 0 and 1/,
    );
    expect(() => bootstrapCI([1, 2], () => NaN)).toThrow(/bootstrapCI: stat returned NaN/);
  });
});
