import { describe, expect, it } from 'vitest';
import { orchestrationWiring } from '../../../src/rules/checks/compat/orchestration-wiring.js';
import { makeSkill, skillMd, useSkillCleanup } from '../../support/skill-builder.js';

useSkillCleanup();

const md = (body: string, description = 'Tidies code.') => skillMd({ name: 'test-skill', description }, body);

// Rule: 0.70 base over the lowercased WHOLE file; +0.10 output..format / format..output / return..json (same line);
// +0.05 returns/produces/outputs/generates; +0.10 input/receives/accepts/parameters/args; +0.05 if >= 2 fence
// lines; -0.15 orchestrat*/coordinat*/dispatch*; clamp [0, 1].
const cases: { name: string; files: Record<string, string>; expectedScore: number }[] = [
  { name: 'no keywords: base only', files: { 'SKILL.md': md('Some text.\n') }, expectedScore: 0.7 },
  {
    name: '"output format" on one line (+0.10) and "output" (+0.05)',
    files: { 'SKILL.md': md('The output format is JSON.\n') },
    expectedScore: 0.85,
  },
  {
    name: 'format and output on different lines: only +0.05',
    files: { 'SKILL.md': md('Choose a format.\nThen write the output.\n') },
    expectedScore: 0.75,
  },
  {
    name: '"return ... json" (+0.10) and "return" (+0.05)',
    files: { 'SKILL.md': md('It will return valid JSON.\n') },
    expectedScore: 0.85,
  },
  { name: 'inputs documented', files: { 'SKILL.md': md('It accepts a path.\n') }, expectedScore: 0.8 },
  { name: '"args" counts as inputs', files: { 'SKILL.md': md('Pass extra args.\n') }, expectedScore: 0.8 },
  {
    name: 'one code block = two fence lines (+0.05)',
    files: { 'SKILL.md': md('Run:\n```bash\nls\n```\n') },
    expectedScore: 0.75,
  },
  {
    name: '"dispatch" inside Redux code costs 0.15 (quirk)',
    files: { 'SKILL.md': md('Example:\n```js\nstore.dispatch(action);\n```\n') },
    expectedScore: 0.6,
  },
  {
    name: 'keywords in the frontmatter count (whole file)',
    files: { 'SKILL.md': md('Body.\n', 'Accepts a diff.') },
    expectedScore: 0.8,
  },
  {
    name: 'every bonus: clamped at 1.0',
    files: { 'SKILL.md': md('The output format is JSON.\nIt accepts a path.\n```bash\nls\n```\n') },
    expectedScore: 1,
  },
  {
    name: 'every bonus minus orchestration language',
    files: {
      'SKILL.md': md('The output format is JSON.\nIt accepts a path.\nCoordinates helpers.\n```bash\nls\n```\n'),
    },
    expectedScore: 0.85,
  },
  {
    name: 'orchestration language alone',
    files: { 'SKILL.md': md('This skill orchestrates subagents.\n') },
    expectedScore: 0.55,
  },
];

describe('compat/orchestration-wiring', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(orchestrationWiring.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });
});
