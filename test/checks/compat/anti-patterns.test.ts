import { describe, expect, it } from 'vitest';
import {
  bloatedSkill,
  deadCrossRef,
  emptyDescription,
  missingTrigger,
  orphanReference,
  overConstrained,
} from '../../../src/rules/checks/compat/anti-patterns.js';
import { REGISTRY } from '../../../src/rules/checks/index.js';
import type { AntiPatternRule } from '../../../src/rules/checks/types.js';
import { makeSkill, skillMd, textLines, useSkillCleanup, type MakeSkillOptions } from '../../support/skill-builder.js';

useSkillCleanup();

const GOOD =
  'Formats TypeScript code. Use when editing code, when reviewing diffs, for testing, or during deploying; invoke it proactively.';
const md = (body: string, frontmatter: Record<string, unknown> | string = { name: 'test-skill', description: GOOD }) =>
  skillMd(frontmatter, body);
const SIBLINGS: MakeSkillOptions = {
  siblings: { 'sibling-a': { 'SKILL.md': md('Sibling.\n', { name: 'sibling-a', description: GOOD }) } },
};

interface Case {
  name: string;
  files: Record<string, string>;
  options?: MakeSkillOptions;
  /** Number of instances the rule reports. */
  expected: number;
  /** SKILL.md lines of the instances, when the rule reports lines. */
  lines?: number[];
}

function table(rule: AntiPatternRule, cases: Case[]): void {
  describe(rule.flag, () => {
    it.each(cases)('$name', async ({ files, options, expected, lines }) => {
      const instances = rule.detect(await makeSkill(files, options));
      expect(instances).toHaveLength(expected);
      for (const i of instances) expect(i.flag).toBe(rule.flag);
      if (lines) expect(instances.map((i) => i.line)).toEqual(lines);
    });
  });
}

// More than 15 case-sensitive MUST/NEVER/ALWAYS anywhere in the file.
table(overConstrained, [
  { name: '15 directives', files: { 'SKILL.md': md(textLines(15, (i) => `You MUST do step ${i}.`)) }, expected: 0 },
  { name: '16 directives', files: { 'SKILL.md': md(textLines(16, (i) => `You MUST do step ${i}.`)) }, expected: 1 },
  {
    name: '16 directives inside a code block still count',
    files: { 'SKILL.md': md(`\`\`\`\n${textLines(16, (i) => `NEVER ${i}`)}\n\`\`\`\n`) },
    expected: 1,
  },
  {
    name: 'lowercase "must" is not a directive',
    files: { 'SKILL.md': md(textLines(20, (i) => `you must do step ${i}.`)) },
    expected: 0,
  },
]);

// Stripped description shorter than 20 characters.
table(emptyDescription, [
  { name: 'a 126-char description', files: { 'SKILL.md': md('Body.\n') }, expected: 0 },
  {
    name: 'exactly 20 chars',
    files: { 'SKILL.md': md('Body.\n', { name: 'test-skill', description: 'Formats all the code' }) },
    expected: 0,
  },
  {
    name: '19 chars',
    files: { 'SKILL.md': md('Body.\n', { name: 'test-skill', description: 'Formats the code ok' }) },
    expected: 1,
  },
  { name: 'no description key', files: { 'SKILL.md': md('Body.\n', { name: 'test-skill' }) }, expected: 1 },
  { name: 'no frontmatter at all', files: { 'SKILL.md': 'Body.\n' }, expected: 1 },
  {
    name: 'BOM before the frontmatter hides the description (quirk)',
    files: { 'SKILL.md': `\uFEFF${md('Body.\n')}` },
    expected: 1,
  },
]);

