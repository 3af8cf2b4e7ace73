import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mcDimensionScores } from '../../src/monte-carlo/dimension-scores.js';
import { summariseRuns } from '../../src/monte-carlo/statistics.js';
import type { McRunRecord } from '../../src/monte-carlo/summary-types.js';
import { expectClose } from '../stats/fixture.js';

const records = JSON.parse(
  readFileSync(new URL('../fixtures/simulate/mc-records.json', import.meta.url), 'utf8'),
) as McRunRecord[];

/*
 * Balanced-accuracy intervals (30 of 31 positives activated, 3 of 16 negatives, runs clustered by prompt: effective
 * counts 31 and 15.27), scripts/mc_reference.py "balancedInterval": each rate's 97.5% Wilson interval at its
 * effective counts, ((a[0] + 1 - f[1]) / 2, (a[1] + 1 - f[0]) / 2) -> (0.6678930907934444, 0.9697411291027431), and
 * with confidence_sequence(k, n, 0.025) -> (0.5740684076308418, 0.9931932790787651).
 */
describe('mcDimensionScores', () => {
  const fixed = mcDimensionScores(summariseRuns(records, { planned: 50, seed: 11 }));
  const adaptive = mcDimensionScores(summariseRuns(records, { planned: 50, seed: 11, adaptive: {} }));

  it('measures four dimensions and names why the other two are not measured', () => {
    expect(Object.keys(fixed.measurements).sort()).toEqual([
      'output_quality',
      'robustness',
      'token_efficiency',
      'triggering_accuracy',
    ]);
    expect(Object.keys(fixed.unmeasured).sort()).toEqual(['orchestration_fitness', 'scope_calibration']);
  });

  it('triggering accuracy is balanced accuracy with a Bonferroni interval by the sampling method', () => {
    const t = fixed.measurements.triggering_accuracy;
    expectClose(t?.score ?? NaN, 0.8901209677419355, 1e-12, 0, 'score');
    expectClose(t?.ciLow ?? NaN, 0.6678930907934444, 1e-10, 0, 'low');
    expectClose(t?.ciHigh ?? NaN, 0.9697411291027431, 1e-10, 0, 'high');
    const ta = adaptive.measurements.triggering_accuracy;
    expectClose(ta?.ciLow ?? NaN, 0.5740684076308418, 1e-10, 0, 'adaptive low');
    expectClose(ta?.ciHigh ?? NaN, 0.9931932790787651, 1e-10, 0, 'adaptive high');
    expect(t?.evidence).toEqual([
      'activated on 30 of 31 measured positive runs of 10 prompts (rate 0.968; 95% Wilson interval 0.838-0.994)',
      'activated on 3 of 16 measured negative runs of 10 prompts (rate 0.188; 95% Wilson interval 0.064-0.436 on an ' +
        'effective 15.3 runs (clustered by prompt))',
      "balanced accuracy (0.968 + (1 - 0.188)) / 2 = 0.890; 95% interval from each rate's 97.5% interval (Bonferroni)",
      '3 of 50 runs lost to infrastructure errors (2 api_error, 1 timeout); not counted',
    ]);
  });

  it('output quality, robustness and token efficiency carry their counts and intervals', () => {
    const q = fixed.measurements.output_quality;
    expectClose(q?.score ?? NaN, 0.7031304347826087, 1e-12, 0, 'quality');
    expectClose(q?.ciLow ?? NaN, 0.6556145833333333, 1e-12, 0, 'quality low');
    expect(q?.evidence[0]).toBe(
      'mean judge grade 0.703 over 23 graded activated positive runs of 10 prompts (CV 0.199); bootstrap 95% ' +
        'interval of the mean over prompts 0.656-0.755',
    );
    const r = fixed.measurements.robustness;
    expectClose(r?.score ?? NaN, 1 - 2 / 47, 1e-12, 0, 'robustness');
    // 1 - Clopper-Pearson high / low for 2 of 47 (statsmodels: 0.14540524548821396, 0.005195583176743832).
    expectClose(r?.ciLow ?? NaN, 1 - 0.14540524548821396, 1e-10, 0, 'robustness low');
    expectClose(r?.ciHigh ?? NaN, 1 - 0.005195583176743832, 1e-10, 0, 'robustness high');
    expect(r?.evidence[0]).toContain('in 2 of 47 measured runs');
    const e = fixed.measurements.token_efficiency;
    expectClose(e?.score ?? NaN, 0.45987500000000003, 1e-12, 0, 'efficiency');
    expect(e?.ciLow).toBeNull();
    expect(e?.evidence[0]).toBe(
      'median 4,321 tokens over 47 measured runs (quartiles 3,456-4,970; 1 run above Q3 + 1.5 IQR)',
    );
  });

  it('without negatives, triggering is the activation rate alone and says so; with nothing graded, quality is unmeasured', () => {
    const positivesOnly = records.filter((r) => r.shouldTrigger).map((r) => ({ ...r, quality: null }));
    const d = mcDimensionScores(summariseRuns(positivesOnly, { planned: 32, seed: 1 }));
    expect(d.measurements.triggering_accuracy?.score).toBeCloseTo(30 / 31, 12);
    expect(d.measurements.triggering_accuracy?.evidence[1]).toBe(
      'false activation not measured (no measured negative run): the score is the activation rate on positives alone',
    );
    expect(d.measurements.output_quality).toBeUndefined();
    expect(d.unmeasured.output_quality).toBe('no activated positive run was graded');
  });

  it('with nothing measured, every Monte Carlo dimension is unmeasured', () => {
    const d = mcDimensionScores(summariseRuns([], { planned: 10, seed: 1 }));
    expect(d.measurements).toEqual({});
    expect(Object.keys(d.unmeasured).length).toBe(6);
  });
});
