import { describe, expect, it } from 'vitest';
import { ecosystemCoherence } from '../../../src/rules/checks/default/ecosystem-coherence.js';
import { makeSkill, skillMd, useSkillCleanup, type MakeSkillOptions } from '../../support/skill-builder.js';
import { FILLER, fillerIntegrity } from './shared.js';

useSkillCleanup();

const md = (body: string, description = 'Tidies code.') => skillMd({ name: 'test-skill', description }, body);
const sibling = (name: string) => ({ 'SKILL.md': skillMd({ name, description: 'A sibling skill.' }, 'Sibling.\n') });
const PLUGIN: MakeSkillOptions = {
  siblings: {
    'sibling-a': { ...sibling('sibling-a'), 'references/x.md': '# X\n' },
    'sibling-b': sibling('sibling-b'),
    'sibling-c': sibling('sibling-c'),
    'sibling-d': sibling('sibling-d'),
  },
  agents: { 'code-reviewer': skillMd({ name: 'code-reviewer', description: 'Reviews code.' }, 'You review code.\n') },
};

// Rule: 0.50 + min(0.25, 0.08 x resolved cross-references to sibling skills / plugin agents) + 0.25 for a
// related/see-also heading or wording in prose; x content integrity. URLs, code and placeholders never count.
const cases: { name: string; files: Record<string, string>; expectedScore: number }[] = [
  { name: 'nothing', files: { 'SKILL.md': md('Text.\n') }, expectedScore: 0.5 },
  { name: 'backticked sibling name', files: { 'SKILL.md': md('Pair it with `sibling-a`.\n') }, expectedScore: 0.58 },
  {
    name: 'relative link to a sibling SKILL.md',
    files: { 'SKILL.md': md('Pair it with [a](../sibling-a/SKILL.md).\n') },
    expectedScore: 0.58,
  },
  {
    name: 'relative link to an existing file in a sibling',
    files: { 'SKILL.md': md('See [x](../sibling-a/references/x.md).\n') },
    expectedScore: 0.58,
  },
  {
    name: 'skills/<name> path in prose',
    files: { 'SKILL.md': md('Works with skills/sibling-a.\n') },
    expectedScore: 0.58,
  },
  {
    name: 'unresolved skills/<name> earns nothing',
    files: { 'SKILL.md': md('Works with skills/missing-one.\n') },
    expectedScore: 0.5,
  },
  {
    name: 'agents/<name>.md path to a plugin agent',
    files: { 'SKILL.md': md('Hand off to agents/code-reviewer.md.\n') },
    expectedScore: 0.58,
  },
  { name: 'backticked agent name', files: { 'SKILL.md': md('Hand off to `code-reviewer`.\n') }, expectedScore: 0.58 },
  {
    name: 'URL ending in skills/<sibling> is ignored',
    files: { 'SKILL.md': md('Docs: https://github.com/o/r/tree/main/skills/sibling-a\n') },
    expectedScore: 0.5,
  },
  {
    name: 'backticked placeholder is ignored',
    files: { 'SKILL.md': md('Create `skills/skill-name` first.\n') },
    expectedScore: 0.5,
  },
  {
    name: 'references inside code are ignored',
    files: { 'SKILL.md': md('```\nskills/sibling-a\n```\n') },
    expectedScore: 0.5,
  },
  {
    name: 'the skill naming itself is not a cross-reference',
    files: { 'SKILL.md': md('This is `test-skill`.\n') },
    expectedScore: 0.5,
  },
  {
    name: 'the same sibling twice counts once',
    files: { 'SKILL.md': md('Works with skills/sibling-a and `sibling-a`.\n') },
    expectedScore: 0.58,
  },
  {
    name: '"## Related skills" heading',
    files: { 'SKILL.md': md('## Related skills\n\nNone yet.\n') },
    expectedScore: 0.75,
  },
  {
    name: '"related" in the frontmatter does not count',
    files: { 'SKILL.md': md('Text.\n', 'Related to linting.') },
    expectedScore: 0.5,
  },
  {
    name: 'four siblings and an agent (capped) plus "see also"',
    files: { 'SKILL.md': md('See also `sibling-a`, `sibling-b`, `sibling-c`, `sibling-d` and `code-reviewer`.\n') },
    expectedScore: 1,
  },
  // The reference line is one more distinct substantive line: 4 distinct of 11.
  {
    name: 'filler scales the score',
    files: { 'SKILL.md': md(`${FILLER}\nPair it with \`sibling-a\`.\n`) },
    expectedScore: 0.58 * fillerIntegrity(1),
  },
];

describe('ecosystem-coherence (default)', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(ecosystemCoherence.run(await makeSkill(files, PLUGIN)).score).toBeCloseTo(expectedScore, 10);
  });
});
