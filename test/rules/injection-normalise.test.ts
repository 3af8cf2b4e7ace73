/**
 * normaliseForDetection (src/rules/injection/normalise.ts) returns a text whose non-ASCII runs nothing
 * changes as it is, and builds the rewritten text only from the first run that changes. Here it is held
 * to the plain rewrite it replaced (every run stripped of invisible characters and folded with NFKC, every
 * offset mapped): same text, same original offset for every offset, and the `confusable` flag equal to a
 * search of the result for look-alike letters. On every Markdown file of the shared corpus and on seeded
 * text mixing ASCII with invisible, compatibility, look-alike and combining characters.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  hasConfusables,
  latinise,
  normaliseForDetection,
  originalOffset,
  type NormalisedText,
} from '../../src/rules/injection/normalise.js';
import { mulberry32 } from '../../src/stats/bootstrap.js';

const SHARED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'corpus');

/** The invisible characters the detector drops (as listed in normalise.ts, written out again here). */
const INVISIBLE: readonly [number, number][] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
];
const isInvisible = (ch: string): boolean =>
  INVISIBLE.some(([lo, hi]) => ch.charCodeAt(0) >= lo && ch.charCodeAt(0) <= hi);

/** The rewrite as it was: every non-ASCII run rewritten and every offset written, whether or not anything changed. */
function plainRewrite(text: string): { text: string; origin: number[] } {
  const parts: string[] = [];
  const origin: number[] = [];
  let last = 0;
  for (const run of text.matchAll(/[\u0080-\uffff]+/g)) {
    for (let i = last; i < run.index; i++) origin.push(i);
    parts.push(text.slice(last, run.index));
    const kept: number[] = [];
    let stripped = '';
    for (let i = 0; i < run[0].length; i++) {
      if (isInvisible(run[0][i] as string)) continue;
      stripped += run[0][i] as string;
      kept.push(run.index + i);
    }
    const folded = stripped.normalize('NFKC');
    parts.push(folded);
    if (folded.length === kept.length) origin.push(...kept);
    else
      for (let i = 0; i < folded.length; i++)
        origin.push(kept[Math.min(kept.length - 1, Math.floor((i * kept.length) / folded.length))] ?? run.index);
    last = run.index + run[0].length;
  }
  for (let i = last; i < text.length; i++) origin.push(i);
  parts.push(text.slice(last));
  return { text: parts.join(''), origin };
}

function expectSameView(raw: string, label: string): boolean {
  const view = normaliseForDetection(raw);
  const plain = plainRewrite(raw);
  expect(view.text, label).toBe(plain.text);
  const want: NormalisedText = { text: plain.text, origin: Int32Array.from(plain.origin), confusable: false };
  for (let k = 0; k <= view.text.length; k++)
    if (originalOffset(view, k) !== originalOffset(want, k))
      expect(`${label}: offset ${k} -> ${originalOffset(view, k)}`).toBe(
        `${label}: offset ${k} -> ${originalOffset(want, k)}`,
      );
  expect(view.confusable, label).toBe(hasConfusables(view.text));
  expect(latinise(view).confusable).toBe(false);
  return view.origin === undefined;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

describe('normaliseForDetection', () => {
  it.skipIf(!existsSync(SHARED))('gives the plain rewrite on every Markdown file of the shared corpus', () => {
    const files = markdownFiles(SHARED);
    expect(files.length).toBeGreaterThanOrEqual(40);
    let unchanged = 0;
    for (const f of files) if (expectSameView(readFileSync(f, 'utf8'), path.relative(SHARED, f))) unchanged++;
    // Most corpus files hold only runs that nothing changes: they come back as they are.
    expect(unchanged).toBeGreaterThan(files.length / 2);
  });

  it('gives the plain rewrite on seeded text with invisible, compatibility, look-alike and combining characters', () => {
    const PIECES = [
      'ignore',
      ' ',
      '\n',
      '\u2014',
      '\u2019',
      '\u200b',
      '\u00ad',
      '\ufeff',
      '\u2066',
      '\ufe0f',
      'ｉｇｎｏｒｅ',
      '\u{1d422}',
      'ﬁ',
      '…',
      '\u00a0',
      '™',
      'і',
      'о',
      'е',
      'Η',
      'ꙇ',
      'ᴀ',
      'ı',
      'e\u0301',
      '\u0301',
      'x\u0301\u0302',
      'Оценщик',
      '评审员',
      '평가자',
      '①',
      'Ⅻ',
      '\ud83d\ude00',
    ];
    const rand = mulberry32(11);
    let changed = 0;
    for (let n = 0; n < 400; n++) {
      let text = '';
      const parts = Math.floor(rand() * 14);
      for (let k = 0; k < parts; k++) text += PIECES[Math.floor(rand() * PIECES.length)] as string;
      if (!expectSameView(text, JSON.stringify(text))) changed++;
    }
    expect(changed).toBeGreaterThan(100); // the generator does make texts that need rewriting
    expect(normaliseForDetection('plain ascii').origin).toBeUndefined();
    expect(normaliseForDetection('dash \u2014 and quote \u2019').origin).toBeUndefined();
    expect(normaliseForDetection('ﬁx').text).toBe('fix');
    expect(normaliseForDetection('\u0456gn\u043er\u0435').confusable).toBe(true);
  });
});
