/**
 * The embedded-secret rule tries the catalogue's formats only where one can start (mayHoldSecret): its answer must be
 * the whole-text expression's on every text, down to each format's shortest match and a match's nearest neighbours.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECRET_FORMATS, TOKEN_CHARS, secretFormatPattern } from '../../src/data/secret-formats.js';
import { mayHoldSecret } from '../../src/rules/security/secret-candidates.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { SAMPLES } from '../support/secret-samples.js';

const ANY_FORMAT = new RegExp(`(?<![${TOKEN_CHARS}])(?:${SECRET_FORMATS.map((f) => `(?:${f.body})`).join('|')})`);
const disagreements = (texts: readonly string[]): string[] =>
  texts.filter((t) => mayHoldSecret(t) !== ANY_FORMAT.test(t)).map((t) => JSON.stringify(t.slice(0, 120)));

/** Every prefix of each sample that is still a whole match of its format: the shortest matches included. */
const matches: string[] = SECRET_FORMATS.flatMap((format) => {
  const whole = secretFormatPattern(format, '');
  const out: string[] = [];
  for (const sample of SAMPLES[format.id] ?? [])
    for (let n = 1; n <= sample.length; n++) if (whole.test(sample.slice(0, n))) out.push(sample.slice(0, n));
  return out;
}).concat(
  // Matches whose token runs are all short: the formats with other characters inside.
  'glpat-a.b.c.d.e.f.g.h.i.j.',
  'eyJabcd.eyJabcd.',
  'https://hooks.slack.com/services/a/b/c/d/e/f/g/h/i/j/',
);

/** A seeded generator, so a failure names a text that can be made again. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

describe('mayHoldSecret', () => {
  it('has a shortest match of every format to try', () => {
    for (const format of SECRET_FORMATS)
      expect(matches.some((m) => secretFormatPattern(format, '').test(m))).toBe(true);
    for (const m of matches) expect(ANY_FORMAT.test(m), m).toBe(true);
  });

  it('agrees with the whole-text expression around every match, shortest ones included', () => {
    const texts: string[] = [];
    for (const m of matches) {
      for (const [before, after] of [
        ['', ''],
        ['see ', ' here.'],
        ['a', ''],
        ['-', ' x'],
        ['x.', '.y'],
        [`${'word '.repeat(30)}`, `\n${'b'.repeat(40)}`],
        [`${'t'.repeat(40)} `, ''],
        ['12345678:', ''],
      ])
        texts.push(before + m + after);
      // Cut short by one, and split by a separator: no match any more (or another format's), the same answer.
      texts.push(m.slice(0, -1), `${m.slice(0, 8)} ${m.slice(8)}`, `${m.slice(0, 3)}.${m.slice(3)}`);
    }
    expect(disagreements(texts)).toEqual([]);
  });

  it('agrees on seeded splices of token characters, separators and pieces of matches', () => {
    const next = random(29);
    const pieces = [
      'a',
      'Z',
      '7',
      '_',
      '-',
      ' ',
      '.',
      ':',
      '/',
      '\n',
      'AA',
      'SG.',
      'sk-',
      'eyJ',
      '1234567890',
      'x'.repeat(14),
    ];
    const texts: string[] = [];
    for (let i = 0; i < 3000; i++) {
      let t = '';
      while (t.length < 200) {
        const r = next();
        if (r < 0.08) {
          const m = matches[Math.floor(next() * matches.length)]!;
          t += m.slice(0, Math.floor(next() * (m.length + 1)));
        } else t += pieces[Math.floor(next() * pieces.length)];
      }
      texts.push(t);
    }
    expect(disagreements(texts)).toEqual([]);
    // The splices are not all of one kind: some hold a credential and some do not.
    const held = texts.filter((t) => ANY_FORMAT.test(t)).length;
    expect(held).toBeGreaterThan(100);
    expect(held).toBeLessThan(texts.length - 100);
  });

  it('agrees on every text of the shared corpus', () => {
    const texts: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(?:md|txt|json|sh|py)$/.test(e.name)) texts.push(readFileSync(p, 'utf8'));
      }
    };
    walk(CORPUS_DIR);
    expect(texts.length).toBeGreaterThan(100);
    expect(disagreements(texts)).toEqual([]);
  });

  it('reads 1 MB of long token runs, digit runs and near-matches in one pass and still finds a match at the end', () => {
    const MB = 1_000_000;
    const shapes = [
      'a'.repeat(MB),
      `${'x'.repeat(15)} `.repeat(MB / 16),
      `${'1234567890:'.repeat(MB / 11)}`,
      'SG.'.repeat(MB / 3),
    ];
    for (const text of shapes) {
      expect(mayHoldSecret(text)).toBe(false);
      expect(mayHoldSecret(`${text} ${matches[0]}`)).toBe(true);
    }
  });
});
