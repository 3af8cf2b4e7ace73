/**
 * Gates (src/rules/injection/gate.ts): a gate must match at every position where its full pattern matches, or the
 * scanner would skip a real match. Checked directly, position by position, for every phrase that has a gate, on
 * the attack fixtures (where the patterns do match) re-spaced many ways; the scan-level parity lives in
 * injection-scan.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INJECTION_PHRASES } from '../../src/rules/injection/detect.js';
import { gateSource } from '../../src/rules/injection/gate.js';
import { normaliseForDetection } from '../../src/rules/injection/normalise.js';
import { mulberry32 } from '../../src/stats/bootstrap.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('gateSource', () => {
  it.each([
    // look-arounds are left out, the cut comes before the first term with a \p class
    [
      String.raw`(?:give|rate)(?<=(?<![\p{L}\p{N}])(?:give|rate))[ \t]+(?:this|it)[ \t]+(?:skill)(?![\p{L}\p{N}])`,
      String.raw`(?:give|rate)[ \t]+(?:this|it)[ \t]+(?:skill)`,
    ],
    [String.raw`(?:note|memo)[ \t]+to[ \t]+[\p{L}]+[ \t]+judge`, String.raw`(?:note|memo)[ \t]+to[ \t]+`],
    // quantifiers stay with their atom; escapes are one term
    [String.raw`a{2,3}?b\u2019c?\.[^x]*d[\p{L}]`, String.raw`a{2,3}?b\u2019c?\.[^x]*d`],
    // each top-level alternative is gated
    [
      String.raw`<<<[ \t]*(?:end|begin)(?![\p{L}\p{N}])|<\/[ \t]*(?:skill|data)[\p{L}]*`,
      String.raw`<<<[ \t]*(?:end|begin)|<\/[ \t]*(?:skill|data)`,
    ],
  ])('%s', (source, gate) => {
    expect(gateSource(source)).toBe(gate);
    expect(() => new RegExp(gate, 'gmuy')).not.toThrow();
  });

  it.each([
    [
      'an alternative that keeps fewer than two terms',
      String.raw`(?:please|thanks)(?<=[\p{L}]+ (?:please|thanks))(?![\p{L}])`,
    ],
    ['an alternative with no gate at all', String.raw`ab[ \t]+c|[\p{L}]x`],
    [
      'a gate hardly shorter than a pattern without \\p classes',
      String.raw`(?:忽略|忽视)[ \t]*(?:之前|先前)?[ \t]*(?:指令|指示)`,
    ],
    ['a back-reference', String.raw`(?:a|b)[ \t]+(?=(c))\1[\p{L}]`],
  ])('none for %s', (_why, source) => {
    expect(gateSource(source)).toBeUndefined();
  });

  it('gives most English phrases a gate, each a valid pattern without \\p classes', () => {
    let gated = 0;
    for (const p of INJECTION_PHRASES) {
      const gate = gateSource(p.source);
      if (gate === undefined) continue;
      if (p.language === 'en') gated++;
      expect(gate).not.toMatch(/\\[pP]\{/);
      expect(() => new RegExp(gate, p.flags)).not.toThrow();
    }
    expect(gated).toBeGreaterThanOrEqual(25);
  });
});

describe('a gate matches wherever its pattern does', () => {
  it('on the attack fixtures, as written and re-spaced at random', () => {
    const fixtures = ['attempts.json', 'legitimate.json'].flatMap(
      (f) =>
        JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', 'injection', f), 'utf8')) as { text: string }[],
    );
    const texts = fixtures.map((e) => e.text);
    for (let seed = 1; seed <= 40; seed++) {
      const rand = mulberry32(seed);
      texts.push(
        fixtures
          .map((e) => e.text)
          .join('\n')
          .replace(/ /g, (s) =>
            rand() < 0.3 ? (['\t', '\n', '  ', ' \n ', '\n\t'][Math.floor(rand() * 5)] as string) : s,
          ),
      );
    }
    let checked = 0;
    for (const raw of texts) {
      const text = normaliseForDetection(raw).text.toLowerCase();
      for (const p of INJECTION_PHRASES) {
        const source = gateSource(p.source);
        if (source === undefined) continue;
        const gate = new RegExp(source, p.flags);
        for (const m of text.matchAll(new RegExp(p.source, p.flags.replace('y', '')))) {
          gate.lastIndex = m.index;
          expect(gate.test(text), `${p.source.slice(0, 60)} at ${m.index}: ${JSON.stringify(m[0])}`).toBe(true);
          checked++;
        }
      }
    }
    // The fixtures do exercise the gated patterns.
    expect(checked).toBeGreaterThan(500);
  });
});
