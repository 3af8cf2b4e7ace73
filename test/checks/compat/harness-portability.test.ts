import { describe, expect, it } from 'vitest';
import { harnessPortability } from '../../../src/checks/compat/harness-portability.js';
import { makeSkill, textLines, useSkillCleanup } from '../../support/skill-builder.js';

useSkillCleanup();

// 100 lines of ~97 bytes: about 9.7 KB, over the 8192-byte cap.
const BIG = textLines(100, (i) => `Line ${i} ${'x'.repeat(90)}`);
const SIX_TOOLS = 'Use `Read`, use `Edit`, use `Write`, use `Bash`, use `Grep`, use `Glob`.\n';

// Rule: 1 - SKILL_OVER_CODEX_CAP 0.15 (> 8192 bytes and no references/ folder) - min(0.10, 0.02 x distinct
// backticked tool names after the/use/call/invoke/via or before "tool") - 0.05 for "the Read tool" prose.
const cases: { name: string; files: Record<string, string>; expectedScore: number }[] = [
  { name: 'small, no tool names', files: { 'SKILL.md': 'Text.\n' }, expectedScore: 1 },
  { name: 'over 8 KiB without references/', files: { 'SKILL.md': BIG }, expectedScore: 0.85 },
  { name: 'over 8 KiB with an empty references/ folder: no penalty (quirk)', files: { 'SKILL.md': BIG, 'references/': '' }, expectedScore: 1 },
  { name: 'over 8 KiB with an empty reference file: no penalty', files: { 'SKILL.md': BIG, 'references/a.md': '' }, expectedScore: 1 },
  { name: 'three tool names (use/call/the X tool)', files: { 'SKILL.md': 'Use `Read` then call `Bash`, and the `Grep` tool.\n' }, expectedScore: 0.94 },
  { name: 'six tool names: capped at 0.10', files: { 'SKILL.md': SIX_TOOLS }, expectedScore: 0.9 },
  { name: 'the same tool twice counts once', files: { 'SKILL.md': 'Use `Read`. Then use `Read` again.\n' }, expectedScore: 0.98 },
  { name: '"the Read tool" prose', files: { 'SKILL.md': 'Use the Read tool to open files.\n' }, expectedScore: 0.95 },
  { name: 'tool names inside code blocks count', files: { 'SKILL.md': '```\nuse `Read`\n```\n' }, expectedScore: 0.98 },
  { name: 'all penalties', files: { 'SKILL.md': `${SIX_TOOLS}Use the Bash tool.\n${BIG}` }, expectedScore: 0.7 },
];

describe('compat/harness-portability', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(harnessPortability.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });
});
