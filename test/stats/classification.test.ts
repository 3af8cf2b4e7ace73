import { describe, it, expect } from 'vitest';
import {
  agreementRate,
  cohensKappa,
  macroF1,
  microF1,
  positionConsistency,
  precisionRecallF1,
} from '../../src/stats/index.js';
import type { Label } from '../../src/stats/index.js';
import type { Num } from './fixture.js';
import { expectClose, reference } from './fixture.js';

interface PrfRow {
  name: string;
  truth: boolean[];
  predicted: boolean[];
  precision: number;
  recall: number;
  f1: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}
interface F1Row {
  name: string;
  truth: Label[];
  predicted: Label[];
  macro: number;
  micro: number;
}
interface KappaRow {
  name: string;
  a: Label[];
  b: Label[];
  none: Num;
  linear: Num;
  quadratic: Num;
}
interface AgreementRow {
  name: string;
  a: string[];
  b: string[];
  withTies: number;
  withoutTies: number | null;
}

const prf = reference.precisionRecallF1 as PrfRow[];
const f1 = reference.f1 as F1Row[];
const kappa = reference.kappa as KappaRow[];
const agreement = reference.agreement as AgreementRow[];

describe('precisionRecallF1 vs sklearn (zero_division=0)', () => {
  it.each(prf.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    const res = precisionRecallF1({ truth: r.truth, predicted: r.predicted });
    expect({ tp: res.tp, fp: res.fp, fn: res.fn, tn: res.tn }).toEqual({ tp: r.tp, fp: r.fp, fn: r.fn, tn: r.tn });
    expectClose(res.precision, r.precision, 1e-9, 0, 'precision');
    expectClose(res.recall, r.recall, 1e-9, 0, 'recall');
    expectClose(res.f1, r.f1, 1e-9, 0, 'f1');
    const fromCounts = precisionRecallF1({ tp: r.tp, fp: r.fp, fn: r.fn, tn: r.tn });
    expect(fromCounts).toEqual(res);
  });

  it('reports 0 for 0/0 ratios and NaN tn when counts omit it', () => {
    expect(precisionRecallF1({ tp: 0, fp: 0, fn: 0 })).toEqual({
      precision: 0,
      recall: 0,
      f1: 0,
      tp: 0,
      fp: 0,
      fn: 0,
      tn: NaN,
    });
  });

  it('rejects empty, mismatched and malformed input', () => {
    expect(() => precisionRecallF1({ truth: [], predicted: [] })).toThrow(
      'precisionRecallF1: needs at least 1 label, got 0',
    );
    expect(() => precisionRecallF1({ truth: [true], predicted: [] })).toThrow(
      'precisionRecallF1: truth and predicted must have the same length, got 1 and 0',
    );
    expect(() => precisionRecallF1({ tp: -1, fp: 0, fn: 0 })).toThrow(/tp must be a non-negative integer/);
  });
});

describe('macroF1 / microF1 vs sklearn f1_score', () => {
  it.each(f1.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    expectClose(macroF1(r.truth, r.predicted), r.macro, 1e-9, 0, 'macro');
    expectClose(microF1(r.truth, r.predicted), r.micro, 1e-9, 0, 'micro');
  });

  it('rejects empty and mismatched input', () => {
    expect(() => macroF1([], [])).toThrow('macroF1: needs at least 1 label, got 0');
    expect(() => microF1([1, 2], [1])).toThrow('microF1: truth and predicted must have the same length, got 2 and 1');
  });
});

describe('cohensKappa vs sklearn cohen_kappa_score', () => {
  const weights = ['none', 'linear', 'quadratic'] as const;
  it.each(kappa.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    for (const w of weights) {
      const expected = r[w];
      const actual = cohensKappa(r.a, r.b, { weights: w });
      if (expected === null) {
        // sklearn is undefined (NaN) only when both raters used one identical label.
        expect(new Set([...r.a, ...r.b]).size).toBe(1);
        expect(actual).toBe(1);
      } else {
        expectClose(actual, expected, 1e-9, 0, `${r.name} ${w}`);
      }
    }
  });

  it('defaults to unweighted and covers the three weightings', () => {
    const a = [1, 2, 3, 3, 2];
    const b = [1, 3, 3, 2, 2];
    expect(cohensKappa(a, b)).toBe(cohensKappa(a, b, { weights: 'none' }));
    expect(kappa.some((r) => r.linear !== r.quadratic)).toBe(true);
  });

  it('n = 1: one agreeing pair is 1 by convention, one disagreeing pair is 0 (as sklearn)', () => {
    expect(cohensKappa([2], [2])).toBe(1);
    expect(cohensKappa([1], [2])).toBe(0);
  });

  it('rejects empty, mismatched and mixed-type input', () => {
    expect(() => cohensKappa([], [])).toThrow('cohensKappa: needs at least 1 pair, got 0');
    expect(() => cohensKappa([1], [1, 2])).toThrow('cohensKappa: a and b must have the same length, got 1 and 2');
    expect(() => cohensKappa([1, 'x'], [1, 'x'])).toThrow(/cohensKappa: labels mix numbers and strings/);
    expect(() => cohensKappa([1], [1], { weights: 'cubic' as never })).toThrow(/weights must be/);
  });
});

describe('agreementRate / positionConsistency (MT-Bench style)', () => {
  it.each(agreement.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    expectClose(agreementRate(r.a, r.b), r.withTies, 1e-12, 0, 'with ties');
    if (r.withoutTies === null) {
      expect(() => agreementRate(r.a, r.b, { ignoreTies: true })).toThrow(
        /agreementRate: no pairs left after ignoring ties/,
      );
    } else {
      expectClose(agreementRate(r.a, r.b, { ignoreTies: true }), r.withoutTies, 1e-12, 0, 'without ties');
    }
  });

  it('supports a custom tie value', () => {
    expect(agreementRate([1, 0, 2], [1, 0, 1], { ignoreTies: true, tie: 0 })).toBe(0.5);
    expect(agreementRate([1, 0, 2], [1, 0, 1])).toBeCloseTo(2 / 3, 15);
  });

  it('positionConsistency is the share of identical verdicts across both orders', () => {
    expect(positionConsistency(['A', 'B', 'tie', 'A'], ['A', 'A', 'tie', 'B'])).toBe(0.5);
    expect(positionConsistency(['A'], ['A'])).toBe(1);
  });

  it('rejects empty and mismatched input', () => {
    expect(() => agreementRate([], [])).toThrow('agreementRate: needs at least 1 pair, got 0');
    expect(() => positionConsistency([], [])).toThrow('positionConsistency: needs at least 1 pair, got 0');
    expect(() => positionConsistency(['A'], [])).toThrow(
      'positionConsistency: pass1Winners and pass2WinnersMappedBack must have the same length, got 1 and 0',
    );
  });
});