// No TRIGGER match; skipped with disable-model-invocation: true or a non-empty string `paths`.
table(missingTrigger, [
  { name: '"Use when" trigger', files: { 'SKILL.md': md('Body.\n') }, expected: 0 },
  {
    name: 'no trigger phrase',
    files: {
      'SKILL.md': md('Body.\n', { name: 'test-skill', description: 'Formats TypeScript source files nicely.' }),
    },
    expected: 1,
  },
  {
    name: '"Do not use when" is accepted as a trigger (quirk)',
    files: {
      'SKILL.md': md('Body.\n', {
        name: 'test-skill',
        description: 'Do not use when the repository has no TypeScript files at all.',
      }),
    },
    expected: 0,
  },
  {
    name: '"Use for" is not a PluginEval trigger',
    files: {
      'SKILL.md': md('Body.\n', {
        name: 'test-skill',
        description: 'Use for linting TypeScript projects in monorepos.',
      }),
    },
    expected: 1,
  },
  {
    name: 'disable-model-invocation: true skips the rule',
    files: {
      'SKILL.md': md('Body.\n', { name: 'test-skill', description: 'Formats code.', 'disable-model-invocation': true }),
    },
    expected: 0,
  },
  {
    name: 'a string `paths` skips the rule',
    files: { 'SKILL.md': md('Body.\n', { name: 'test-skill', description: 'Formats code.', paths: 'src/**' }) },
    expected: 0,
  },
  {
    name: 'a list `paths` does not',
    files: { 'SKILL.md': md('Body.\n', { name: 'test-skill', description: 'Formats code.', paths: ['src/**'] }) },
    expected: 1,
  },
  {
    name: 'an empty string `paths` does not',
    files: { 'SKILL.md': md('Body.\n', { name: 'test-skill', description: 'Formats code.', paths: '' }) },
    expected: 1,
  },
]);

// More than 800 lines (whole file) and no references/ folder.
table(bloatedSkill, [
  { name: '801 lines, no references/', files: { 'SKILL.md': textLines(801) }, expected: 1 },
  { name: '800 lines', files: { 'SKILL.md': textLines(800) }, expected: 0 },
  {
    name: '801 lines with an empty references/ folder (quirk: the folder is enough)',
    files: { 'SKILL.md': textLines(801), 'references/': '' },
    expected: 0,
  },
  { name: '801 lines with only assets/', files: { 'SKILL.md': textLines(801), 'assets/a.csv': 'a' }, expected: 1 },
]);

// One per `(references/X)` whose lowercased basename is not a top-level file of references/ (only if references/
// exists).
const REFS = { 'references/guide.md': '# Guide\n', 'references/sub/deep.md': '# Deep\n' };
table(orphanReference, [
  {
    name: 'no references/ folder: dead links are not checked',
    files: { 'SKILL.md': md('See [g](references/missing.md).\n') },
    expected: 0,
  },
  {
    name: 'link to an existing file',
    files: { 'SKILL.md': md('See [g](references/guide.md).\n'), ...REFS },
    expected: 0,
  },
  {
    name: 'link to a missing file (line 5 of SKILL.md)',
    files: { 'SKILL.md': md('See [g](references/missing.md).\n'), ...REFS },
    expected: 1,
    lines: [5],
  },
  {
    name: '#anchor on an existing file is flagged (quirk)',
    files: { 'SKILL.md': md('See [g](references/guide.md#setup).\n'), ...REFS },
    expected: 1,
  },
  {
    name: 'a link inside a code block is flagged (quirk)',
    files: { 'SKILL.md': md('```\n[g](references/missing.md)\n```\n'), ...REFS },
    expected: 1,
  },
  {
    name: 'a nested file that exists is flagged (quirk)',
    files: { 'SKILL.md': md('See [d](references/sub/deep.md).\n'), ...REFS },
    expected: 1,
  },
  {
    name: 'basename compared case-insensitively',
    files: { 'SKILL.md': md('See [g](references/GUIDE.md).\n'), ...REFS },
    expected: 0,
  },
  {
    name: 'one instance per dead link',
    files: { 'SKILL.md': md('[a](references/a.md) and [b](references/b.md)\n'), ...REFS },
    expected: 2,
  },
]);

