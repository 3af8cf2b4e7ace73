/** Aggregation statistics: the t quantile against scipy, intervals, and agreement edge cases. */
import { describe, expect, it } from 'vitest';
import {
  aggregateDimension,
  interJudgeAgreement,
  judgeSamples,
  studentTQuantile,
  tInterval,
} from '../../src/judge/index.js';
import { aggregateJudges } from '../../src/judge/kit/aggregate.js';
import type { JudgedOutcome } from '../../src/judge/index.js';

describe('studentTQuantile', () => {
  // scipy.stats.t.ppf(0.975, df)
  it.each([
    [1, 12.706204736174705],
    [2, 4.302652729911275],
    [4, 2.7764451051977987],
    [10, 2.2281388519649385],
    [100, 1.9839715184496334],
  ])('df=%i', (df, expected) => {
    expect(studentTQuantile(0.05, df)).toBeCloseTo(expected, 9);
  });
});

describe('tInterval', () => {
  it('is the mean +/- t s / sqrt(n), clipped to [0, 1]', () => {
    const { low, high } = tInterval([0.6, 0.7, 0.8]);
    const half = (4.302652729911275 * 0.1) / Math.sqrt(3);
    expect(low).toBeCloseTo(0.7 - half, 9);
    expect(high).toBeCloseTo(0.7 + half, 9);
    expect(tInterval([0.9, 1, 1]).high).toBe(1);
  });
});

describe('aggregation', () => {
  const [a, b] = judgeSamples(['m1', 'm2'], 1);
  const measured = (score: number) => ({ ok: true as const, measurement: { score, evidence: ['e'] } });

  it('labels judges and uses temperature only for repeats of one model', () => {
    expect(judgeSamples(['sonnet'], 1)).toEqual([{ model: 'sonnet', sampleIndex: 0, temperature: 0, label: 'sonnet' }]);
    expect(judgeSamples(['sonnet'], 2).map((s) => [s.label, s.sampleIndex, s.temperature])).toEqual([
      ['sonnet#1', 0, 1],
      ['sonnet#2', 1, 1],
    ]);
    expect(judgeSamples(['x', 'y'], 1).map((s) => s.temperature)).toEqual([0, 0]);
  });

  it('unmeasured when every judge failed, with every reason', () => {
    const outcomes: JudgedOutcome[] = [
      { sample: a!, dimension: 'output_quality', outcome: { ok: false, reason: 'bad json' } },
      { sample: b!, dimension: 'output_quality', outcome: { ok: false, reason: 'timeout' } },
    ];
    expect(aggregateDimension(outcomes)).toEqual({
      ok: false,
      reason: 'm1#1: bad json | m2#1: timeout',
      failed: 'm1#1: bad json | m2#1: timeout',
    });
    expect(aggregateDimension(outcomes.slice(0, 1))).toEqual({ ok: false, reason: 'bad json', failed: 'bad json' });
  });

  it('a dimension that does not apply is unmeasured without a failure; a judge that failed beside others is a shortfall', () => {
    const na: JudgedOutcome[] = [
      {
        sample: a!,
        dimension: 'code_template_quality',
        outcome: { ok: false, reason: 'no code', notApplicable: true },
      },
    ];
    expect(aggregateDimension(na)).toEqual({ ok: false, reason: 'no code' });
    const mixed: JudgedOutcome[] = [
      { sample: a!, dimension: 'output_quality', outcome: measured(0.8) },
      { sample: b!, dimension: 'output_quality', outcome: { ok: false, reason: 'timeout' } },
    ];
    const result = aggregateDimension(mixed);
    expect(result.ok && result.measurement.score).toBe(0.8);
    expect(result.failed).toBe('1 of 2 judges failed: m2#1: timeout');
  });

  it('kappa is null with one judge or fewer than two common dimensions', () => {
    const one: JudgedOutcome[] = [{ sample: a!, dimension: 'output_quality', outcome: measured(0.9) }];
    expect(interJudgeAgreement([a!], one).kappa).toBeNull();
    const two: JudgedOutcome[] = [...one, { sample: b!, dimension: 'output_quality', outcome: measured(0.5) }];
    expect(interJudgeAgreement([a!, b!], two)).toEqual({ kappa: null, pairs: 0, dimensions: ['output_quality'] });
  });

  it('kappa over banded grades of two judges', () => {
    const grades: [string, number, number][] = [
      ['output_quality', 0.95, 0.91],
      ['scope_calibration', 0.5, 0.85],
      ['orchestration_fitness', 0.75, 0.7],
    ];
    const outcomes: JudgedOutcome[] = grades.flatMap(([dim, x, y]) => [
      { sample: a!, dimension: dim as JudgedOutcome['dimension'], outcome: measured(x) },
      { sample: b!, dimension: dim as JudgedOutcome['dimension'], outcome: measured(y) },
    ]);
    // A,F,C vs A,B,C: po = 2/3, pe = (1*1 + 1*1)/9 = 2/9 -> kappa = (2/3 - 2/9) / (7/9) = 4/7.
    expect(interJudgeAgreement([a!, b!], outcomes).kappa).toBeCloseTo(4 / 7, 12);
  });
});

describe('the one aggregation rule (judge layer and toolkit panels)', () => {
  // scipy.stats.t.interval(0.95, n - 1, loc=mean(x), scale=sem(x))
  it.each([
    [[4, 4, 5, 3], { low: 1, high: 5 }, 4, 2.700771736374889, 5],
    [[0.6, 0.7, 0.9], { low: 0, high: 1 }, 0.7333333333333333, 0.3538750299736573, 1],
    [[2, 3, 5], { low: -10, high: 10 }, 10 / 3, -0.46124970026342593, 7.1279163669300925],
  ])('%j: mean and t-interval clipped to %j', (scores, bounds, mean, low, high) => {
    const combined = aggregateJudges(scores, bounds);
    expect(combined?.score).toBeCloseTo(mean, 12);
    expect(combined?.ciLow).toBeCloseTo(low, 9);
    expect(combined?.ciHigh).toBeCloseTo(high, 9);
  });

  it('one judge has no interval, none gives nothing', () => {
    expect(aggregateJudges([0.4])).toEqual({ score: 0.4, n: 1, stdev: null, ciLow: null, ciHigh: null });
    expect(aggregateJudges([])).toBeNull();
  });
});
