import { describe, expect, it } from 'vitest';
import { structuralCompleteness } from '../../../src/rules/checks/default/structural-completeness.js';
import { makeSkill, skillMd, useSkillCleanup } from '../../support/skill-builder.js';
import { FILLER, fillerIntegrity } from './shared.js';

useSkillCleanup();

const md = (body: string) => skillMd({ name: 'test-skill', description: 'Tidies code.' }, body);
const FULL = [
  '## Overview',
  'Intro text here.',
  '1. Read the file.',
  '2. Group the lines.',
  '## Usage examples',
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
  '|---|---|',
  '| 1 | 2 |',
  '## Reference',
  'Details.',
  '### Options',
  'More.',
  '## When to use',
  'Consider the trade-offs.',
  '',
].join('\n');

// Rule (the Agent Skills spec's recommended body, docs/methodology.md): two or more non-empty H2/H3 sections .20;
// numbered steps (two or more numbered list items in prose) .20; an examples section .30; an edge-cases or
// troubleshooting section .30; x content integrity. Counts of sections, code blocks, languages or tables earn nothing.
// Nothing inside code fences is a heading, a step or a table.
const cases: { name: string; files: Record<string, string>; expectedScore: number }[] = [
  { name: 'plain text', files: { 'SKILL.md': md('Plain text.\n') }, expectedScore: 0 },
  { name: 'everything', files: { 'SKILL.md': md(FULL) }, expectedScore: 1 },
  {
    name: 'headings, steps and keywords inside a fence do not count',
    files: { 'SKILL.md': md('```md\n## A\n## B\n1. one\n2. two\n## Examples\n## FAQ\n```\n') },
    expectedScore: 0,
  },
  {
    name: 'code blocks, languages and tables earn nothing',
    files: { 'SKILL.md': md('```py\na\n```\n```sh\nb\n```\n```ts\nc\n```\n| a | b |\n|---|---|\n| 1 | 2 |\n') },
    expectedScore: 0,
  },
  { name: 'numbered steps', files: { 'SKILL.md': md('1. Read the log.\n2. Group the errors.\n') }, expectedScore: 0.2 },
  { name: 'one numbered item is not steps', files: { 'SKILL.md': md('1. Read the log.\n') }, expectedScore: 0 },
  { name: 'empty sections do not count', files: { 'SKILL.md': md('## A\n## B\n## C\n') }, expectedScore: 0 },
  {
    name: 'a parent holding only subsections is empty; its two children count',
    files: { 'SKILL.md': md('## Parent\n### Child one\nText.\n### Child two\nMore.\n') },
    expectedScore: 0.2,
  },
  {
    name: 'six sections earn what two do',
    files: { 'SKILL.md': md('## A\na.\n## B\nb.\n## C\nc.\n## D\nd.\n## E\ne.\n## F\nf.\n') },
    expectedScore: 0.2,
  },
  {
    name: 'an empty Examples section earns nothing',
    files: { 'SKILL.md': md('## Examples\n\n## Notes\nText.\n') },
    expectedScore: 0,
  },
  {
    name: 'examples + FAQ sections',
    files: { 'SKILL.md': md('## Examples\nRun it.\n## FAQ\nAsk.\n') },
    expectedScore: 0.8,
  },
  {
    name: 'an edge cases section',
    files: { 'SKILL.md': md('## Edge cases\nEmpty input.\n') },
    expectedScore: 0.3,
  },
  {
    name: 'H1 and H4 headings are not sections',
    files: { 'SKILL.md': md('# Examples\nText.\n#### FAQ\nText.\n') },
    expectedScore: 0,
  },
  // FULL adds five distinct substantive lines ("Intro text here.", the two steps, "## When to use", "Consider the
  // trade-offs.").
  {
    name: 'filler scales everything',
    files: { 'SKILL.md': md(`${FILLER}\n${FULL}`) },
    expectedScore: fillerIntegrity(5),
  },
];

describe('structural-completeness (default)', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(structuralCompleteness.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });

  // A setext heading's section starts on its text line, so a non-empty test that read the underline ("-----") as
  // content would count two empty setext H2 sections as two non-empty sections (+0.20).
  it('empty setext sections should not count as non-empty', async () => {
    const skill = await makeSkill({ 'SKILL.md': md('First\n-----\nSecond\n------\n') });
    expect(structuralCompleteness.run(skill).score).toBeCloseTo(0, 10);
  });
});
