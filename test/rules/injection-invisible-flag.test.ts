/**
 * normaliseForDetection notes whether a text holds an invisible character while it reads the non-ASCII runs, and the
 * disguise views (disguise.ts) skip their own search for one when it says none: the note must be what that search
 * (holdsInvisible) says, on the corpus, the fixtures and generated text dense in invisible and other non-ASCII code
 * units.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { holdsInvisible, normaliseForDetection } from '../../src/rules/injection/normalise.js';
import { mulberry32 } from '../../src/stats/bootstrap.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function textFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return textFiles(p);
    return /\.(md|json|txt)$/.test(e.name) ? [p] : [];
  });
}

/** Invisible code units at the edges of their ranges, and other non-ASCII ones around them. */
const INVISIBLE = ['\u00ad', '\u034f', '\u061c', '\u115f', '\u1160', '\u17b4', '\u180e', '\u200b', '\u200f', '\u202e'];
const MORE = ['\u2060', '\u2064', '\u2066', '\u206f', '\u3164', '\ufe00', '\ufe0f', '\ufeff', '\uffa0'];
const NEAR = ['\u00ac', '\u00ae', '\u200a', '\u2010', '\u2065', '\u3163', '\ufe10', '\ufefe', '\uffa1', 'é', '—', '“'];

describe('the invisible-character note', () => {
  it('is what the search for an invisible character says, on real and generated text', () => {
    const texts = [
      ...textFiles(path.resolve(ROOT, '..', 'shared', 'corpus')),
      ...textFiles(path.join(ROOT, 'test', 'fixtures', 'injection')),
      ...textFiles(path.join(ROOT, 'test', 'fixtures', 'adversarial')),
    ].map((f) => readFileSync(f, 'utf8'));
    const random = mulberry32(7);
    const pick = (list: readonly string[]): string => list[Math.floor(random() * list.length)] as string;
    for (let n = 0; n < 3000; n++) {
      let text = '';
      for (let k = Math.floor(random() * 40); k > 0; k--) {
        const r = random();
        text += r < 0.05 ? pick([...INVISIBLE, ...MORE]) : r < 0.2 ? pick(NEAR) : pick(['a', ' ', 'z', '\n', '9']);
      }
      texts.push(text);
    }
    let withInvisible = 0;
    for (const text of texts) {
      const want = holdsInvisible(text);
      expect(normaliseForDetection(text).invisible, JSON.stringify(text.slice(0, 80))).toBe(want);
      if (want) withInvisible++;
    }
    expect(texts.length).toBeGreaterThan(3000);
    expect(withInvisible).toBeGreaterThan(500);
  });
});
