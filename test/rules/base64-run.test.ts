import { describe, expect, it } from 'vitest';
import { hasBase64Run } from '../../src/rules/security/base64-blob.js';

/** The definition the skipping scan must agree with. */
const RUN = /[A-Za-z0-9+/]{40}/;

/** A small seeded generator, so every run tests the same texts. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('hasBase64Run', () => {
  const a = (n: number) => 'Ab9+/'.repeat(8).slice(0, n);
  const cases = [
    '',
    a(39),
    a(40),
    ` ${a(40)}`,
    `${a(40)} `,
    `${a(39)} ${a(39)}`,
    `${a(20)}é${a(20)}`,
    `${'x '.repeat(50)}${a(40)}`,
    `${a(39)}\n${a(1)}${a(39)}`,
    `${'word '.repeat(30)}${a(41)}${'.'.repeat(80)}`,
  ];
  it.each(cases.map((text) => [JSON.stringify(text).slice(0, 40), text]))('%s', (_, text) => {
    expect(hasBase64Run(text)).toBe(RUN.test(text));
  });

  it('agrees with the regex on random texts of short and long runs', () => {
    const next = rng(27);
    const alphabet = 'aZ7+/';
    const breaks = ' \n-_.=é';
    let agreed = 0;
    let runs = 0;
    for (let k = 0; k < 400; k++) {
      let text = '';
      // Mostly alphabet characters, so runs near the 40-character threshold are common.
      const breakRate = 0.01 + next() * 0.1;
      for (let i = 0; i < 300; i++)
        text +=
          next() < breakRate
            ? breaks[Math.floor(next() * breaks.length)]
            : alphabet[Math.floor(next() * alphabet.length)];
      const expected = RUN.test(text);
      if (expected) runs++;
      if (hasBase64Run(text) === expected) agreed++;
    }
    expect(agreed).toBe(400);
    // Both answers occur, so the comparison means something.
    expect(runs).toBeGreaterThan(20);
    expect(runs).toBeLessThan(380);
  });
});
