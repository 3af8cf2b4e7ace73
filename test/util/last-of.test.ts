import { describe, expect, it } from 'vitest';
import { lastOf } from '../../src/util/last-of.js';

describe('lastOf', () => {
  it('computes once for the same argument in turn, and again when the argument changes', () => {
    const seen: string[] = [];
    const lengthOf = lastOf((s: string) => {
      seen.push(s);
      return { length: s.length };
    });
    const first = lengthOf('abc');
    expect(lengthOf('abc')).toBe(first);
    expect(lengthOf('de')).toEqual({ length: 2 });
    expect(lengthOf('abc')).toEqual({ length: 3 });
    expect(seen).toEqual(['abc', 'de', 'abc']);
  });

  it('keeps an answer for undefined like any other argument', () => {
    let calls = 0;
    const f = lastOf((x: string | undefined) => (calls++, x ?? 'none'));
    expect([f(undefined), f(undefined)]).toEqual(['none', 'none']);
    expect(calls).toBe(1);
  });
});
