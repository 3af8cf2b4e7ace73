import { describe, expect, it } from 'vitest';
import { progressiveDisclosure } from '../../../src/rules/checks/compat/progressive-disclosure.js';
import { makeSkill, textLines, useSkillCleanup } from '../../support/skill-builder.js';

useSkillCleanup();

// Rule: lines (whole file, '\n' pieces) 200-600 -> 0.60; 100-199 -> 0.50; 601-800 -> 0.40; <100 -> 0.20;
// >800 -> 0.15; any top-level file in references/: +0.25 if lines > 400 else +0.15; any top-level file in
// assets/: +0.15; cap 1.0. Empty files count (quirk).
const cases: { name: string; files: Record<string, string>; expectedScore: number }[] = [
  { name: '50 lines', files: { 'SKILL.md': textLines(50) }, expectedScore: 0.2 },
  { name: '99 lines', files: { 'SKILL.md': textLines(99) }, expectedScore: 0.2 },
  { name: '100 lines', files: { 'SKILL.md': textLines(100) }, expectedScore: 0.5 },
  { name: '199 lines', files: { 'SKILL.md': textLines(199) }, expectedScore: 0.5 },
  { name: '200 lines', files: { 'SKILL.md': textLines(200) }, expectedScore: 0.6 },
  { name: '600 lines', files: { 'SKILL.md': textLines(600) }, expectedScore: 0.6 },
  { name: '601 lines', files: { 'SKILL.md': textLines(601) }, expectedScore: 0.4 },
  { name: '800 lines', files: { 'SKILL.md': textLines(800) }, expectedScore: 0.4 },
  { name: '801 lines', files: { 'SKILL.md': textLines(801) }, expectedScore: 0.15 },
  {
    name: 'trailing newline is one more line: 99 lines + "\\n" = 100',
    files: { 'SKILL.md': `${textLines(99)}\n` },
    expectedScore: 0.5,
  },
  {
    name: '150 lines + a reference file (+0.15)',
    files: { 'SKILL.md': textLines(150), 'references/guide.md': '# Guide\n' },
    expectedScore: 0.65,
  },
  {
    name: '400 lines + a reference file: still +0.15',
    files: { 'SKILL.md': textLines(400), 'references/guide.md': '# Guide\n' },
    expectedScore: 0.75,
  },
  {
    name: '450 lines + a reference file (+0.25)',
    files: { 'SKILL.md': textLines(450), 'references/guide.md': '# Guide\n' },
    expectedScore: 0.85,
  },
  {
    name: '450 lines + references + assets: capped at 1.0',
    files: { 'SKILL.md': textLines(450), 'references/guide.md': 'x', 'assets/a.csv': 'a,b' },
    expectedScore: 1,
  },
  {
    name: '700 lines + references + assets',
    files: { 'SKILL.md': textLines(700), 'references/guide.md': 'x', 'assets/a.csv': 'a,b' },
    expectedScore: 0.8,
  },
  {
    name: 'empty reference and asset files earn the bonuses (quirk)',
    files: { 'SKILL.md': textLines(50), 'references/empty.md': '', 'assets/empty.csv': '' },
    expectedScore: 0.5,
  },
  {
    name: 'only a nested reference file: no bonus (top level only)',
    files: { 'SKILL.md': textLines(50), 'references/sub/deep.md': '# Deep\n' },
    expectedScore: 0.2,
  },
  {
    name: 'empty references/ folder: no bonus',
    files: { 'SKILL.md': textLines(50), 'references/': '' },
    expectedScore: 0.2,
  },
];

describe('compat/progressive-disclosure', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(progressiveDisclosure.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });
});
