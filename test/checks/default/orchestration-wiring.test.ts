import { describe, expect, it } from 'vitest';
import { orchestrationWiring } from '../../../src/rules/checks/default/orchestration-wiring.js';
import { makeSkill, skillMd, useSkillCleanup } from '../../support/skill-builder.js';
import { FILLER, fillerIntegrity } from './shared.js';

useSkillCleanup();

const md = (body: string, description = 'Tidies code.') => skillMd({ name: 'test-skill', description }, body);
const ALL = 'The output format is JSON.\nIt accepts a path.\n```bash\nls\n```\n';

// Rule: 0.70 base over body prose only (code excluded); +0.10 output section or output..format / returns..json;
// +0.05 returns/produces/outputs/generates; +0.10 input section or input words; +0.05 at least one code block;
// -0.15 orchestrat*/coordinat*/dispatch*/"manages the workflow" in prose; x content integrity.
const cases: { name: string; files: Record<string, string>; expectedScore: number }[] = [
  { name: 'no keywords: base only', files: { 'SKILL.md': md('Some text.\n') }, expectedScore: 0.7 },
  {
    name: '"## Output" section (+0.10) whose heading says "output" (+0.05)',
    files: { 'SKILL.md': md('## Output\n\nA Markdown report.\n') },
    expectedScore: 0.85,
  },
  { name: '"## Inputs" section', files: { 'SKILL.md': md('## Inputs\n\nA path.\n') }, expectedScore: 0.8 },
  { name: '"returns ... JSON" in prose', files: { 'SKILL.md': md('It will return JSON.\n') }, expectedScore: 0.85 },
  {
    name: 'keywords and "dispatch" inside code do not count; the block earns +0.05',
    files: {
      'SKILL.md': md('Example:\n```js\n// output format json; returns; accepts input\nstore.dispatch(action);\n```\n'),
    },
    expectedScore: 0.75,
  },
  {
    name: 'keywords in the frontmatter do not count',
    files: { 'SKILL.md': md('Body.\n', 'Accepts a diff and returns JSON output format.') },
    expectedScore: 0.7,
  },
  {
    name: 'orchestration language in prose',
    files: { 'SKILL.md': md('This skill orchestrates subagents.\n') },
    expectedScore: 0.55,
  },
  {
    name: '"manages the workflow" is supervisor language',
    files: { 'SKILL.md': md('It manages the workflow for releases.\n') },
    expectedScore: 0.55,
  },
  { name: 'every bonus', files: { 'SKILL.md': md(ALL) }, expectedScore: 1 },
  { name: 'filler scales the base', files: { 'SKILL.md': md(`${FILLER}\n`) }, expectedScore: 0.7 * 0.375 },
  // Two more distinct substantive lines: 5 distinct of 12.
  {
    name: 'filler scales every bonus',
    files: { 'SKILL.md': md(`${FILLER}\n${ALL}`) },
    expectedScore: 1 * fillerIntegrity(2),
  },
];

describe('orchestration-wiring (default)', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(orchestrationWiring.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });
});
