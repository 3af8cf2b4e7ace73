import { describe, expect, it } from 'vitest';
import { harnessPortability } from '../../../src/rules/checks/default/harness-portability.js';
import { makeSkill, textLines, useSkillCleanup } from '../../support/skill-builder.js';

useSkillCleanup();

const BIG = textLines(100, (i) => `Line ${i} ${'x'.repeat(90)}`);
const SIX_TOOLS = 'Use `Read`, use `Edit`, use `Write`, use `Bash`, use `Grep`, use `Glob`.\n';

// Rule: 1 - 0.15 (> 8192 bytes and no NON-EMPTY reference file) - min(0.10, 0.02 x distinct tool names in prose)
// - 0.05 for "the Read tool" prose. Code is ignored.
const cases: { name: string; files: Record<string, string>; expectedScore: number }[] = [
  { name: 'small, no tool names', files: { 'SKILL.md': 'Text.\n' }, expectedScore: 1 },
  { name: 'over 8 KiB without references/', files: { 'SKILL.md': BIG }, expectedScore: 0.85 },
  {
    name: 'over 8 KiB with only an empty reference file: still penalised',
    files: { 'SKILL.md': BIG, 'references/a.md': '' },
    expectedScore: 0.85,
  },
  {
    name: 'over 8 KiB with an empty references/ folder: still penalised',
    files: { 'SKILL.md': BIG, 'references/': '' },
    expectedScore: 0.85,
  },
  {
    name: 'over 8 KiB with a non-empty reference file',
    files: { 'SKILL.md': BIG, 'references/a.md': '# A\n' },
    expectedScore: 1,
  },
  {
    name: 'three tool names in prose',
    files: { 'SKILL.md': 'Use `Read` then call `Bash`, and the `Grep` tool.\n' },
    expectedScore: 0.94,
  },
  { name: 'six tool names: capped at 0.10', files: { 'SKILL.md': SIX_TOOLS }, expectedScore: 0.9 },
  {
    name: 'tool names inside code are ignored',
    files: { 'SKILL.md': 'Example:\n```\nuse `Read`\nthe Bash tool\n```\n' },
    expectedScore: 1,
  },
  { name: '"the Read tool" prose', files: { 'SKILL.md': 'Use the Read tool to open files.\n' }, expectedScore: 0.95 },
  { name: 'all penalties', files: { 'SKILL.md': `${SIX_TOOLS}Use the Bash tool.\n${BIG}` }, expectedScore: 0.7 },
];

describe('harness-portability (default)', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(harnessPortability.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });
});
