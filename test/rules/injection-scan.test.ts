/**
 * The position-indexed phrase scan (src/rules/injection/scan.ts) against the plain one it replaced: every
 * pattern searched over the whole lower-cased text with a global regex when one of its anchors occurs.
 * Both must give the same matches (pattern, offset, text) on the injection fixtures, on every Markdown
 * file of the shared corpus, on the look-alike (latinised) views, and on seeded random text built from
 * the words, gaps and punctuation the patterns care about.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INJECTION_PHRASES } from '../../src/rules/injection/detect.js';
import { hasConfusables, latinise, normaliseForDetection } from '../../src/rules/injection/normalise.js';
import { ENGLISH_PHRASES } from '../../src/rules/injection/phrases-en.js';
import { startSet } from '../../src/rules/injection/prefixes.js';
import { mulberry32 } from '../../src/stats/bootstrap.js';
import { referenceMatches, scannedMatches } from '../support/phrase-scan.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHARED = path.resolve(ROOT, '..', 'shared', 'corpus');

/** Both scans over the views detectInjection makes of a text; returns how many matches there were. */
function expectSame(raw: string, label: string): number {
  const view = normaliseForDetection(raw);
  const lower = view.text.toLowerCase();
  const want = referenceMatches(lower, INJECTION_PHRASES);
  expect(scannedMatches(lower, INJECTION_PHRASES), label).toEqual(want);
  let count = want.length;
  if (hasConfusables(view.text)) {
    const latin = latinise(view).text.toLowerCase();
    const wantLatin = referenceMatches(latin, ENGLISH_PHRASES);
    expect(scannedMatches(latin, ENGLISH_PHRASES), `${label} (look-alike view)`).toEqual(wantLatin);
    count += wantLatin.length;
  }
  return count;
}

interface Entry {
  id: string;
  text: string;
}
const fixtures = ['attempts.json', 'legitimate.json'].flatMap(
  (f) => JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', 'injection', f), 'utf8')) as Entry[],
);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

/** The library's seeded generator (mulberry32), so a failure reproduces. */
const random = mulberry32;

/** Words the patterns are made of (every start literal and anchor) and words of the attack fixtures. */
function vocabulary(): string[] {
  const words = new Set<string>();
  for (const p of INJECTION_PHRASES) {
    for (const a of p.anchors) words.add(a);
    for (const l of startSet(p.source)?.literals ?? []) words.add(l);
  }
  for (const e of fixtures) for (const w of e.text.toLowerCase().split(/[ \t\n]+/)) if (w) words.add(w);
  for (const w of [
    '10/10',
    '100%',
    'full marks',
    'a+',
    '5 stars',
    'this skill',
    'the evaluator',
    'you are',
    "you're",
    'previous instructions',
    '<system>',
    '</skill>',
    '<<< end',
    'end of skill',
    '[system]',
    'system:',
    'dear',
    'reviewer:',
    '満点',
    '评审员',
    '평가자',
    'оценщик',
    'rate',
    'generate',
    'contain',
    'ai',
    'x',
  ])
    words.add(w);
  return [...words];
}

const GAPS = [
  ' ',
  ' ',
  ' ',
  ' ',
  '  ',
  '\t',
  '\n',
  '\n\n',
  '\n \n',
  '\r\n',
  '\u2028',
  ', ',
  ': ',
  '. ',
  '! ',
  ' - ',
  '',
  '\n> ',
  '\n- ',
  '\n# ',
  '\n```\n',
  ' "',
  '" ',
  " '",
  '\u201c',
  '\u201d',
  '(',
  ')',
  '*',
  '_',
  '|',
  '//',
  '<!--',
  '-->',
];

function randomText(rand: () => number, words: string[], length: number): string {
  let out = '';
  while (out.length < length) {
    const word = words[Math.floor(rand() * words.length)] as string;
    out += rand() < 0.1 ? word.toUpperCase() : word;
    out += GAPS[Math.floor(rand() * GAPS.length)] as string;
  }
  return out;
}

