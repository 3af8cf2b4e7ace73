import { describe, expect, it } from 'vitest';
import { frontmatterQuality } from '../../../src/rules/checks/default/frontmatter-quality.js';
import { makeSkill, skillMd, useSkillCleanup } from '../../support/skill-builder.js';

useSkillCleanup();

interface Case {
  name: string;
  files: Record<string, string>;
  dirName?: string;
  expectedScore: number;
  /** Rule ids of the findings, in order. */
  expectedFindings?: string[];
}

const BODY = 'Body text.\n';
const md = (name: string | undefined, description: string) =>
  skillMd(name === undefined ? { description } : { name, description }, BODY);
const FULL =
  'Formats TypeScript code. Use when editing code, when reviewing diffs, for testing, or during deploying; invoke it proactively.';
const LONG = `Use when formatting code. ${'Covers many languages and styles. '.repeat(30)}`;

// Rule: +0.10 only if name == folder and kebab-case (else the skill/name-* rules' error findings); description length
// >1024 .05,
// >=100 .25, >=60 .20, >=30 .15, >=10 .05; keyword-stuffed descriptions stop there; otherwise + 0.6 x
// (non-negated trigger .25; "proactively" .15 and activation word .10 only with a trigger; distinct use cases
// >=3 .20 / >=1 .10; gerund context .15; length >= 40 .10; cap .95).
const cases: Case[] = [
  {
    name: 'name equals folder, 39-char description without trigger',
    files: { 'SKILL.md': md('test-skill', 'Formats TypeScript source files nicely.') },
    expectedScore: 0.25,
  },
  {
    name: 'name differs from folder: no bonus, error finding',
    files: { 'SKILL.md': md('other-name', 'Formats TypeScript source files nicely.') },
    expectedScore: 0.15,
    expectedFindings: ['skill/name-matches-directory'],
  },
  {
    name: 'name missing: error finding',
    files: { 'SKILL.md': md(undefined, 'Formats TypeScript source files nicely.') },
    expectedScore: 0.15,
    expectedFindings: ['skill/name-required'],
  },
  {
    name: 'name equals folder but is not kebab-case',
    dirName: 'My_Skill',
    files: { 'SKILL.md': md('My_Skill', 'Formats TypeScript source files nicely.') },
    expectedScore: 0.15,
    expectedFindings: ['skill/name-format'],
  },
  // 0.10 + 0.20 (62); no trigger phrase, so no trigger quality at all
  {
    name: '"Do not use when" is not a trigger',
    files: { 'SKILL.md': md('test-skill', 'Do not use when the repository has no TypeScript files at all.') },
    expectedScore: 0.3,
  },
  // 0.10 + 0.25 (110); the gerund after the negated "when" is no concrete activity
  {
    name: 'words around a negated trigger earn nothing',
    files: {
      'SKILL.md': md(
        'test-skill',
        'Formats calendar dates in several styles. Do not use when parsing times, for durations or for time zones.',
      ),
    },
    expectedScore: 0.35,
  },
  // 0.10 + 0.25 (126) + 0.6 x 0.95
  {
    name: 'every part of trigger quality',
    files: { 'SKILL.md': md('test-skill', FULL) },
    expectedScore: 0.1 + 0.25 + 0.6 * 0.95,
  },
  // 0.10 + 0.20 (68) + 0.6 x (0.25 trigger + 0.10 one distinct use case + 0.15 gerund + 0.10 length)
  {
    name: 'repeated use cases count once',
    files: { 'SKILL.md': md('test-skill', 'Formats code. Use when asked, for testing, for testing, for testing.') },
    expectedScore: 0.1 + 0.2 + 0.6 * 0.6,
  },
  // 0.10 + 0.25 (109), no trigger credit
  {
    name: 'keyword-stuffed description earns no trigger credit',
    files: {
      'SKILL.md': md(
        'test-skill',
        'Use this skill always. Use it whenever, use it automatically, trigger it, invoke it proactively for anything.',
      ),
    },
    expectedScore: 0.35,
  },
  // 0.10 + 0.25 (116) + 0.6 x (0.25 + 0.15 gerund + 0.10)
  {
    name: 'honest description repeating a topic word keeps its credit',
    files: {
      'SKILL.md': md(
        'test-skill',
        'Builds agent definitions: agent frontmatter, agent prompts and agent tools. Use when creating an agent ' +
          'for a plugin.',
      ),
    },
    expectedScore: 0.65,
  },
  // 0.10 + 0.05 (over 1024) + 0.6 x (0.25 + 0.15 + 0.10)
  {
    name: 'description over 1024 characters',
    files: { 'SKILL.md': md('test-skill', LONG) },
    expectedScore: 0.45,
    expectedFindings: ['skill/description-length'],
  },
  // 0.10 + 0.15 (49) + 0.6 x (0.25 "use for" + 0.15 "for linting" + 0.10)
  {
    name: '"Use for" counts as a trigger',
    files: { 'SKILL.md': md('test-skill', 'Use for linting TypeScript projects in monorepos.') },
    expectedScore: 0.55,
  },
  // 0.10 + 0.20 (67) + 0.6 x (0.25 + 0.10)
  {
    name: '"when the user asks" counts as a trigger',
    files: { 'SKILL.md': md('test-skill', 'Explains regular expressions when the user asks about regex syntax.') },
    expectedScore: 0.51,
  },
  // 0.10 + 0.20 (66): proactively/automatically need a trigger
  {
    name: '"proactively"/"automatically" without a trigger earn nothing',
    files: { 'SKILL.md': md('test-skill', 'Reviews code proactively and automatically for every pull request.') },
    expectedScore: 0.3,
  },
  // 0.10 + 0.20 (72) + 0.6 x (0.25 + 0.15 + 0.10): the negation sits in an earlier clause
  {
    name: 'negation in another clause does not cancel a trigger',
    files: { 'SKILL.md': md('test-skill', 'Formats code. Do not run it on vendored files; use when reviewing diffs.') },
    expectedScore: 0.6,
  },
  {
    name: 'BOM before the frontmatter is ignored',
    files: { 'SKILL.md': `\uFEFF${md('test-skill', 'Formats TypeScript source files nicely.')}` },
    expectedScore: 0.25,
  },
  {
    name: 'CRLF frontmatter parses',
    files: { 'SKILL.md': md('test-skill', 'Formats TypeScript source files nicely.').replace(/\n/g, '\r\n') },
    expectedScore: 0.25,
  },
  {
    name: 'YAML error: no name, no description',
    files: { 'SKILL.md': skillMd('name: test-skill\ndescription: [unclosed', BODY) },
    expectedScore: 0,
    expectedFindings: [],
  },
];

describe('frontmatter-quality (default)', () => {
  it.each(cases)('$name', async ({ files, dirName, expectedScore, expectedFindings }) => {
    const outcome = frontmatterQuality.run(await makeSkill(files, { dirName }));
    expect(outcome.score).toBeCloseTo(expectedScore, 10);
    expect(outcome.findings.map((f) => f.ruleId)).toEqual(expectedFindings ?? []);
  });
});
