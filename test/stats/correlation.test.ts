import { describe, it, expect } from 'vitest';
import { kendallTauB, rankAverage, spearman } from '../../src/stats/index.js';
import type { Num } from './fixture.js';
import { expectClose, reference } from './fixture.js';

interface SpearmanRow {
  name: string;
  x: number[];
  y: number[];
  rho: Num;
  p: Num;
}
interface KendallRow {
  name: string;
  x: number[];
  y: number[];
  tau: Num;
  p: Num;
  method: 'exact' | 'asymptotic' | 'none';
}

const spearmanRows = reference.spearman as SpearmanRow[];
const kendallRows = reference.kendall as KendallRow[];

describe('spearman vs scipy.stats.spearmanr', () => {
  it.each(spearmanRows.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    const res = spearman(r.x, r.y);
    expectClose(res.rho, r.rho, 1e-9, 0, 'rho');
    expectClose(res.p, r.p, 1e-9, 0, 'p');
  });

  it('constant input gives NaN rho and p (as scipy)', () => {
    const res = spearman([2, 2, 2], [1, 2, 3]);
    expect(res.rho).toBeNaN();
    expect(res.p).toBeNaN();
  });

  it('n = 2 gives rho ±1 and p NaN (0 degrees of freedom)', () => {
    const res = spearman([1, 2], [5, 3]);
    expect(res.rho).toBeCloseTo(-1, 12);
    expect(res.p).toBeNaN();
  });

  it('n = 1 and empty input throw a RangeError naming the function', () => {
    expect(() => spearman([], [])).toThrow(new RangeError('spearman: needs at least 2 pairs, got 0'));
    expect(() => spearman([1], [2])).toThrow('spearman: needs at least 2 pairs, got 1');
    expect(() => spearman([1, 2], [1])).toThrow('spearman: x and y must have the same length, got 2 and 1');
    expect(() => spearman([1, NaN], [1, 2])).toThrow(/spearman: x\[1\] must be a finite number/);
  });

  it('rankAverage gives mid-ranks to ties', () => {
    expect(rankAverage([10, 20, 20, 5, 20])).toEqual([2, 4, 4, 1, 4]);
  });
});

describe('kendallTauB vs scipy.stats.kendalltau', () => {
  it.each(kendallRows.map((r) => [`${r.name} (${r.method})`, r] as const))('%s', (_name, r) => {
    const res = kendallTauB(r.x, r.y);
    expect(res.method).toBe(r.method);
    expectClose(res.tau, r.tau, 1e-9, 0, 'tau');
    expectClose(res.p, r.p, 1e-9, 1e-9, 'p');
  });

  it('fixture exercises both p-value branches, including exact for n > 33', () => {
    const methods = new Set(kendallRows.map((r) => r.method));
    expect(methods).toEqual(new Set(['exact', 'asymptotic', 'none']));
    expect(kendallRows.some((r) => r.method === 'exact' && r.x.length > 33)).toBe(true);
    expect(kendallRows.some((r) => r.method === 'asymptotic' && new Set(r.x).size === r.x.length)).toBe(true);
  });

  it('constant input gives NaN tau and p (as scipy)', () => {
    const res = kendallTauB([1, 2, 3], [4, 4, 4]);
    expect(res.tau).toBeNaN();
    expect(res.p).toBeNaN();
    expect(res.method).toBe('none');
  });

  it('n = 1 and empty input throw a RangeError naming the function', () => {
    expect(() => kendallTauB([], [])).toThrow('kendallTauB: needs at least 2 pairs, got 0');
    expect(() => kendallTauB([1], [1])).toThrow('kendallTauB: needs at least 2 pairs, got 1');
    expect(() => kendallTauB([1, 2, 3], [1, 2])).toThrow('kendallTauB: x and y must have the same length, got 3 and 2');
  });
});