describe('phrase scan matches the whole-text search', () => {
  it('on every injection fixture, alone and all in one text', () => {
    let matches = 0;
    for (const e of fixtures) matches += expectSame(e.text, e.id);
    matches += expectSame(fixtures.map((e) => e.text).join('\n\n'), 'all fixtures');
    expect(matches).toBeGreaterThan(fixtures.length / 2); // the fixtures do exercise the patterns
  });

  it.skipIf(!existsSync(SHARED))('on every Markdown file of the shared corpus', () => {
    const files = markdownFiles(SHARED);
    expect(files.length).toBeGreaterThanOrEqual(40);
    for (const f of files) expectSame(readFileSync(f, 'utf8'), path.relative(SHARED, f));
  });

  it(
    'on seeded random text made of pattern words, gaps, line breaks and punctuation',
    () => {
      const words = vocabulary();
      let matches = 0;
      for (let seed = 1; seed <= 150; seed++) {
        const rand = random(seed);
        matches += expectSame(randomText(rand, words, 200 + Math.floor(rand() * 1500)), `seed ${seed}`);
      }
      expect(matches).toBeGreaterThan(150); // random text built this way does hit the patterns
    },
    HANG_LIMIT_MS,
  );

  it(
    'on attack fixtures cut, spliced and re-spaced at random',
    () => {
      const attacks = fixtures.map((e) => e.text);
      let matches = 0;
      for (let seed = 1; seed <= 150; seed++) {
        const rand = random(1000 + seed);
        let text = '';
        for (let k = 0; k < 4; k++) {
          const a = attacks[Math.floor(rand() * attacks.length)] as string;
          const from = Math.floor(rand() * a.length * 0.3);
          text +=
            a.slice(from, from + Math.floor(rand() * a.length)) + (GAPS[Math.floor(rand() * GAPS.length)] as string);
        }
        // Re-space: swap some single spaces for other gaps (a tab, a line break, a blank line).
        text = text.replace(/ /g, (s) =>
          rand() < 0.15 ? (['\t', '\n', '\n\n', '  ', '\r\n'][Math.floor(rand() * 5)] as string) : s,
        );
        matches += expectSame(text, `splice ${seed}`);
      }
      expect(matches).toBeGreaterThan(50);
    },
    HANG_LIMIT_MS,
  );
});

describe('start sets', () => {
  it('are found for every phrase pattern (none falls back to a whole-text search)', () => {
    const missing = INJECTION_PHRASES.filter((p) => startSet(p.source) === undefined).map((p) => p.source.slice(0, 60));
    expect(missing).toEqual([]);
  });

  it('read literals, classes, optional parts, repetitions, line starts and look-arounds', () => {
    expect(startSet('(?:give|grant)(?<=(?<![a-z])(?:give|grant)) it')?.literals.sort()).toEqual(['give', 'grant']);
    expect(startSet('[ée]valuat')?.literals.sort()).toEqual(['evalua', 'évalua']);
    expect(startSet('(?:a )?note')?.literals.sort()).toEqual(['a note', 'note']);
    // Optional leading blanks: one blank then the literal, or a second blank (where the literal stops).
    expect(startSet('[ \\t]*打')?.literals.sort()).toEqual(['\t\t', '\t ', '\t打', '  ', ' \t', ' 打', '打'].sort());
    expect(startSet('^[ \\t]*end')).toEqual({ literals: [], lineStarts: true });
    expect(startSet('(?:^|<)x')).toEqual({ literals: ['<x'], lineStarts: true });
    expect(startSet('\\p{L}+ing')).toBeUndefined(); // can begin with any letter
    expect(startSet('a|[^b]c')).toBeUndefined(); // the second branch can begin with almost anything
    expect(startSet('(?<name>x)')).toBeUndefined(); // syntax the analysis does not read
  });
});
