import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { efficiencyNorm, summariseRuns } from '../../src/monte-carlo/statistics.js';
import type { McRunRecord } from '../../src/monte-carlo/summary-types.js';
import { expectClose } from '../stats/fixture.js';

/*
 * 50 runs (31 measured positives, 16 measured negatives, 3 infrastructure errors, 2 agent errors, 23 graded
 * outputs, one 30,000-token outlier) and the figures below come from scripts/mc_reference.py (numpy 2.4.6,
 * scipy 1.17.1, statsmodels 0.15.0): Wilson and Clopper-Pearson via proportion_confint(method='wilson'|'beta'),
 * CV via scipy.stats.variation(ddof=1), tokens via np.percentile (linear), the bootstrap via the mulberry32 port
 * (seed 11, 1000 resamples) and np.percentile([2.5, 97.5]), the confidence sequence by brentq on the mixture boundary.
 * Runs are clustered by prompt (promptIndex, 10 prompts): every interval is at the effective counts
 * (src/stats/clustered-proportion.ts) and the quality bootstrap resamples whole prompts. Here the activation and
 * failure runs disagree within prompts as much as between them (design effect below 1), so their intervals are the
 * unclustered statsmodels ones; false activation rests on 15.27 of its 16 runs.
 */
const records = JSON.parse(
  readFileSync(new URL('../fixtures/simulate/mc-records.json', import.meta.url), 'utf8'),
) as McRunRecord[];

const SHARED = {
  precision: 0.9090909090909091,
  recall: 0.967741935483871,
  f1: 0.9375,
  quality: {
    n: 23,
    mean: 0.7031304347826087,
    cv: 0.19873903883452093,
    low: 0.6556145833333333,
    high: 0.7549140269151138,
  },
  tokens: { median: 4321.0, q1: 3456.0, q3: 4969.5, iqr: 1513.5, outliers: 1 },
  efficiencyNorm: 0.45987500000000003,
  mcScore: 0.8649519242453199,
};
const FIXED = {
  activation: [0.838058948352751, 0.9942827784745831],
  falseActivation: [0.06438280334698993, 0.4362699518832414],
  failure: [0.005195583176743832, 0.14540524548821396],
};
const ADAPTIVE = {
  activation: [0.7533804786623925, 0.9999495203843742],
  falseActivation: [0.017621411939070616, 0.5572945521197923],
  failure: [0.0010040791557005193, 0.2126008159276422],
};

function record(over: Partial<McRunRecord>): McRunRecord {
  return {
    promptIndex: 0,
    shouldTrigger: true,
    status: 'ok',
    activated: true,
    quality: null,
    tokens: 1000,
    costUsd: 0,
    durationMs: 0,
    ...over,
  };
}

describe('summariseRuns vs numpy / scipy / statsmodels', () => {
  const fixed = summariseRuns(records, { planned: 50, seed: 11 });
  const adaptive = summariseRuns(records, {
    planned: 50,
    seed: 11,
    adaptive: { stopReason: 'max-runs', stopDetail: 'N = 50 reached' },
  });

  it('counts runs, leaving infrastructure errors out of every denominator', () => {
    expect(fixed.runs).toEqual({
      planned: 50,
      done: 50,
      measured: 47,
      infra: 3,
      infraByKind: { api_error: 2, timeout: 1 },
    });
    expect([fixed.activation.successes, fixed.activation.trials]).toEqual([30, 31]);
    expect([fixed.falseActivation.successes, fixed.falseActivation.trials]).toEqual([3, 16]);
    expect([fixed.failure.successes, fixed.failure.trials]).toEqual([2, 47]);
    expect(fixed.costUsd).toBeCloseTo(0.5, 12);
    expect(fixed.durationMs).toBe(50_000);
    expect(fixed.notes).toContain(
      '3 of 50 runs lost to infrastructure errors (2 api_error, 1 timeout); left out of every rate',
    );
  });

  it.each([
    ['fixed (Wilson, Clopper-Pearson)', fixed, FIXED, ['wilson', 'wilson', 'clopper-pearson']],
    [
      'adaptive (confidence sequences)',
      adaptive,
      ADAPTIVE,
      ['confidence-sequence', 'confidence-sequence', 'confidence-sequence'],
    ],
  ] as const)('%s intervals and shared statistics', (_name, s, expected, methods) => {
    for (const [i, key] of (['activation', 'falseActivation', 'failure'] as const).entries()) {
      expect(s[key].method).toBe(methods[i]);
      expectClose(s[key].low ?? NaN, expected[key][0] ?? NaN, 1e-10, 0, `${key} low`);
      expectClose(s[key].high ?? NaN, expected[key][1] ?? NaN, 1e-10, 0, `${key} high`);
    }
    expectClose(s.precision ?? NaN, SHARED.precision, 1e-12, 0, 'precision');
    expectClose(s.recall ?? NaN, SHARED.recall, 1e-12, 0, 'recall');
    expectClose(s.f1 ?? NaN, SHARED.f1, 1e-12, 0, 'f1');
    expect(s.quality.n).toBe(SHARED.quality.n);
    expect(s.quality.prompts).toBe(10);
    expect([s.activation.prompts, s.falseActivation.prompts, s.failure.prompts]).toEqual([10, 10, 10]);
    expectClose(s.falseActivation.effectiveTrials, 15.266055045871559, 1e-12, 0, 'false activation n_eff');
    expect([s.activation.effectiveTrials, s.failure.effectiveTrials]).toEqual([31, 47]);
    for (const k of ['mean', 'cv', 'low', 'high'] as const)
      expectClose(s.quality[k] ?? NaN, SHARED.quality[k], 1e-12, 0, `quality ${k}`);
    expect(s.tokens).toEqual(SHARED.tokens);
    expectClose(s.efficiencyNorm ?? NaN, SHARED.efficiencyNorm, 1e-12, 0, 'efficiency');
    expectClose(s.mcScore ?? NaN, SHARED.mcScore, 1e-12, 0, 'mc_score');
  });

  it('records how it sampled; reruns with the same seed are identical, another seed moves only the bootstrap', () => {
    expect(fixed.sampling).toEqual({ mode: 'fixed', stopReason: null, stopDetail: null });
    expect(adaptive.sampling).toEqual({ mode: 'adaptive', stopReason: 'max-runs', stopDetail: 'N = 50 reached' });
    expect(summariseRuns(records, { planned: 50, seed: 11 })).toEqual(fixed);
    const other = summariseRuns(records, { planned: 50, seed: 12 });
    expect(other.quality.low).not.toBe(fixed.quality.low);
    expect(other.activation).toEqual(fixed.activation);
  });
});

