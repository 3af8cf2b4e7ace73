import { describe, expect, it } from 'vitest';
import { tokenEfficiency } from '../../../src/rules/checks/compat/token-efficiency.js';
import { makeSkill, skillMd, textLines, useSkillCleanup } from '../../support/skill-builder.js';

useSkillCleanup();

// Rule: 1.0; density = MUST/NEVER/ALWAYS (case-sensitive, whole file) / lines: >.5 -.4, >.2 -.2, >.1 -.1;
// minus 0.4 x (1 - unique/total) over trimmed non-empty lines not starting with "---" (fence lines included).
const cases: { name: string; files: Record<string, string>; expectedScore: number }[] = [
  { name: 'distinct lines, no directives', files: { 'SKILL.md': 'alpha\nbeta\ngamma\n' }, expectedScore: 1 },
  { name: 'half the lines repeat', files: { 'SKILL.md': 'a\na\nb\nb' }, expectedScore: 0.8 },
  // kept: Intro, ```bash, ls, ```, ```bash, pwd, ``` -> 5 unique of 7
  {
    name: 'identical fence lines count as repetition (quirk)',
    files: { 'SKILL.md': 'Intro\n```bash\nls\n```\n```bash\npwd\n```' },
    expectedScore: 1 - (0.4 * 2) / 7,
  },
  {
    name: 'frontmatter "---" lines are skipped',
    files: { 'SKILL.md': skillMd({ name: 'test-skill', description: 'Tidies code.' }, 'x\ny\n') },
    expectedScore: 1,
  },
  {
    name: 'repeated "---" rules in the body are skipped',
    files: { 'SKILL.md': 'a\n---\nb\n---\nc' },
    expectedScore: 1,
  },
  { name: 'lines are trimmed before comparing', files: { 'SKILL.md': '  a\na  \nb' }, expectedScore: 1 - 0.4 / 3 },
  {
    name: 'density 0.5 (2 in 4 lines): -0.2',
    files: { 'SKILL.md': 'MUST a\nNEVER b\nok c\nfine d' },
    expectedScore: 0.8,
  },
  { name: 'density 0.75: -0.4', files: { 'SKILL.md': 'MUST a\nNEVER b\nALWAYS c\nfine d' }, expectedScore: 0.6 },
  {
    name: 'lowercase must/never are not directives',
    files: { 'SKILL.md': 'must a\nnever b\nok c\nfine d' },
    expectedScore: 1,
  },
  {
    name: 'density exactly 0.1 (1 in 10): no penalty',
    files: { 'SKILL.md': textLines(10, (i) => (i === 0 ? 'MUST x' : `l${i}`)) },
    expectedScore: 1,
  },
  {
    name: 'density 0.2 (2 in 10): -0.1',
    files: { 'SKILL.md': textLines(10, (i) => (i < 2 ? `MUST x${i}` : `l${i}`)) },
    expectedScore: 0.9,
  },
  {
    name: 'directives inside code count too (density 0.5: -0.2; two identical fence lines)',
    files: { 'SKILL.md': '```\nMUST a\nNEVER b\n```' },
    expectedScore: 1 - 0.2 - (0.4 * 1) / 4,
  },
];

describe('compat/token-efficiency', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(tokenEfficiency.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });
});
