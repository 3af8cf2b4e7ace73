import { describe, expect, it } from 'vitest';
import { bernoulliConfidenceSequence, logMixtureMartingale, wilsonInterval } from '../../src/stats/index.js';
import { expectClose } from './fixture.js';

/*
 * Reference values: scipy 1.17.1, root of the mixture boundary solved with brentq.
 *
 *   from scipy.special import betaln, xlogy, xlog1py
 *   from scipy.optimize import brentq
 *   def cs(S, n, a=1, b=1, alpha=0.05):
 *       thr = betaln(a + S, b + n - S) - betaln(a, b) + np.log(alpha)
 *       f = lambda p: xlogy(S, p) + xlog1py(n - S, -p) - thr
 *       lo = 0.0 if S == 0 else brentq(f, 1e-300, S / n, xtol=1e-15, rtol=1e-15)
 *       hi = 1.0 if S == n else brentq(f, S / n, 1 - 1e-16, xtol=1e-15, rtol=1e-15)
 *       return lo, hi
 */
const CASES: [k: number, n: number, a: number, b: number, alpha: number, low: number, high: number][] = [
  [0, 1, 1, 1, 0.05, 0.0, 0.975],
  [1, 1, 1, 1, 0.05, 0.025000000000000005, 1.0],
  [3, 10, 1, 1, 0.05, 0.03664029037550995, 0.7332594738358065],
  [0, 20, 1, 1, 0.05, 0.0, 0.26067135093765753],
  [20, 20, 1, 1, 0.05, 0.7393286490623424, 1.0],
  [50, 100, 1, 1, 0.05, 0.3445902692778792, 0.6554097307221213],
  [98, 100, 1, 1, 0.05, 0.8869347846064422, 0.9996787379632612],
  [41, 48, 1, 1, 0.05, 0.6502032303476537, 0.9654691605267729],
  [7, 30, 0.5, 0.5, 0.1, 0.06673508886123689, 0.4918536992864378],
  [12, 25, 2, 3, 0.01, 0.18463862119493693, 0.7858494202460454],
];

describe('bernoulliConfidenceSequence (beta-binomial mixture) vs scipy', () => {
  it.each(CASES.map((c) => [`k=${c[0]} n=${c[1]} prior=(${c[2]},${c[3]}) alpha=${c[4]}`, c] as const))(
    '%s',
    (_name, c) => {
      const [k, n, a, b, alpha, low, high] = c;
      const cs = bernoulliConfidenceSequence(k, n, { alpha, prior: { a, b } });
      expectClose(cs.low, low, 1e-12, 0, 'low');
      expectClose(cs.high, high, 1e-12, 0, 'high');
    },
  );

  it('the bounds are where the mixture martingale reaches 1/alpha', () => {
    const cs = bernoulliConfidenceSequence(41, 48);
    expect(logMixtureMartingale(41, 48, cs.low)).toBeCloseTo(Math.log(20), 9);
    expect(logMixtureMartingale(41, 48, cs.high)).toBeCloseTo(Math.log(20), 9);
    expect(logMixtureMartingale(41, 48, 41 / 48)).toBeLessThan(0);
    // ln M for 3 of 10 at p = 0.5: betaln(4, 8) - betaln(1, 1) - 10 ln 0.5 (scipy: -0.2539152099809643).
    expectClose(logMixtureMartingale(3, 10, 0.5), -0.2539152099809643, 1e-12, 0, 'ln M');
  });

  it('is wider than the fixed-n Wilson interval (the price of optional stopping) and narrows with n', () => {
    for (const [k, n] of [
      [5, 10],
      [50, 100],
      [98, 100],
    ] as const) {
      const cs = bernoulliConfidenceSequence(k, n);
      const w = wilsonInterval(k, n);
      expect(cs.low).toBeLessThan(w.low);
      expect(cs.high).toBeGreaterThan(w.high);
    }
    const w10 = bernoulliConfidenceSequence(5, 10);
    const w100 = bernoulliConfidenceSequence(50, 100);
    expect(w100.high - w100.low).toBeLessThan(w10.high - w10.low);
  });

  it('n = 0 is the whole unit interval; bad input throws naming the function', () => {
    expect(bernoulliConfidenceSequence(0, 0)).toEqual({ low: 0, high: 1 });
    expect(() => bernoulliConfidenceSequence(3, 2)).toThrow(
      'bernoulliConfidenceSequence: k must be an integer in [0, n] = [0, 2], got 3',
    );
    expect(() => bernoulliConfidenceSequence(1, 2, { alpha: 0 })).toThrow(/alpha must be strictly between 0 and 1/);
    expect(() => bernoulliConfidenceSequence(1, 2, { prior: { a: 0, b: 1 } })).toThrow(
      /prior a and b must be finite and > 0/,
    );
    expect(() => logMixtureMartingale(1, 2, 1.5)).toThrow('logMixtureMartingale: p must be in [0, 1], got 1.5');
  });
});
