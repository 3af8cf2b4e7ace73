import { describe, expect, it } from 'vitest';
import {
  bloatedSkill,
  deadCrossRef,
  emptyDescription,
  emptyReferenceFile,
  fillerContent,
  keywordStuffing,
  missingTrigger,
  orphanReference,
  overConstrained,
} from '../../../src/rules/checks/default/anti-patterns.js';
import { REGISTRY } from '../../../src/rules/checks/index.js';
import type { AntiPatternRule } from '../../../src/rules/checks/types.js';
import { makeSkill, skillMd, textLines, useSkillCleanup, type MakeSkillOptions } from '../../support/skill-builder.js';
import { FILLER } from './shared.js';

useSkillCleanup();

const GOOD =
  'Formats TypeScript code. Use when editing code, when reviewing diffs, for testing, or during deploying; invoke it proactively.';
const md = (body: string, frontmatter: Record<string, unknown> | string = { name: 'test-skill', description: GOOD }) =>
  skillMd(frontmatter, body);
const withDescription = (description: unknown, extra: Record<string, unknown> = {}) =>
  md('Body.\n', { name: 'test-skill', description, ...extra });
const PLUGIN: MakeSkillOptions = {
  siblings: { 'sibling-a': { 'SKILL.md': md('Sibling.\n', { name: 'sibling-a', description: GOOD }) } },
  agents: { 'code-reviewer': md('You review code.\n', { name: 'code-reviewer', description: 'Reviews code.' }) },
};

interface Case {
  name: string;
  files: Record<string, string>;
  options?: MakeSkillOptions;
  /** Number of instances the rule reports. */
  expected: number;
  /** SKILL.md lines of the instances, when checked. */
  lines?: number[];
  /** `file` of the instances, when checked. */
  instanceFiles?: string[];
}

function table(rule: AntiPatternRule, cases: Case[]): void {
  describe(rule.flag, () => {
    it.each(cases)('$name', async ({ files, options, expected, lines, instanceFiles }) => {
      const instances = rule.detect(await makeSkill(files, options));
      expect(instances).toHaveLength(expected);
      for (const i of instances) expect(i.flag).toBe(rule.flag);
      if (lines) expect(instances.map((i) => i.line)).toEqual(lines);
      if (instanceFiles) expect(instances.map((i) => i.file)).toEqual(instanceFiles);
    });
  });
}

// More than 15 MUST/NEVER/ALWAYS in body prose.
table(overConstrained, [
  {
    name: '15 directives in prose',
    files: { 'SKILL.md': md(textLines(15, (i) => `You MUST do step ${i}.`)) },
    expected: 0,
  },
  {
    name: '16 directives in prose',
    files: { 'SKILL.md': md(textLines(16, (i) => `You MUST do step ${i}.`)) },
    expected: 1,
  },
  {
    name: '16 directives inside a code block do not count',
    files: { 'SKILL.md': md(`Text.\n\`\`\`\n${textLines(16, (i) => `NEVER ${i}`)}\n\`\`\`\n`) },
    expected: 0,
  },
  {
    name: 'directives in the frontmatter do not count',
    files: { 'SKILL.md': withDescription(`${GOOD} ${'MUST '.repeat(16)}`) },
    expected: 0,
  },
]);

// Description (a string) shorter than 20 characters after trimming.
table(emptyDescription, [
  { name: 'a good description', files: { 'SKILL.md': md('Body.\n') }, expected: 0 },
  { name: 'exactly 20 chars', files: { 'SKILL.md': withDescription('Formats all the code') }, expected: 0 },
  {
    name: '19 chars (on frontmatter line 3)',
    files: { 'SKILL.md': withDescription('Formats the code ok') },
    expected: 1,
    lines: [3],
  },
  { name: 'no description', files: { 'SKILL.md': md('Body.\n', { name: 'test-skill' }) }, expected: 1 },
  { name: 'a non-string description', files: { 'SKILL.md': withDescription(1234567890) }, expected: 1 },
  { name: 'a BOM before the frontmatter is ignored', files: { 'SKILL.md': `\uFEFF${md('Body.\n')}` }, expected: 0 },
  {
    name: 'a YAML error leaves no description',
    files: { 'SKILL.md': md('Body.\n', `name: test-skill\ndescription: [${GOOD}`) },
    expected: 1,
  },
]);

