import { describe, expect, it } from 'vitest';
import { isoTimestamp } from '../../src/util/iso-time.js';

describe('isoTimestamp', () => {
  it("gives Date#toISOString's text for every date, the edges of the four-digit years and beyond included", () => {
    const edges = [
      0,
      -1,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(0, 0, 1) - 1,
      -62_167_219_200_000, // 0000-01-01T00:00:00.000Z
      253_402_300_799_999, // 9999-12-31T23:59:59.999Z
      253_402_300_800_000,
      8.64e15,
      -8.64e15,
    ];
    // A fixed walk over 400 years, each step an odd number of ms: every month, hour and millisecond field is met.
    const walk = Array.from({ length: 5_000 }, (_, i) => Date.UTC(1800, 0, 1) + i * 2_524_608_123);
    for (const ms of [...edges, ...walk]) expect(isoTimestamp(new Date(ms))).toBe(new Date(ms).toISOString());
    expect(() => isoTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});
