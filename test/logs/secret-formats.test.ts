/**
 * The secret-format catalogue: every row has a sample it redacts, and every row's pattern is linear on 1 MB of hostile
 * text.
 */
import { describe, expect, it } from 'vitest';
import { SECRET_FORMATS, secretFormatPattern } from '../../src/data/secret-formats.js';
import { REDACTED, redactSecrets } from '../../src/logs/redact.js';
import { SAMPLES } from '../support/secret-samples.js';
import { requiredLiterals } from '../support/regex-literals.js';

describe('secret format catalogue', () => {
  it('names a source for every format and has no duplicate id', () => {
    expect(new Set(SECRET_FORMATS.map((f) => f.id)).size).toBe(SECRET_FORMATS.length);
    for (const f of SECRET_FORMATS) expect(f.source, f.id).toMatch(/^https:\/\//);
  });

  it('has samples for every format and for nothing else', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(SECRET_FORMATS.map((f) => f.id).sort());
  });

  // Redaction searches a text for a format only when the text holds one of its literals (the hook's time budget).
  it("gives every format literals that its body's every match holds", () => {
    for (const format of SECRET_FORMATS) {
      const derived = requiredLiterals(format.body);
      expect(derived, `${format.id}: no literal can be read off its body`).toBeDefined();
      // Each literal read off the body holds one of the row's: then so does every match.
      for (const literal of derived ?? [])
        expect(
          format.literals.some((own) => literal.includes(own)),
          `${format.id}: a match may hold ${literal} and none of ${format.literals.join(', ')}`,
        ).toBe(true);
      for (const own of format.literals) expect(own.length, format.id).toBeGreaterThanOrEqual(2);
    }
  });

  it('finds a literal in every sample and in every near miss that still matches', () => {
    const missed: string[] = [];
    let matched = 0;
    for (const format of SECRET_FORMATS) {
      const pattern = secretFormatPattern(format, '');
      const holdsLiteral = (text: string) => format.literals.some((literal) => text.includes(literal));
      for (const sample of SAMPLES[format.id] ?? []) {
        if (!holdsLiteral(sample)) missed.push(`${format.id}: ${sample}`);
        // Every one-character change of the sample: whatever still matches must hold a literal.
        for (let i = 0; i < sample.length; i++)
          for (const c of ['A', 'z', '0', '_', '-', '.', ' ']) {
            const changed = sample.slice(0, i) + c + sample.slice(i + 1);
            if (!pattern.test(changed)) continue;
            matched++;
            if (!holdsLiteral(changed)) missed.push(`${format.id}: ${changed}`);
          }
      }
    }
    expect(missed).toEqual([]);
    // The changes did reach matching text: the check above had something to check.
    expect(matched).toBeGreaterThan(1000);
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

describe('the literals read off a pattern body (test/support/regex-literals.ts)', () => {
  it('takes only what every match holds', () => {
    const cases: [string, string[] | undefined][] = [
      ['abc', ['abc']],
      ['ab+c', ['ab']],
      ['a?bc', ['bc']],
      ['a{0,2}bc', ['bc']],
      ['a{2}bc', ['abc']],
      ['(?:ab|cd)ef', ['abef', 'cdef']],
      ['(?:x|y)+z', ['xz', 'yz']],
      ['ab(?:cd|e)?fg', ['ab']],
      ['[0-9]{8}:AA[a-z]+', [':AA']],
      ['sk_[a-z]+|whsec_[a-z]+', ['sk_', 'whsec_']],
      ['https://a\\.b/', ['https://a.b/']],
      // Nothing usable in one alternative, or an escape it does not follow: no literals (always searched).
      ['abc|[a-z]+', undefined],
      ['a|', undefined],
      ['\\u0041bc', undefined],
      ['[a-z]{4}', undefined],
    ];
    for (const [body, expected] of cases) expect(requiredLiterals(body), body).toEqual(expected);
  });
});
