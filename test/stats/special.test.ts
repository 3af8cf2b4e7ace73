import { describe, it, expect } from 'vitest';
import {
  erfc,
  inverseRegularizedBeta,
  logBeta,
  logGamma,
  normalCdf,
  normalQuantile,
  regularizedBeta,
  studentTCdf,
} from '../../src/stats/index.js';
import { expectClose, reference } from './fixture.js';

interface Row {
  expected: number;
  [k: string]: number;
}

const special = reference.special as Record<string, Row[]>;
const rows = (name: string): Row[] => special[name] ?? [];

// Absolute 1e-12 everywhere, and relative 1e-10 so tiny tail values are checked too.
const ABS = 1e-12;
const REL = 1e-10;

function check(actual: number, expected: number, label: string): void {
  expectClose(actual, expected, ABS, 0, label);
  if (expected !== 0 && Number.isFinite(expected)) {
    const relErr = Math.abs(actual - expected) / Math.abs(expected);
    expect(relErr <= REL, `${label}: relative error ${relErr} (got ${actual}, expected ${expected})`).toBe(true);
  }
}

describe('special functions vs scipy', () => {
  it('logGamma matches scipy.special.gammaln', () => {
    for (const r of rows('logGamma')) check(logGamma(r.x as number), r.expected, `logGamma(${r.x})`);
  });

  it('logBeta matches scipy.special.betaln', () => {
    for (const r of rows('logBeta'))
      check(logBeta(r.a as number, r.b as number), r.expected, `logBeta(${r.a}, ${r.b})`);
  });

  it('erfc matches scipy.special.erfc', () => {
    for (const r of rows('erfc')) check(erfc(r.x as number), r.expected, `erfc(${r.x})`);
  });

  it('normalCdf matches scipy.stats.norm.cdf', () => {
    for (const r of rows('normalCdf')) check(normalCdf(r.x as number), r.expected, `normalCdf(${r.x})`);
  });

  it('normalQuantile matches scipy.stats.norm.ppf', () => {
    for (const r of rows('normalQuantile')) check(normalQuantile(r.p as number), r.expected, `normalQuantile(${r.p})`);
  });

  it('regularizedBeta matches scipy.special.betainc', () => {
    for (const r of rows('regularizedBeta')) {
      check(regularizedBeta(r.x as number, r.a as number, r.b as number), r.expected, `I(${r.x}; ${r.a}, ${r.b})`);
    }
  });

  it('inverseRegularizedBeta matches scipy.stats.beta.ppf', () => {
    for (const r of rows('inverseRegularizedBeta')) {
      check(
        inverseRegularizedBeta(r.p as number, r.a as number, r.b as number),
        r.expected,
        `Iinv(${r.p}; ${r.a}, ${r.b})`,
      );
    }
  });

  it('studentTCdf matches scipy.stats.t.cdf', () => {
    for (const r of rows('studentTCdf'))
      check(studentTCdf(r.t as number, r.df as number), r.expected, `T(${r.t}; ${r.df})`);
  });

  it('fixture covers every special function', () => {
    for (const name of [
      'logGamma',
      'logBeta',
      'erfc',
      'normalCdf',
      'normalQuantile',
      'regularizedBeta',
      'inverseRegularizedBeta',
      'studentTCdf',
    ]) {
      expect(rows(name).length, name).toBeGreaterThan(5);
    }
  });
});

describe('special function edge cases', () => {
  it('normalQuantile handles 0, 1, 0.5 and rejects out-of-range p', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(0.5)).toBe(0);
    expect(() => normalQuantile(1.5)).toThrow(/normalQuantile: p must be in \[0, 1\], got 1.5/);
    expect(() => normalQuantile(NaN)).toThrow(RangeError);
  });

  it('normalQuantile inverts normalCdf', () => {
    for (const x of [-8, -3, -1, -0.1, 0.2, 1.5, 4]) expect(normalQuantile(normalCdf(x))).toBeCloseTo(x, 9);
  });

  it('regularizedBeta and its inverse are consistent at the ends', () => {
    expect(regularizedBeta(0, 2, 3)).toBe(0);
    expect(regularizedBeta(1, 2, 3)).toBe(1);
    expect(inverseRegularizedBeta(0, 2, 3)).toBe(0);
    expect(inverseRegularizedBeta(1, 2, 3)).toBe(1);
    expect(() => regularizedBeta(0.5, 0, 1)).toThrow(/regularizedBeta: a and b must be > 0/);
    expect(() => inverseRegularizedBeta(2, 1, 1)).toThrow(/inverseRegularizedBeta: p must be in \[0, 1\]/);
  });

  it('studentTCdf handles infinities and rejects bad df', () => {
    expect(studentTCdf(Infinity, 3)).toBe(1);
    expect(studentTCdf(-Infinity, 3)).toBe(0);
    expect(studentTCdf(0, 7)).toBe(0.5);
    expect(() => studentTCdf(1, 0)).toThrow(/studentTCdf: df must be > 0/);
  });
});
