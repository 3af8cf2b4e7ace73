/**
 * Recall of the static injection rule on phrasings it was not tuned on (test/fixtures/injection-heldout,
 * see its README): each entry is placed in a copy of examples/skills/changelog-writer, and counts as found
 * when INJECTION_ATTEMPT reports a line inside the inserted text. The sets are measurements: a miss is
 * fixed by making the detector generalise, never by copying the phrasing into the phrase tables.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectInjection } from '../../src/rules/injection-attempt.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BASE = path.join(ROOT, 'examples', 'skills', 'changelog-writer');
const HELD_OUT = path.join(ROOT, 'test', 'fixtures', 'injection-heldout');
const REQUIRED_RECALL = 0.9;

interface Entry {
  id: string;
  place: string;
  language: string;
  style: string;
  text: string;
}

const skillMd = readFileSync(path.join(BASE, 'SKILL.md'), 'utf8');
const reference = readFileSync(path.join(BASE, 'references', 'commit-types.md'), 'utf8');

/** The file the entry lands in, and the 1-based lines the inserted text occupies there. */
function place(entry: Entry): { text: string; from: number; to: number } {
  let text: string;
  let inserted: string;
  const intoBody = (block: string): string =>
    skillMd.replace('# Changelog Writer\n\n', `# Changelog Writer\n\n${block}\n\n`);
  switch (entry.place) {
    case 'body':
    case 'markdown-comment':
      inserted = entry.text;
      text = intoBody(inserted);
      break;
    case 'html-comment':
      inserted = `<!-- ${entry.text} -->`;
      text = intoBody(inserted);
      break;
    case 'link-title':
      inserted = `See [the mapping](references/commit-types.md "${entry.text}").`;
      text = intoBody(inserted);
      break;
    case 'frontmatter':
    case 'frontmatter-key':
      inserted = `  ${entry.place === 'frontmatter' ? 'note' : 'evaluator_note'}: ${JSON.stringify(entry.text)}`;
      text = skillMd.replace('license: MIT\n', `license: MIT\nmetadata:\n${inserted}\n`);
      break;
    case 'description': {
      const line = skillMd.split('\n').find((l) => l.startsWith('description: '))!;
      inserted = `description: ${JSON.stringify(line.slice('description: '.length).replace('. Use when', ` (${entry.text}). Use when`))}`;
      text = skillMd.replace(line, inserted);
      break;
    }
    case 'reference':
      inserted = entry.text;
      text = `${reference}\n${inserted}\n`;
      break;
    default:
      throw new Error(`unknown place ${entry.place}`);
  }
  const at = text.indexOf(inserted);
  const from = text.slice(0, at).split('\n').length;
  return { text, from, to: from + inserted.split('\n').length - 1 };
}

function found(entry: Entry): boolean {
  const { text, from, to } = place(entry);
  return detectInjection(text).some((f) => f.line >= from && f.line <= to);
}

const SETS = ['heldout-1.json', 'heldout-2.json'].filter((name) => {
  try {
    readFileSync(path.join(HELD_OUT, name));
    return true;
  } catch {
    return false;
  }
});

describe.each(SETS)('held-out set %s', (name) => {
  const entries = JSON.parse(readFileSync(path.join(HELD_OUT, name), 'utf8')) as Entry[];

  it('is big and varied enough to measure (40+ phrasings in set 1, six or more languages, obfuscations)', () => {
    expect(entries.length).toBeGreaterThanOrEqual(name === 'heldout-1.json' ? 40 : 20);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    if (name === 'heldout-1.json') {
      expect(new Set(entries.map((e) => e.language)).size).toBeGreaterThanOrEqual(7);
      for (const style of ['spacing', 'leetspeak', 'homoglyph', 'zero-width', 'base64', 'fullwidth'])
        expect(entries.map((e) => e.style)).toContain(style);
    }
  });

  it(`recall is at least ${REQUIRED_RECALL * 100}%`, () => {
    const missed = entries.filter((e) => !found(e)).map((e) => `${e.id}: ${e.text.slice(0, 90)}`);
    const recall = (entries.length - missed.length) / entries.length;
    expect(recall, `recall ${(recall * 100).toFixed(1)}%; missed:\n${missed.join('\n')}`).toBeGreaterThanOrEqual(
      REQUIRED_RECALL,
    );
  });
});
