/**
 * The secret-format catalogue: every row has a sample it redacts, and every row's pattern is linear on 1 MB of hostile
 * text.
 */
import { describe, expect, it } from 'vitest';
import { SECRET_FORMATS, secretFormatPattern } from '../../src/data/secret-formats.js';
import { REDACTED, redactSecrets } from '../../src/logs/redact.js';
import { SAMPLES } from '../support/secret-samples.js';

describe('secret format catalogue', () => {
  it('names a source for every format and has no duplicate id', () => {
    expect(new Set(SECRET_FORMATS.map((f) => f.id)).size).toBe(SECRET_FORMATS.length);
    for (const f of SECRET_FORMATS) expect(f.source, f.id).toMatch(/^https:\/\//);
  });

  it('has samples for every format and for nothing else', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(SECRET_FORMATS.map((f) => f.id).sort());
  });

  for (const format of SECRET_FORMATS) {
    describe(format.id, () => {
      it('matches its samples whole, and redaction replaces them in running text', () => {
        for (const sample of SAMPLES[format.id] ?? []) {
          expect(sample.match(secretFormatPattern(format)), sample).toEqual([sample]);
          expect(redactSecrets(`before ${sample} after`)).toBe(`before ${REDACTED} after`);
          expect(redactSecrets(`"${sample}"`)).toBe(`"${REDACTED}"`);
        }
      });

      it('does not match inside a longer token', () => {
        for (const sample of SAMPLES[format.id] ?? [])
          expect(`x${sample}`.match(secretFormatPattern(format)), sample).toBeNull();
      });

      // A backtracking pattern goes quadratic on these (a start at every position, a scan to the end from each); the
      // catalogue's are built to scan each token once. A quadratic one would run for minutes and hit the test's
      // timeout; speed itself is measured by bench/hook.mjs, not here.
      it('is linear on 1 MB of hostile text and still finds every separated sample', () => {
        const sample = SAMPLES[format.id]![0]!;
        const count = Math.ceil(1_000_000 / (sample.length + 1));
        const separated = `${sample} `.repeat(count);
        expect(separated.match(secretFormatPattern(format))?.length).toBe(count);
        expect(redactSecrets(separated)).toBe(`${REDACTED} `.repeat(count));
        for (const hostile of [
          sample.repeat(count),
          sample.slice(0, -1).repeat(count),
          sample.slice(0, 8).repeat(count * 4),
          `${sample.slice(0, -1)}\n`.repeat(count),
        ]) {
          // Whatever these hold, nothing of this format is left once they are redacted.
          const out = redactSecrets(hostile);
          expect(secretFormatPattern(format).test(out), format.id).toBe(false);
        }
      });
    });
  }
});