// No non-negated trigger phrase; skipped with disable-model-invocation: true or a non-empty string `paths`.
table(missingTrigger, [
  { name: '"Use when" trigger', files: { 'SKILL.md': md('Body.\n') }, expected: 0 },
  {
    name: '"Do not use when" is not a trigger',
    files: { 'SKILL.md': withDescription('Do not use when the repository has no TypeScript files at all.') },
    expected: 1,
  },
  {
    name: '"Use for" is a trigger',
    files: { 'SKILL.md': withDescription('Use for linting TypeScript projects in monorepos.') },
    expected: 0,
  },
  {
    name: 'no trigger phrase',
    files: { 'SKILL.md': withDescription('Formats TypeScript source files nicely.') },
    expected: 1,
  },
  {
    name: 'disable-model-invocation: true',
    files: { 'SKILL.md': withDescription('Formats code.', { 'disable-model-invocation': true }) },
    expected: 0,
  },
  {
    name: 'a string `paths`',
    files: { 'SKILL.md': withDescription('Formats code.', { paths: 'src/**' }) },
    expected: 0,
  },
  {
    name: 'a YAML error',
    files: { 'SKILL.md': md('Body.\n', `name: test-skill\ndescription: [${GOOD}`) },
    expected: 1,
  },
]);

// More than 500 lines (the Agent Skills spec's and skill-creator's limit) and no non-empty file anywhere under
// references/.
table(bloatedSkill, [
  { name: '501 lines, no references/', files: { 'SKILL.md': textLines(501) }, expected: 1 },
  { name: '500 lines', files: { 'SKILL.md': textLines(500) }, expected: 0 },
  {
    name: '501 lines with only an empty reference file',
    files: { 'SKILL.md': textLines(501), 'references/a.md': '' },
    expected: 1,
  },
  {
    name: '501 lines with an empty references/ folder',
    files: { 'SKILL.md': textLines(501), 'references/': '' },
    expected: 1,
  },
  {
    name: '501 lines with a non-empty (even unlinked) reference file',
    files: { 'SKILL.md': textLines(501), 'references/a.md': '# A\n' },
    expected: 0,
  },
]);

// One per prose link into references/ whose target (anchors/queries stripped, any depth) does not exist.
const REFS = { 'references/guide.md': '# Guide\n', 'references/sub/deep.md': '# Deep\n', 'references/a b.md': 'x' };
table(orphanReference, [
  {
    name: 'link to an existing file',
    files: { 'SKILL.md': md('See [g](references/guide.md).\n'), ...REFS },
    expected: 0,
  },
  {
    name: 'dead link (SKILL.md line 5)',
    files: { 'SKILL.md': md('See [g](references/missing.md).\n'), ...REFS },
    expected: 1,
    lines: [5],
    instanceFiles: ['skills/test-skill/references/missing.md'],
  },
  {
    name: 'dead link without any references/ folder',
    files: { 'SKILL.md': md('See [g](references/missing.md).\n') },
    expected: 1,
  },
  {
    name: '#anchor on an existing file is fine',
    files: { 'SKILL.md': md('See [g](references/guide.md#setup).\n'), ...REFS },
    expected: 0,
  },
  {
    name: '?query on an existing file is fine',
    files: { 'SKILL.md': md('See [g](references/guide.md?plain=1).\n'), ...REFS },
    expected: 0,
  },
  {
    name: 'a link inside a code block is ignored',
    files: { 'SKILL.md': md('```md\n[g](references/missing.md)\n```\n'), ...REFS },
    expected: 0,
  },
  {
    name: 'a link inside inline code is ignored',
    files: { 'SKILL.md': md('Write `[g](references/missing.md)` like this.\n'), ...REFS },
    expected: 0,
  },
  {
    name: 'a nested file that exists is fine',
    files: { 'SKILL.md': md('See [d](references/sub/deep.md).\n'), ...REFS },
    expected: 0,
  },
  {
    name: 'a link to a folder with files is fine',
    files: { 'SKILL.md': md('See [d](references/sub/).\n'), ...REFS },
    expected: 0,
  },
  {
    name: './ prefix and %20 escapes resolve',
    files: { 'SKILL.md': md('See [g](./references/guide.md) and [s](references/a%20b.md).\n'), ...REFS },
    expected: 0,
  },
  {
    name: 'one instance per dead link',
    files: { 'SKILL.md': md('[a](references/a.md)\n\n[b](references/b.md#x)\n'), ...REFS },
    expected: 2,
    lines: [5, 7],
  },
]);

