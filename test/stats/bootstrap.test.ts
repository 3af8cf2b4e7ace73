/** bootstrapMeanDifference: the same resamples as the python port, and agreement with scipy.stats.bootstrap. */
import { describe, expect, it } from 'vitest';
import { bootstrapMeanDifference, mulberry32 } from '../../src/stats/index.js';

// .venv/bin/python scripts/evals_reference.py -> "bootstrap_mean_difference" (the same mulberry32 stream, numpy
// np.percentile of the 1000/500/2000 resampled differences).
const cases = [
  {
    candidate: [1.0, 0.75, 1.0, 0.5, 1.0, 0.75],
    baseline: [0.25, 0.5, 0.25, 0.0, 0.5],
    samples: 1000,
    alpha: 0.05,
    seed: 1,
    low: 0.31666666666666665,
    high: 0.7583333333333333,
    estimate: 0.5333333333333334,
  },
  {
    candidate: [0.9, 0.8],
    baseline: [0.85, 0.95, 0.7],
    samples: 500,
    alpha: 0.1,
    seed: 12345,
    low: -0.09999999999999976,
    high: 0.15000000000000002,
    estimate: 0.01666666666666672,
  },
  {
    candidate: [42.5, 38.0, 51.2, 47.9],
    baseline: [30.1, 29.4, 35.0, 31.7],
    samples: 2000,
    alpha: 0.05,
    seed: 7,
    low: 7.825000000000003,
    high: 18.400625,
    estimate: 13.349999999999998,
  },
];

/** Pass rates k/4 drawn from mulberry32, exactly as `quarters` in scripts/evals_reference.py. */
function quarters(seed: number, n: number, levels: number): number[] {
  const rand = mulberry32(seed);
  return Array.from({ length: n }, () => Math.floor(rand() * levels) / 4);
}

describe('bootstrapMeanDifference', () => {
  it.each(cases.map((c, i) => [i, c] as const))('case %i matches the python port to the last bit', (_i, c) => {
    const r = bootstrapMeanDifference(c.candidate, c.baseline, { samples: c.samples, alpha: c.alpha, seed: c.seed });
    expect(r.low).toBe(c.low);
    expect(r.high).toBe(c.high);
    expect(r.estimate).toBe(c.estimate);
  });

  it('agrees with scipy.stats.bootstrap (percentile, each sample resampled alone) on a large sample', () => {
    // scipy.stats.bootstrap((c, b), mean(c) - mean(b), n_resamples=20000, method="percentile",
    // rng=np.random.default_rng(2024)) on quarters(11, 300, 5) vs quarters(12, 250, 4): [0.105667, 0.207833].
    // Another PRNG, so only Monte Carlo agreement is expected: 0.005 is ~4 standard errors of a 2.5% quantile here.
    const r = bootstrapMeanDifference(quarters(11, 300, 5), quarters(12, 250, 4), { samples: 20000, seed: 99 });
    expect(r.estimate).toBeCloseTo(0.15616666666666668, 12);
    expect(Math.abs(r.low - 0.10566666666666669)).toBeLessThan(0.005);
    expect(Math.abs(r.high - 0.20783333333333331)).toBeLessThan(0.005);
    // The python port of the same stream gives exactly these bounds.
    expect(r.low).toBeCloseTo(0.10382916666666667, 12);
    expect(r.high).toBeCloseTo(0.20783333333333337, 12);
  });

  it('the sign follows the argument order, and bad input is refused by name', () => {
    const a = bootstrapMeanDifference([0.9, 1], [0.1, 0.2], { seed: 3 });
    const b = bootstrapMeanDifference([0.1, 0.2], [0.9, 1], { seed: 3 });
    expect(a.estimate).toBeGreaterThan(0);
    expect(b.estimate).toBeCloseTo(-a.estimate, 12);
    expect(() => bootstrapMeanDifference([], [1])).toThrow(/bootstrapMeanDifference: needs at least 1 candidate value/);
    expect(() => bootstrapMeanDifference([1], [Number.NaN])).toThrow(/baseline\[0\] must be a finite number/);
  });
});
