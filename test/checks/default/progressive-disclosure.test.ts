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

// Rule (docs/methodology.md, evidence per rule): SKILL.md up to 500 lines .70 whatever its length, 501-800 .40, past
// 800 .15; +0.30 if a non-empty reference file (any depth in references/) is linked from SKILL.md's prose or named in
// its inline code (one level deep from SKILL.md); unlinked reference files and assets earn nothing; x content
// integrity.
const cases: { name: string; files: Record<string, string | Buffer>; expectedScore: number }[] = [
  { name: '50 lines: short is not penalised', files: { 'SKILL.md': sized(50) }, expectedScore: 0.7 },
  { name: '200 lines: reaching 200 earns nothing', files: { 'SKILL.md': sized(200) }, expectedScore: 0.7 },
  { name: '500 lines: at the limit', files: { 'SKILL.md': sized(500) }, expectedScore: 0.7 },
  { name: '501 lines: past the limit', files: { 'SKILL.md': sized(501) }, expectedScore: 0.4 },
  { name: '801 lines', files: { 'SKILL.md': sized(801) }, expectedScore: 0.15 },
  { name: '150 lines + linked reference', files: { 'SKILL.md': sized(150, LINK), ...GUIDE }, expectedScore: 1 },
  { name: '600 lines + linked reference', files: { 'SKILL.md': sized(600, LINK), ...GUIDE }, expectedScore: 0.7 },
  {
    name: 'a non-empty asset earns nothing',
    files: { 'SKILL.md': sized(50), 'assets/a.csv': 'a,b\n' },
    expectedScore: 0.7,
  },
  {
    name: 'an unlinked reference file earns nothing (the agent cannot find it)',
    files: { 'SKILL.md': sized(50), ...GUIDE },
    expectedScore: 0.7,
  },
  {
    name: 'a reference reached only through another reference earns nothing (not one level deep)',
    files: {
      'SKILL.md': sized(50),
      'references/guide.md': '# Guide\n\nSee [deep](deep.md).\n',
      'references/deep.md': '# Deep\n\nDetails.\n',
    },
    expectedScore: 0.7,
  },
  {
    name: 'linked but empty reference file earns nothing',
    files: { 'SKILL.md': sized(50, LINK), 'references/guide.md': '' },
    expectedScore: 0.7,
  },
  {
    name: 'a link with an #anchor counts as linked',
    files: { 'SKILL.md': sized(50, 'See [setup](references/guide.md#setup).'), ...GUIDE },
    expectedScore: 1,
  },
  {
    name: 'a ./relative link counts as linked',
    files: { 'SKILL.md': sized(50, 'See [g](./references/guide.md).'), ...GUIDE },
    expectedScore: 1,
  },
  {
    name: 'the path in inline code counts as linked',
    files: { 'SKILL.md': sized(50, 'Read `references/guide.md` first.'), ...GUIDE },
    expectedScore: 1,
  },
  {
    name: 'a link only inside a code block does not count',
    files: { 'SKILL.md': sized(50, '```md\n[g](references/guide.md)\n```'), ...GUIDE },
    expectedScore: 0.7,
  },
  {
    name: 'a linked nested reference file counts',
    files: { 'SKILL.md': sized(50, 'See [d](references/sub/deep.md).'), 'references/sub/deep.md': '# Deep\n' },
    expectedScore: 1,
  },
  {
    name: 'a binary reference file is not a reference',
    files: {
      'SKILL.md': sized(50, 'See [b](references/blob.md).'),
      'references/blob.md': Buffer.from([0x61, 0x00, 0x62]),
    },
    expectedScore: 0.7,
  },
  { name: 'filler scales the line band', files: { 'SKILL.md': sized(50, FILLER) }, expectedScore: 0.7 * 0.375 },
  // The link line is one more distinct substantive line: 4 distinct of 11.
  {
    name: 'filler scales the reference bonus',
    files: { 'SKILL.md': sized(50, `${LINK}\n${FILLER}`), ...GUIDE },
    expectedScore: 1 * (4 / 11 / 0.8),
  },
];

describe('progressive-disclosure (default)', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(progressiveDisclosure.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });
});
