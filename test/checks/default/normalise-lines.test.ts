/**
 * Normalised prose lines (signals.ts) against the plain definition: every run of characters that are not letters
 * becomes one space, then the line is trimmed. The implementation leaves runs that already are one space alone.
 */
import { describe, expect, it } from 'vitest';
import { normaliseLine, signals } from '../../../src/rules/checks/default/signals.js';
import { makeSkill } from '../../support/skill-builder.js';

const LETTERS = 'a-z\\u00c0-\\u024f\\u0370-\\u1fff\\u2c00-\\u2dff\\u3040-\\ud7ff\\uf900-\\ufdcf';
const plainLine = (line: string) =>
  line
    .toLowerCase()
    .replace(new RegExp(`[^${LETTERS}]+`, 'g'), ' ')
    .trim();
const plainBody = (lower: string) =>
  lower
    .replace(new RegExp(`[^${LETTERS}\\n]+`, 'g'), ' ')
    .split('\n')
    .map((l) => l.trim());

/** Seeded strings over letters, spaces, tabs, line breaks, digits, punctuation and non-Latin letters. */
function samples(count: number): string[] {
  let seed = 27;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const alphabet = ['a', 'Q', 'é', 'ж', ' ', ' ', ' ', '\t', '\n', '1', '.', '-', '—', '*', '`'];
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(rnd() * 24) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join(''),
  );
}

describe('normalised prose lines', () => {
  it('normaliseLine agrees with the plain definition on 3,000 seeded strings', () => {
    const texts = samples(3000);
    expect(texts.map(normaliseLine)).toEqual(texts.map(plainLine));
  });

  it("a skill's normalised lines agree with the plain definition of its prose, line by line", async () => {
    const lines = samples(1000).filter((l) => l.trim() !== '' && !/^[\s\d.*`-]/.test(l) && !l.includes('\n'));
    const skill = await makeSkill({
      'SKILL.md': `---\nname: test-skill\ndescription: Normalises lines. Use when asked.\n---\n\n${lines.join('\n\n')}\n`,
    });
    const s = signals(skill);
    expect(s.normalised.length).toBeGreaterThan(100);
    expect(s.normalised).toEqual(plainBody(s.proseLower));
  });
});