describe('summariseRuns: undefined statistics are null with a note, never 0 or 1', () => {
  it('no runs at all', () => {
    const s = summariseRuns([], { planned: 50, seed: 1 });
    expect(s.activation).toEqual({
      rate: null,
      successes: 0,
      trials: 0,
      prompts: 0,
      effectiveTrials: 0,
      low: null,
      high: null,
      method: 'wilson',
    });
    expect(s.mcScore).toBeNull();
    expect(s.efficiencyNorm).toBeNull();
    expect(s.tokens).toEqual({ median: null, q1: null, q3: null, iqr: null, outliers: 0 });
    expect(s.notes.some((n) => n.startsWith('mc_score not computed'))).toBe(true);
  });

  it('only infrastructure errors: nothing measured, every kind counted', () => {
    const s = summariseRuns(
      [
        record({ status: 'infra', infraKind: 'rate_limited' }),
        record({ status: 'infra', infraKind: 'rate_limited' }),
        record({ status: 'infra' }),
      ],
      { planned: 3, seed: 1 },
    );
    expect(s.runs).toEqual({
      planned: 3,
      done: 3,
      measured: 0,
      infra: 3,
      infraByKind: { rate_limited: 2, unknown: 1 },
    });
    expect(s.activation.rate).toBeNull();
    expect(s.failure.rate).toBeNull();
    expect(s.mcScore).toBeNull();
  });

  it('no negatives: precision and F1 null (no false activation could be seen), recall measured', () => {
    const s = summariseRuns([record({ quality: 0.5 }), record({ activated: false })], { planned: 2, seed: 1 });
    expect(s.precision).toBeNull();
    expect(s.f1).toBeNull();
    expect(s.recall).toBe(0.5);
    expect(s.notes).toContain('precision and F1 not computed: no measured negative (should-not-trigger) run');
  });

  it('no activation anywhere: precision and F1 undefined, recall 0', () => {
    const s = summariseRuns([record({ activated: false }), record({ shouldTrigger: false, activated: false })], {
      planned: 2,
      seed: 1,
    });
    expect(s.precision).toBeNull();
    expect(s.f1).toBeNull();
    expect(s.recall).toBe(0);
  });

  it('CV unknown (fewer than 2 graded outputs): mc_score renormalised over the other terms, and says so', () => {
    const s = summariseRuns([record({ quality: 0.9, tokens: 4000 }), record({ activated: false, tokens: 4000 })], {
      planned: 2,
      seed: 1,
    });
    expect(s.quality).toEqual({ n: 1, prompts: 1, mean: 0.9, cv: null, low: null, high: null });
    // (0.40 x 0.5 + 0.20 x 1 + 0.10 x 0.5) / 0.70
    expect(s.mcScore).toBeCloseTo((0.4 * 0.5 + 0.2 + 0.1 * 0.5) / 0.7, 12);
    expect(s.notes.some((n) => n.startsWith('mc_score renormalised without its consistency term'))).toBe(true);
  });

  it('every graded output scored 0: CV undefined (0/0), not "perfectly consistent"', () => {
    const s = summariseRuns([record({ quality: 0 }), record({ quality: 0 })], { planned: 2, seed: 1 });
    expect(s.quality.mean).toBe(0);
    expect(s.quality.cv).toBeNull();
    expect(s.notes).toContain('output CV undefined: all 2 graded outputs scored 0 (standard deviation / mean is 0/0)');
  });

  it('CV above 1 is capped at 1 in mc_score', () => {
    const s = summariseRuns([record({ quality: 0.01, tokens: 8000 }), record({ quality: 0.9, tokens: 8000 })], {
      planned: 2,
      seed: 1,
    });
    expect(s.quality.cv).toBeGreaterThan(1);
    expect(s.mcScore).toBeCloseTo(0.4 * 1 + 0.3 * 0 + 0.2 * 1 + 0.1 * 0, 12);
  });

  it('efficiency_norm follows the seed and floors at 0', () => {
    expect(efficiencyNorm(0)).toBe(1);
    expect(efficiencyNorm(2000)).toBe(0.75);
    expect(efficiencyNorm(12000)).toBe(0);
  });

  it('rejects malformed records naming the record', () => {
    expect(() => summariseRuns([record({ quality: 1.5 })], { planned: 1, seed: 1 })).toThrow(
      'summariseRuns: record 0 has quality 1.5; expected null or a number in [0, 1]',
    );
    expect(() => summariseRuns([record({}), record({ tokens: -1 })], { planned: 1, seed: 1 })).toThrow(
      /record 1 has tokens -1/,
    );
    expect(() => summariseRuns([], { planned: 1.5, seed: 1 })).toThrow(/planned must be a non-negative integer/);
  });
});