// One per unresolved path-style reference to a sibling skill or agent.
table(deadCrossRef, [
  {
    name: 'skills/<missing> in prose (line 5)',
    files: { 'SKILL.md': md('Works with skills/missing-skill.\n') },
    options: PLUGIN,
    expected: 1,
    lines: [5],
  },
  {
    name: 'skills/<existing sibling>',
    files: { 'SKILL.md': md('Works with skills/sibling-a.\n') },
    options: PLUGIN,
    expected: 0,
  },
  {
    name: 'backticked placeholder is not a dead reference',
    files: { 'SKILL.md': md('Create `skills/skill-name` first.\n') },
    options: PLUGIN,
    expected: 0,
  },
  {
    name: 'URLs are ignored',
    files: { 'SKILL.md': md('See https://example.com/skills/nope and https://x.dev/agents/ghost.md.\n') },
    options: PLUGIN,
    expected: 0,
  },
  {
    name: 'references inside code are ignored',
    files: { 'SKILL.md': md('```\nskills/missing-skill\nagents/ghost.md\n```\n') },
    options: PLUGIN,
    expected: 0,
  },
  {
    name: 'agents/<missing>.md',
    files: { 'SKILL.md': md('Hand off to agents/ghost.md.\n') },
    options: PLUGIN,
    expected: 1,
  },
  {
    name: 'agents/<existing>.md',
    files: { 'SKILL.md': md('Hand off to agents/code-reviewer.md.\n') },
    options: PLUGIN,
    expected: 0,
  },
  {
    name: 'agents/<name>.md without a plugin agents/ folder',
    files: { 'SKILL.md': md('Hand off to agents/code-reviewer.md.\n') },
    expected: 1,
  },
  {
    name: 'an agent shipped inside the skill folder resolves',
    files: { 'SKILL.md': md('Use agents/helper.md.\n'), 'agents/helper.md': '# Helper\n' },
    expected: 0,
  },
  {
    name: 'relative link to a missing sibling',
    files: { 'SKILL.md': md('See [m](../missing/SKILL.md).\n') },
    options: PLUGIN,
    expected: 1,
  },
  {
    name: 'relative link to an existing sibling',
    files: { 'SKILL.md': md('See [a](../sibling-a/SKILL.md).\n') },
    options: PLUGIN,
    expected: 0,
  },
  {
    name: 'relative link to a plugin agent',
    files: { 'SKILL.md': md('See [r](../../agents/code-reviewer.md).\n') },
    options: PLUGIN,
    expected: 0,
  },
  {
    name: 'relative link to a missing plugin agent',
    files: { 'SKILL.md': md('See [r](../../agents/ghost.md).\n') },
    options: PLUGIN,
    expected: 1,
  },
  {
    name: 'the same dead reference twice is reported once',
    files: { 'SKILL.md': md('skills/missing-skill and again skills/missing-skill.\n') },
    options: PLUGIN,
    expected: 1,
  },
]);

// Activation words >= 5 and > 8% of words, or >= 7 "when", or a catch-all with >= 4 activation words.
table(keywordStuffing, [
  { name: 'a good description', files: { 'SKILL.md': md('Body.\n') }, expected: 0 },
  {
    name: 'piled activation words',
    files: {
      'SKILL.md': withDescription(
        'Use this skill always. Use it whenever, use it automatically, trigger it, invoke it proactively for anything.',
      ),
    },
    expected: 1,
    lines: [3],
  },
  {
    name: 'honest description repeating a topic word',
    files: {
      'SKILL.md': withDescription(
        'Builds agent definitions: agent frontmatter, agent prompts and agent tools. Use when creating an agent ' +
          'for a plugin.',
      ),
    },
    expected: 0,
  },
  {
    name: 'seven "when" clauses',
    files: { 'SKILL.md': withDescription('Use when a, when b, when c, when d, when e, when f, or when g.') },
    expected: 1,
  },
  {
    name: 'catch-all with four activation words',
    files: {
      'SKILL.md': withDescription(
        'Use this for anything: it can be invoked to trigger reviews automatically in large repositories.',
      ),
    },
    expected: 1,
  },
  {
    name: 'catch-all alone',
    files: { 'SKILL.md': withDescription('Helps with anything related to spreadsheets. Use when editing a CSV file.') },
    expected: 0,
  },
]);