// One per `skills/...`, `skill/...`, `sub-skills/...` path in the body that does not resolve.
table(deadCrossRef, [
  { name: 'missing sibling', files: { 'SKILL.md': md('See skills/missing-one.\n') }, options: SIBLINGS, expected: 1 },
  { name: 'existing sibling', files: { 'SKILL.md': md('See skills/sibling-a.\n') }, options: SIBLINGS, expected: 0 },
  {
    name: 'singular skill/ prefix resolves',
    files: { 'SKILL.md': md('See skill/sibling-a.\n') },
    options: SIBLINGS,
    expected: 0,
  },
  {
    name: 'a URL path is treated as a cross-reference (quirk)',
    files: { 'SKILL.md': md('See https://example.com/skills/nope for more.\n') },
    options: SIBLINGS,
    expected: 1,
  },
  {
    name: 'prose "skills/agents" is a dead reference (quirk)',
    files: { 'SKILL.md': md('Covers skills/agents wiring.\n') },
    options: SIBLINGS,
    expected: 1,
  },
  {
    name: 'backticked placeholder is a dead reference (quirk)',
    files: { 'SKILL.md': md('Create `skills/skill-name` first.\n') },
    options: SIBLINGS,
    expected: 1,
  },
  {
    name: 'sub-skills/ resolves inside the skill folder',
    files: { 'SKILL.md': md('See sub-skills/part.\n'), 'sub-skills/part/SKILL.md': 'x' },
    expected: 0,
  },
  { name: 'missing sub-skill', files: { 'SKILL.md': md('See sub-skills/part.\n') }, expected: 1 },
  {
    name: 'refs in code blocks count; one per ref',
    files: { 'SKILL.md': md('```\ncat skills/gone/SKILL.md\n```\nAnd skills/lost.\n') },
    options: SIBLINGS,
    expected: 2,
  },
  {
    name: 'refs in the frontmatter are not read',
    files: { 'SKILL.md': md('Body.\n', { name: 'test-skill', description: `${GOOD} See skills/nope.` }) },
    expected: 0,
  },
]);

describe('suspected bugs (expected to fail until fixed)', () => {
  // PyYAML's safe_load accepts duplicate keys (the last wins); the compat reader rejects them as a YAML error and
  // sees {}, so a duplicated key turns into EMPTY_DESCRIPTION + MISSING_TRIGGER that PluginEval would not report.
  it('duplicate frontmatter keys are read like PyYAML (last wins)', async () => {
    const skill = await makeSkill({
      'SKILL.md': md('Body.\n', `name: test-skill\ndescription: ${GOOD}\ndescription: ${GOOD}`),
    });
    expect(REGISTRY.compat.antiPatterns.flatMap((r) => r.detect(skill).map((i) => i.flag))).toEqual([]);
  });
});

describe('compat anti-patterns together', () => {
  const flagsOf = async (files: Record<string, string>) => {
    const skill = await makeSkill(files);
    return REGISTRY.compat.antiPatterns.flatMap((r) => r.detect(skill).map((i) => i.flag));
  };
  it.each([
    { name: 'a clean skill', files: { 'SKILL.md': md('Body.\n') }, expectedFlags: [] },
    {
      name: 'YAML error -> {} -> EMPTY_DESCRIPTION + MISSING_TRIGGER (quirk)',
      files: { 'SKILL.md': md('Body.\n', `name: test-skill\ndescription: [${GOOD}`) },
      expectedFlags: ['EMPTY_DESCRIPTION', 'MISSING_TRIGGER'],
    },
    {
      name: 'BOM -> EMPTY_DESCRIPTION + MISSING_TRIGGER (quirk)',
      files: { 'SKILL.md': `\uFEFF${md('Body.\n')}` },
      expectedFlags: ['EMPTY_DESCRIPTION', 'MISSING_TRIGGER'],
    },
  ])('$name', async ({ files, expectedFlags }) => {
    expect(await flagsOf(files)).toEqual(expectedFlags);
  });
});
