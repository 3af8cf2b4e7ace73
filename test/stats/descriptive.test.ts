import { describe, it, expect } from 'vitest';
import { coefficientOfVariation, mean, median, quantileSorted, sampleStd } from '../../src/stats/index.js';
import type { Num } from './fixture.js';
import { expectClose, reference } from './fixture.js';

interface DescriptiveRow {
  values: number[];
  mean: Num;
  sampleStd: Num;
  median: Num;
  coefficientOfVariation: Num;
}

const sets = reference.descriptive.sets as DescriptiveRow[];

describe('descriptive statistics vs numpy / scipy', () => {
  it.each(sets.map((r) => [JSON.stringify(r.values).slice(0, 40), r] as const))('%s', (_name, r) => {
    expectClose(mean(r.values), r.mean, 1e-9, 1e-15, 'mean');
    expectClose(sampleStd(r.values), r.sampleStd, 1e-9, 1e-15, 'sampleStd');
    expectClose(median(r.values), r.median, 1e-9, 0, 'median');
    expectClose(coefficientOfVariation(r.values), r.coefficientOfVariation, 1e-9, 0, 'coefficientOfVariation');
  });

  it('coefficientOfVariation: mean 0 gives Infinity with spread, NaN without (as scipy)', () => {
    expect(coefficientOfVariation([1, -1])).toBe(Infinity);
    expect(coefficientOfVariation([0, 0, 0])).toBeNaN();
    expect(coefficientOfVariation([-1, -2, -4])).toBeLessThan(0);
  });

  it('n = 1: mean and median are the value; sampleStd and CV need 2 values', () => {
    expect(mean([3.5])).toBe(3.5);
    expect(median([3.5])).toBe(3.5);
    expect(() => sampleStd([3.5])).toThrow('sampleStd: needs at least 2 values, got 1');
    expect(() => coefficientOfVariation([3.5])).toThrow('coefficientOfVariation: needs at least 2 values, got 1');
  });

  it('quantileSorted interpolates linearly like numpy.quantile', () => {
    const v = [1, 2, 4, 8];
    expect(quantileSorted(v, 0)).toBe(1);
    expect(quantileSorted(v, 1)).toBe(8);
    expect(quantileSorted(v, 0.5)).toBe(3);
    expect(quantileSorted(v, 0.25)).toBeCloseTo(1.75, 15);
    expect(() => quantileSorted(v, 1.2)).toThrow(/quantileSorted: q must be in \[0, 1\]/);
  });

  it('rejects empty and non-finite input with a clear RangeError', () => {
    expect(() => mean([])).toThrow(new RangeError('mean: needs at least 1 value, got 0'));
    expect(() => median([])).toThrow(/median: needs at least 1 value, got 0/);
    expect(() => mean([1, NaN])).toThrow(/mean: values\[1\] must be a finite number, got NaN/);
    expect(() => sampleStd([1, Infinity])).toThrow(RangeError);
  });
});