// Fewer than 80% of substantive (>= 3 words) normalised prose lines distinct.
table(fillerContent, [
  { name: 'near-duplicate numbered lines', files: { 'SKILL.md': md(`${FILLER}\n`) }, expected: 1 },
  {
    name: 'ordinary prose',
    files: { 'SKILL.md': md('Read the guide first.\nThen run the tests.\nShip when green.\n') },
    expected: 0,
  },
  {
    name: 'exactly 80% distinct (4 of 5)',
    files: {
      'SKILL.md': md(
        'Check the main file.\nCheck the main file!\nRun all the tests.\nShip it to production.\nWrite the ' +
          'release notes.\n',
      ),
    },
    expected: 0,
  },
  {
    name: '70% distinct (7 of 10)',
    files: {
      'SKILL.md': md(
        `${textLines(7, (i) => `Distinct line number ${'abcdefg'[i]} here.`)}\n${textLines(3, () => 'Distinct line number a here.')}\n`,
      ),
    },
    expected: 1,
  },
  { name: 'short lines repeating do not count', files: { 'SKILL.md': md('Yes.\nYes.\nYes.\nNo.\n') }, expected: 0 },
  {
    name: 'repetition inside code does not count',
    files: { 'SKILL.md': md(`Intro text here.\n\`\`\`\n${FILLER}\n\`\`\`\n`) },
    expected: 0,
  },
]);

// One per empty file under references/ or assets/ (any depth).
table(emptyReferenceFile, [
  {
    name: 'empty reference and asset files',
    files: { 'SKILL.md': md('Body.\n'), 'references/a.md': '', 'assets/b.csv': '' },
    expected: 2,
    instanceFiles: ['skills/test-skill/references/a.md', 'skills/test-skill/assets/b.csv'],
  },
  {
    name: 'non-empty files',
    files: { 'SKILL.md': md('Body.\n'), 'references/a.md': '# A\n', 'assets/b.csv': 'b\n' },
    expected: 0,
  },
  {
    name: 'a nested empty reference file',
    files: { 'SKILL.md': md('Body.\n'), 'references/sub/c.md': '' },
    expected: 1,
  },
  {
    name: 'an empty file elsewhere is not this rule',
    files: { 'SKILL.md': md('Body.\n'), 'scripts/run.sh': '' },
    expected: 0,
  },
]);

describe('suspected bugs (expected to fail until fixed)', () => {
  // A relative link that leaves the skills folder (plugin README, shared templates) is resolved as a sibling skill
  // named "..", which never exists: DEAD_CROSS_REF "Reference to skill '..'" even when the file is there.
  it('a link to the plugin README is not a dead cross-reference', async () => {
    const skill = await makeSkill({ 'SKILL.md': md('See the [plugin README](../../README.md).\n') }, PLUGIN);
    expect(deadCrossRef.detect(skill)).toEqual([]);
  });
});

describe('default anti-patterns together', () => {
  it.each<{ name: string; files: Record<string, string>; expectedFlags: string[] }>([
    { name: 'a clean skill', files: { 'SKILL.md': md('Body.\n') }, expectedFlags: [] },
    {
      name: 'a YAML error is still EMPTY_DESCRIPTION + MISSING_TRIGGER',
      files: { 'SKILL.md': md('Body.\n', `name: test-skill\ndescription: [${GOOD}`) },
      expectedFlags: ['EMPTY_DESCRIPTION', 'MISSING_TRIGGER'],
    },
    { name: 'a BOM changes nothing', files: { 'SKILL.md': `\uFEFF${md('Body.\n')}` }, expectedFlags: [] },
    {
      name: 'a padded skill with empty references',
      files: { 'SKILL.md': md(`${FILLER}\n`), 'references/a.md': '', 'assets/b.csv': '' },
      expectedFlags: ['FILLER_CONTENT', 'EMPTY_REFERENCE_FILE', 'EMPTY_REFERENCE_FILE'],
    },
  ])('$name', async ({ files, expectedFlags }) => {
    const skill = await makeSkill(files);
    expect(REGISTRY.default.antiPatterns.flatMap((r) => r.detect(skill).map((i) => i.flag))).toEqual(expectedFlags);
  });
});
