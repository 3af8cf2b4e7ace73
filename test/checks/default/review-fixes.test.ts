import { describe, expect, it } from 'vitest';
import { emptyReferenceFile, missingTrigger } from '../../../src/rules/checks/default/anti-patterns.js';
import { progressiveDisclosure } from '../../../src/rules/checks/default/progressive-disclosure.js';
import { analyseTriggers } from '../../../src/rules/checks/default/signals.js';
import { deadCrossRef } from '../../../src/rules/checks/compat/anti-patterns.js';
import { compatAgent } from '../../../src/rules/checks/components/compat-agent.js';
import { makeComponent, makeSkill, skillMd, useSkillCleanup } from '../../support/skill-builder.js';

useSkillCleanup();
const DESC = 'Converts units between systems. Use when converting lengths for recipes.';

describe('trigger clauses split at a comma only when the trigger starts the clause', () => {
  it.each([
    ['Fixes TypeScript errors that do not compile, use when the build is red.', 1, 0],
    ['Do not use when parsing times, or when the user asks about zones.', 0, 2],
    ['Never use this skill when offline; use when online.', 1, 1],
  ])('%s', (description, positive, negated) => {
    const t = analyseTriggers(description);
    expect(t.positive).toHaveLength(positive);
    expect(t.negated).toHaveLength(negated);
  });

  it('the comma case is not flagged MISSING_TRIGGER', async () => {
    const skill = await makeSkill({
      'SKILL.md': skillMd(
        { name: 'test-skill', description: 'Fixes TypeScript errors that do not compile, use when the build is red.' },
        'Body.\n',
      ),
    });
    expect(missingTrigger.detect(skill)).toEqual([]);
  });
});

describe('whitespace-only and placeholder files', () => {
  it('a reference holding only a newline is empty: no bonus, flagged', async () => {
    const skill = await makeSkill({
      'SKILL.md': skillMd({ name: 'test-skill', description: DESC }, 'See [g](references/g.md).\n'),
      'references/g.md': '\n',
      'assets/a.txt': ' ',
    });
    // The length part alone: the empty reference earns no link credit.
    expect(progressiveDisclosure.run(skill).score).toBeCloseTo(0.7, 10);
    expect(emptyReferenceFile.detect(skill).map((i) => i.description)).toEqual([
      'references/g.md is empty.',
      'assets/a.txt is empty.',
    ]);
  });

  it('.gitkeep is neither content nor padding', async () => {
    const skill = await makeSkill({
      'SKILL.md': skillMd({ name: 'test-skill', description: DESC }, 'Body.\n'),
      'assets/.gitkeep': '',
      'references/.keep': '',
    });
    expect(emptyReferenceFile.detect(skill)).toEqual([]);
  });
});

describe('compat details', () => {
  it('sub-skills/ references resolve to an existing (even empty) folder, as Python exists() does', async () => {
    const skill = await makeSkill({
      'SKILL.md': skillMd({ name: 'x', description: DESC }, 'See sub-skills/part-a for more.\n'),
      'sub-skills/part-a/': '',
    });
    expect(deadCrossRef.detect(skill)).toEqual([]);
  });

  it('agent `tools: []` and `model: ""` are false, as in Python', async () => {
    const agent = await makeComponent(
      '---\nname: a\ndescription: Reviews code changes for style problems.\ntools: []\nmodel: ""\n---\nBody\n',
      'agent',
      'a',
    );
    expect(compatAgent.run(agent).score).toBeCloseTo(0.6, 10);
  });
});

describe('normalisation', () => {
  it('near-duplicates differing in digits and punctuation count as repeats', async () => {
    const body = [
      'Step 1: review the input carefully.',
      'Step 2: review the input carefully!',
      'Another line entirely.',
    ].join('\n');
    const skill = await makeSkill({ 'SKILL.md': skillMd({ name: 'test-skill', description: DESC }, body) });
    const { signals } = await import('../../../src/rules/checks/default/signals.js');
    const s = signals(skill);
    expect(s.normalised).toEqual([
      'step review the input carefully',
      'step review the input carefully',
      'another line entirely',
    ]);
    expect(s.distinctRatio).toBeCloseTo(2 / 3, 10);
  });
});
