import { describe, expect, it } from 'vitest';
import { ecosystemCoherence } from '../../../src/rules/checks/compat/ecosystem-coherence.js';
import { makeSkill, skillMd, useSkillCleanup } from '../../support/skill-builder.js';

useSkillCleanup();

const md = (body: string, description = 'Tidies code.') => skillMd({ name: 'test-skill', description }, body);

// Rule: 0.50 + min(0.25, 0.08 x cross-refs matched in the body, resolved or not) + 0.25 for
// related/see also/companion/complement* anywhere in the file.
const cases: { name: string; files: Record<string, string>; expectedScore: number }[] = [
  { name: 'nothing', files: { 'SKILL.md': md('Text.\n') }, expectedScore: 0.5 },
  {
    name: 'one skills/ path and "see also"',
    files: { 'SKILL.md': md('See also skills/foo-bar.\n') },
    expectedScore: 0.83,
  },
  {
    name: 'a URL containing skills/ counts (quirk)',
    files: { 'SKILL.md': md('Docs: https://github.com/o/r/tree/main/skills/foo\n') },
    expectedScore: 0.58,
  },
  {
    name: 'four refs: capped at +0.25',
    files: { 'SKILL.md': md('skills/a skills/b skills/c skills/d\n') },
    expectedScore: 0.75,
  },
  {
    name: '"complements" counts as related wording',
    files: { 'SKILL.md': md('This complements the linter.\n') },
    expectedScore: 0.75,
  },
  {
    name: 'refs in the frontmatter are not counted, "related" there is',
    files: { 'SKILL.md': md('Text.\n', 'Related to skills/foo.') },
    expectedScore: 0.75,
  },
  // skills/agents and sub-skills/x; the "skills/x" inside "sub-skills/x" is not matched again
  {
    name: 'prose "skills/agents" and sub-skills/ paths count',
    files: { 'SKILL.md': md('Works with skills/agents and sub-skills/x.\n') },
    expectedScore: 0.66,
  },
  { name: 'singular skill/ prefix', files: { 'SKILL.md': md('Uses skill/foo.\n') }, expectedScore: 0.58 },
  {
    name: 'refs inside code blocks count',
    files: { 'SKILL.md': md('```\ncat skills/foo/SKILL.md\n```\n') },
    expectedScore: 0.58,
  },
];

describe('compat/ecosystem-coherence', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(ecosystemCoherence.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });
});
