import { describe, expect, it } from 'vitest';
import { structuralCompleteness } from '../../../src/rules/checks/compat/structural-completeness.js';
import { makeSkill, skillMd, useSkillCleanup } from '../../support/skill-builder.js';

useSkillCleanup();

const md = (body: string, description = 'Tidies code.') => skillMd({ name: 'test-skill', description }, body);
const FULL = [
  '## Overview',
  'Intro.',
  '## Examples',
  '```bash',
  'ls',
  '```',
  '```ts',
  'const a = 1;',
  '```',
  '```json',
  '{}',
  '```',
  '## Troubleshooting',
  '| a | b |',
  '## A',
  '## B',
  '## C',
  'When to use this.',
  '',
].join('\n');

// Rule: body lines starting "## "/"### ": >=6 .20, >=4 .15, >=2 .10; ``` fence LINES: >=5 .20, >=3 .15, >=1 .10;
// languages >=3 .15, >=2 .10; "## example"/"### example"/"## usage" .15; "## troubleshoot"/"## common issue"/"## faq"
// .15; /\|.*\|.*\|/ .10; decision/when to use/comparison/tradeoff (whole file) .05.
const cases: { name: string; files: Record<string, string>; expectedScore: number }[] = [
  { name: 'plain text, no frontmatter', files: { 'SKILL.md': 'Plain text.\n' }, expectedScore: 0 },
  {
    name: 'everything: 6 headings, 6 fence lines, 3 languages, examples, troubleshooting, table, decision',
    files: { 'SKILL.md': md(FULL) },
    expectedScore: 1,
  },
  // headings 2 (.10) + fence lines 2 (.10); one language
  {
    name: 'headings inside a code block count (quirk)',
    files: { 'SKILL.md': md('```md\n## A\n## B\n```\n') },
    expectedScore: 0.2,
  },
  // fence lines 2 (.10) + "table" (.10)
  {
    name: 'shell pipes count as a table (quirk)',
    files: { 'SKILL.md': md('```bash\ncat a | grep b | sort | uniq\n```\n') },
    expectedScore: 0.2,
  },
  {
    name: '"## Usage" is an examples section; one heading earns nothing',
    files: { 'SKILL.md': md('## Usage\nRun it.\n') },
    expectedScore: 0.15,
  },
  { name: '"### Example" counts too', files: { 'SKILL.md': md('### Example\nRun it.\n') }, expectedScore: 0.15 },
  {
    name: 'FAQ + Common issues: 2 headings (.10) + troubleshooting (.15)',
    files: { 'SKILL.md': md('## FAQ\nQ.\n## Common issues\nA.\n') },
    expectedScore: 0.25,
  },
  // 4 fence lines (.15) + 2 languages (.10)
  {
    name: 'two blocks in two languages',
    files: { 'SKILL.md': md('```py\nx\n```\n```sh\ny\n```\n') },
    expectedScore: 0.25,
  },
  // 4 headings (.15) + 3 fence lines (.15)
  {
    name: 'four headings, unclosed blocks: three fence lines',
    files: { 'SKILL.md': md('## A\n## B\n### C\n### D\n```\nx\n```\n```\n') },
    expectedScore: 0.3,
  },
  {
    name: 'decision word in the frontmatter counts (whole file)',
    files: { 'SKILL.md': md('Text.\n', 'A decision helper.') },
    expectedScore: 0.05,
  },
  {
    name: 'H1 and H4 headings do not count',
    files: { 'SKILL.md': md('# Top\n#### Deep\n#### Deeper\n') },
    expectedScore: 0,
  },
];

describe('compat/structural-completeness', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(structuralCompleteness.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });
});
