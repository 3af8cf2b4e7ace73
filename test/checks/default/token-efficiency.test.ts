import { describe, expect, it } from 'vitest';
import { tokenEfficiency } from '../../../src/rules/checks/default/token-efficiency.js';
import { makeSkill, skillMd, useSkillCleanup } from '../../support/skill-builder.js';
import { FILLER } from './shared.js';

useSkillCleanup();

const md = (body: string, description = 'Tidies code.') => skillMd({ name: 'test-skill', description }, body);

// Rule: 1.0; density = MUST/NEVER/ALWAYS in body prose / non-blank prose lines: >.5 -.4, >.2 -.2, >.1 -.1;
// minus 0.4 x (1 - distinct/total) over normalised prose lines (digits/punctuation dropped, empty ones skipped);
// a further -0.3 when more than 30% repeats. Code and fence lines are ignored.
const cases: { name: string; files: Record<string, string>; expectedScore: number }[] = [
  { name: 'distinct prose', files: { 'SKILL.md': md('alpha beta\ngamma delta\n') }, expectedScore: 1 },
  {
    name: 'identical fence and code lines are ignored',
    files: { 'SKILL.md': md('Intro text.\n```bash\nls\n```\n```bash\nls\n```\n') },
    expectedScore: 1,
  },
  {
    name: 'density 0.25 (1 in 4 prose lines): -0.2',
    files: { 'SKILL.md': md('You MUST test.\nWrite code.\nShip it.\nRest now.\n') },
    expectedScore: 0.8,
  },
  { name: 'density 2/3: -0.4', files: { 'SKILL.md': md('MUST a.\nNEVER b.\nok c.\n') }, expectedScore: 0.6 },
  {
    name: 'directives inside code are ignored',
    files: { 'SKILL.md': md('Write code.\n```\nMUST a\nNEVER b\nALWAYS c\n```\n') },
    expectedScore: 1,
  },
  {
    name: 'directives in the frontmatter are ignored',
    files: { 'SKILL.md': md('Write code.\n', 'MUST MUST MUST MUST tidy.') },
    expectedScore: 1,
  },
  {
    name: 'near-duplicates (punctuation differs) repeat',
    files: { 'SKILL.md': md('Check the file.\nCheck the file!\nRun tests now.\nShip it today.\n') },
    expectedScore: 0.9,
  },
  {
    name: 'table delimiter rows normalise to nothing and are skipped',
    files: { 'SKILL.md': md('| a | b |\n|---|---|\n| c | d |\n') },
    expectedScore: 1,
  },
  // 10 prose lines, 3 distinct: repetition 0.7 -> -0.28, and -0.3 for > 30%.
  { name: 'filler: repetition over 30%', files: { 'SKILL.md': md(`${FILLER}\n`) }, expectedScore: 1 - 0.28 - 0.3 },
];

describe('token-efficiency (default)', () => {
  it.each(cases)('$name', async ({ files, expectedScore }) => {
    expect(tokenEfficiency.run(await makeSkill(files)).score).toBeCloseTo(expectedScore, 10);
  });
});

describe('token-efficiency (default): the repeated-lines tip', () => {
  const repeatsOf = async (body: string) => {
    const skill = await makeSkill({ 'SKILL.md': md(body) });
    const tip = tokenEfficiency.improve!(skill, tokenEfficiency.run(skill)).find(
      (i) => i.id === 'token-efficiency/repeated-lines',
    );
    const fileLines = skill.text.split('\n');
    return tip?.edits?.map((e) => ('start' in e ? fileLines[e.start - 1] : undefined));
  };

  it('deletes each later repeat of a substantive line (near-duplicates included), and nothing else', async () => {
    const body = 'Check the file now.\nShip it today please.\nCheck the file now!\nok\nok\nShip it today please.\n';
    expect(await repeatsOf(body)).toEqual(['Check the file now!', 'Ship it today please.']);
  });

  it('offers nothing when every prose line is distinct, or only short lines repeat', async () => {
    expect(await repeatsOf('Check the file now.\nShip it today please.\n')).toBeUndefined();
    expect(await repeatsOf('Check the file now.\nok\nok\nShip it today please.\n')).toBeUndefined();
  });
});
