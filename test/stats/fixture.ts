/**
 * Loads test/fixtures/stats/reference.json (written by scripts/stats_reference.py) and
 * decodes its non-finite encoding: null -> NaN, "Infinity" / "-Infinity" -> ±Infinity.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

export type Num = number | string | null;

// The fixture's shape is documented by the generator; tests pick the fields they need.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const reference: any = JSON.parse(
  readFileSync(new URL('../fixtures/stats/reference.json', import.meta.url), 'utf8'),
);

/** Decodes one encoded fixture number. */
export function num(v: Num): number {
  if (v === null) return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  if (typeof v === 'number') return v;
  throw new Error(`fixture: unexpected encoded number ${JSON.stringify(v)}`);
}

/**
 * Asserts |actual − expected| <= abs (or <= rel·|expected|, whichever is looser); NaN must
 * meet NaN and infinities must match exactly.
 */
export function expectClose(actual: number, expected: Num, abs = 1e-9, rel = 0, label = ''): void {
  const e = num(expected);
  if (Number.isNaN(e)) {
    expect(actual, `${label}: expected NaN`).toBeNaN();
    return;
  }
  if (!Number.isFinite(e)) {
    expect(actual, label).toBe(e);
    return;
  }
  const tol = Math.max(abs, rel * Math.abs(e));
  const diff = Math.abs(actual - e);
  expect(diff <= tol, `${label}: got ${actual}, expected ${e} (diff ${diff}, tol ${tol})`).toBe(true);
}
