import { describe, expect, it } from 'vitest';
import { frontmatterQuality } from '../../../src/rules/checks/compat/frontmatter-quality.js';
import { makeSkill, skillMd, useSkillCleanup } from '../../support/skill-builder.js';

useSkillCleanup();

interface Case {
  name: string;
  files: Record<string, string>;
  dirName?: string;
  expectedScore: number;
}

const BODY = 'Body text.\n';
const md = (name: string, description: string) => skillMd({ name, description }, BODY);

// Rule (PluginEval 0.1.x): +0.15 if name != folder else +0.10; description length >=100 .25, >=60 .20, >=30 .15,
// >=10 .05; + 0.6 x pushiness (trigger .25, proactively .15, activation word .10, use cases >=3 .20 / >=1 .10,
// gerund context .15, length >= 40 .10; cap .95).
const cases: Case[] = [
  {
    name: 'no frontmatter: name defaults to the folder (+0.10), empty description',
    files: { 'SKILL.md': '# Title\n\nBody.\n' },
    expectedScore: 0.1,
  },
  // 0.15 (name differs: inverted bonus) + 0.05 (10 chars)
  {
    name: 'inverted name bonus: a name different from the folder earns more',
    files: { 'SKILL.md': md('renamed', 'Short one.') },
    expectedScore: 0.2,
  },
  // 0.10 + 0.15 (39 chars), no pushiness
  {
    name: 'name equals folder, 39-char description without trigger',
    files: { 'SKILL.md': md('test-skill', 'Formats TypeScript source files nicely.') },
    expectedScore: 0.25,
  },
  // 0.10 + 0.20 (62 chars) + 0.6 x (0.25 trigger + 0.10 length) = 0.51
  {
    name: 'negated trigger "Do not use when" is accepted (quirk)',
    files: { 'SKILL.md': md('test-skill', 'Do not use when the repository has no TypeScript files at all.') },
    expectedScore: 0.51,
  },
  // 0.15 + 0.25 (112 chars) + 0.6 x 0.95 (all six parts)
  {
    name: 'every pushiness part, name differs (display-style name)',
    files: {
      'SKILL.md': md(
        'Fancy Name',
        'Use proactively when editing code, when reviewing diffs, for testing, or during deploying; invoke ' +
          'automatically.',
      ),
    },
    expectedScore: 0.15 + 0.25 + 0.6 * 0.95,
  },
  // 0.10 + 0.15 (47) + 0.6 x (0.25 + 0.10)
  {
    name: '"should be used after" trigger form',
    files: { 'SKILL.md': md('test-skill', 'This skill should be used after a deploy fails.') },
    expectedScore: 0.46,
  },
  // 0.10 + 0.15 (36) + 0.6 x 0.25
  {
    name: '"Auto-loads when" trigger form, under 40 chars',
    files: { 'SKILL.md': md('test-skill', 'Auto-loads when a Dockerfile is open') },
    expectedScore: 0.4,
  },
  // 0.10 + 0.15 (52 chars) + 0.6 x (0.20 three use cases + 0.15 gerund + 0.10 length)
  {
    name: 'repeated use cases each count',
    files: { 'SKILL.md': md('test-skill', 'Formats code, for testing, for testing, for testing.') },
    expectedScore: 0.1 + 0.15 + 0.6 * 0.45,
  },
  {
    name: 'UTF-8 BOM hides the frontmatter: folder name, empty description (quirk)',
    files: {
      'SKILL.md': `\uFEFF${md('renamed', 'Use proactively when editing code, when reviewing diffs, for testing, or during deploying; invoke automatically.')}`,
    },
    expectedScore: 0.1,
  },
  {
    name: 'YAML error silently yields {} (quirk)',
    files: { 'SKILL.md': skillMd('name: renamed\ndescription: [unclosed', BODY) },
    expectedScore: 0.1,
  },
  // A custom folder name: the frontmatter name equals it.
  {
    name: 'folder name other than the default',
    dirName: 'my-tool',
    files: { 'SKILL.md': md('my-tool', 'Short one.') },
    expectedScore: 0.15,
  },
];

describe('compat/frontmatter-quality', () => {
  it.each(cases)('$name', async ({ files, dirName, expectedScore }) => {
    const skill = await makeSkill(files, { dirName });
    const outcome = frontmatterQuality.run(skill);
    expect(outcome.score).toBeCloseTo(expectedScore, 10);
    expect(outcome.findings).toEqual([]);
  });
});
