/**
 * The leetspeak pre-test (src/rules/injection/disguise.ts leetPairs) against the regular expression it replaced,
 * `/[a-z][013457@$]|[013457@$][a-z]/gi` searched over the whole text: the same offsets, in order, on every Markdown
 * file of the shared corpus, the attack fixtures and seeded strings of letters, leet digits and other characters.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { leetPairs } from '../../src/rules/injection/disguise.js';
import { mulberry32 } from '../../src/stats/bootstrap.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHARED = path.resolve(ROOT, '..', 'shared', 'corpus');
const REFERENCE = /[a-z][013457@$]|[013457@$][a-z]/gi;
const reference = (text: string): number[] => [...text.matchAll(REFERENCE)].map((m) => m.index);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

describe('leet pairs', () => {
  it('are where the two-way regular expression matches, on the corpus and the attack fixtures', () => {
    const texts = ['attempts.json', 'legitimate.json'].flatMap((f) =>
      (JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', 'injection', f), 'utf8')) as { text: string }[]).map(
        (e) => e.text,
      ),
    );
    if (existsSync(SHARED)) for (const f of markdownFiles(SHARED)) texts.push(readFileSync(f, 'utf8'));
    let pairs = 0;
    for (const text of texts) {
      const want = reference(text);
      expect(leetPairs(text)).toEqual(want);
      pairs += want.length;
    }
    expect(pairs).toBeGreaterThan(100);
  });

  it('are where it matches on seeded strings of letters, leet digits, other digits and other characters', () => {
    const alphabet = [
      'a',
      'Z',
      'e',
      '0',
      '1',
      '3',
      '4',
      '5',
      '7',
      '@',
      '$',
      '2',
      '8',
      ' ',
      '\n',
      'é',
      'ſ',
      '\u212a',
      '-',
    ];
    for (let seed = 1; seed <= 300; seed++) {
      const rand = mulberry32(seed);
      let text = '';
      for (let n = Math.floor(rand() * 40); n > 0; n--) text += alphabet[Math.floor(rand() * alphabet.length)];
      expect(leetPairs(text), JSON.stringify(text)).toEqual(reference(text));
    }
    expect(leetPairs('')).toEqual([]);
    expect(leetPairs('a1b')).toEqual([0]); // no overlap: "1b" starts inside the first pair
    expect(leetPairs('4ab3')).toEqual([0, 2]);
  });
});
