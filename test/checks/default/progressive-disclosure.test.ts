import { describe, expect, it } from 'vitest';
import { progressiveDisclosure } from '../../../src/rules/checks/default/progressive-disclosure.js';
import { makeSkill, textLines, useSkillCleanup } from '../../support/skill-builder.js';
import { FILLER } from './shared.js';

useSkillCleanup();

/** A SKILL.md of exactly `n` lines: `head` first, then "Line i" padding (one word: never substantive). */
const sized = (n: number, head = '') =>
  head === '' ? textLines(n) : `${head}\n${textLines(n - head.split('\n').length)}`;
const LINK = 'See [the guide](references/guide.md).';
const GUIDE = { 'references/guide.md': '# Guide\n\nDetails.\n' };

// Rule: line band as compat (200-600 .60, 100-199 .50, 601-800 .40, <100 .20, >800 .15); +0.25 (> 400 lines) or
// +0.15 if a non-empty reference file (any depth) is linked from prose or named in inline code; else +0.05 if
// unlinked non-empty reference files exist; +0.15 for a non-empty asset; cap 1.0; x content integrity.
const cases: { name: string; files: Record<string, string | Buffer>; expectedScore: number }[] = [
  { name: '50 lines', files: { 'SKILL.md': sized(50) }, expectedScore: 0.2 },
  { name: '150 lines + linked reference', files: { 'SKILL.md': sized(150, LINK), ...GUIDE }, expectedScore: 0.65 },
  { name: '450 lines + linked reference', files: { 'SKILL.md': sized(450, LINK), ...GUIDE }, expectedScore: 0.85 },
  {
    name: '450 lines + linked reference + asset: capped at 1.0',
    files: { 'SKILL.md': sized(450, LINK), ...GUIDE, 'assets/a.csv': 'a,b\n' },
    expectedScore: 1,
  },
  {
    name: 'unlinked reference file earns only the small bonus',
    files: { 'SKILL.md': sized(50), ...GUIDE },
    expectedScore: 0.25,
  },
  {
    name: 'linked but empty reference file earns nothing',
    files: { 'SKILL.md': sized(50, LINK), 'references/guide.md': '' },
    expectedScore: 0.2,
  },
  { name: 'empty asset earns nothing', files: { 'SKILL.md': sized(50), 'assets/a.csv': '' }, expectedScore: 0.2 },
  { name: 'non-empty asset', files: { 'SKILL.md': sized(50), 'assets/a.csv': 'a,b\n' }, expectedScore: 0.35 },
  {
    name: 'a link with an #anchor counts as linked',
    files: { 'SKILL.md': sized(50, 'See [setup](references/guide.md#setup).'), ...GUIDE },
    expectedScore: 0.35,
  },
  {
    name: 'a ./relative link counts as linked',
    files: { 'SKILL.md': sized(50, 'See [g](./references/guide.md).'), ...GUIDE },
    expectedScore: 0.35,
  },
  {
    name: 'the path in inline code counts as linked',
    files: { 'SKILL.md': sized(50, 'Read `references/guide.md` first.'), ...GUIDE },
    expectedScore: 0.35,
  },
  {
    name: 'a link only inside a code block does not count',
    files: { 'SKILL.md': sized(50, '```md\n[g](references/guide.md)\n```'), ...GUIDE },
    expectedScore: 0.25,
  },
  {
    name: 'a linked nested reference file counts',
    files: { 'SKILL.md': sized(50, 'See [d](references/sub/deep.md).'), 'references/sub/deep.md': '# Deep\n' },
    expectedScore: 0.35,
  },
  {
    name: 'a binary reference file is not a reference',
    files: {
      'SKILL.md': sized(50, 'See [b](references/blob.md).'),
      'references/blob.md': Buffer.from([0x61, 0x00, 0x62]),
    },
    expectedScore: 0.2,
  },
  { name: 'filler scales the line band', files: { 'SKILL.md': sized(50, FILLER) }, expectedScore: 0.2 * 0.375 },
  // The link line is one more distinct substantive line: 4 distinct of 11.
  {
    name: 'filler scales the reference bonus',
    files: { 'SKILL.md': sized(50, `${LINK}\n${FILLER}`), ...GUIDE },
    expectedScore: 0.35 * (4 / 11 / 0.8),
  },
];

describe('progressive-disclosure (default)', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(progressiveDisclosure.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });
});
