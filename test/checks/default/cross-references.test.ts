/**
 * What is and is not a cross-reference (default methodology): prose slash lists such as "All
 * skills/commands/agents" are words, not paths, so they neither resolve nor count as DEAD_CROSS_REF.
 * compat keeps PluginEval's quirk (test/checks/compat/anti-patterns.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { deadCrossRef } from '../../../src/rules/checks/default/anti-patterns.js';
import { crossReferences, isProseSlashList } from '../../../src/rules/checks/default/cross-references.js';
import { REGISTRY } from '../../../src/rules/checks/index.js';
import { makeSkill, skillMd, useSkillCleanup, type MakeSkillOptions } from '../../support/skill-builder.js';

useSkillCleanup();

const md = (body: string) =>
  skillMd({ name: 'test-skill', description: 'Tidies code. Use when the user asks to tidy code.' }, body);
const sibling = (name: string) => ({ 'SKILL.md': skillMd({ name, description: 'A sibling skill.' }, 'Sibling.\n') });
const PLUGIN: MakeSkillOptions = {
  siblings: { 'pdf-tools': sibling('pdf-tools'), commands: sibling('commands') },
  agents: { 'code-reviewer': skillMd({ name: 'code-reviewer', description: 'Reviews code.' }, 'You review code.\n') },
};

const cases: { text: string; refs: string[] }[] = [
  // prose: not references
  { text: 'All skills/commands/agents are loaded at start-up.', refs: [] },
  { text: 'It lists skills/agents and hooks.', refs: [] },
  { text: 'Use skills/commands or agents, whichever fits.', refs: [] },
  { text: 'The loader walks skills/plugins/marketplaces in order.', refs: [] },
  { text: 'Config lives in skills/foo/bar/baz for now.', refs: [] },
  { text: 'Keep `skills/missing-one` as a placeholder.', refs: [] },
  { text: 'Docs: https://github.com/o/r/tree/main/skills/gone', refs: [] },
  // paths: references (resolved or dead)
  { text: 'See skills/pdf-tools for PDF work.', refs: ['skill:pdf-tools:resolved'] },
  { text: 'See skills/missing-one for PDF work.', refs: ['skill:missing-one:dead'] },
  { text: 'Read skills/pdf-tools/SKILL.md first.', refs: ['skill:pdf-tools:resolved'] },
  { text: 'Read skills/gone-skill/SKILL.md first.', refs: ['skill:gone-skill:dead'] },
  { text: 'Its scripts are in skills/pdf-tools/scripts.', refs: ['skill:pdf-tools:resolved'] },
  { text: 'The template is skills/old-skill/references/template.md.', refs: ['skill:old-skill:dead'] },
  { text: 'Pair it with [pdf](../pdf-tools/SKILL.md).', refs: ['skill:pdf-tools:resolved'] },
  { text: 'Pair it with [gone](../gone/SKILL.md).', refs: ['skill:gone:dead'] },
  { text: 'Hand off to agents/code-reviewer.md.', refs: ['agent:code-reviewer:resolved'] },
  { text: 'Hand off to agents/nobody.md.', refs: ['agent:nobody:dead'] },
  { text: 'Also read ../pdf-tools/SKILL.md before you start.', refs: ['skill:pdf-tools:resolved'] },
  { text: 'Also read ../gone-too before you start.', refs: ['skill:gone-too:dead'] },
];

describe('cross-references in prose (default methodology)', () => {
  it.each(cases)('$text -> $refs', async ({ text, refs }) => {
    const skill = await makeSkill({ 'SKILL.md': md(`# Tidy\n\n${text}\n`) }, PLUGIN);
    expect(crossReferences(skill).map((r) => `${r.kind}:${r.target}:${r.resolved ? 'resolved' : 'dead'}`)).toEqual(
      refs,
    );
    expect(deadCrossRef.detect(skill)).toHaveLength(refs.filter((r) => r.endsWith(':dead')).length);
  });

  it.each([
    ['skills/commands/agents', true],
    ['skills/agents', true],
    ['skills/agents.', true],
    ['skills/foo/bar/baz', true],
    ['skills/pdf-tools', false],
    ['skills/pdf-tools/SKILL.md', false],
    ['skills/pdf-tools/scripts', false],
    ['skills/a/references/x.md', false],
    ['skills/v2/notes', false],
  ] as const)('isProseSlashList(%j) is %s', (token, prose) => {
    expect(isProseSlashList(token)).toBe(prose);
  });

  it('compat keeps the quirk: "All skills/commands/agents" is a dead cross-reference there', async () => {
    const skill = await makeSkill({ 'SKILL.md': md('# Tidy\n\nAll skills/commands/agents are loaded.\n') });
    const compat = REGISTRY.compat.antiPatterns.find((r) => r.flag === 'DEAD_CROSS_REF')!;
    expect(compat.detect(skill).length).toBeGreaterThan(0);
    expect(REGISTRY.default.antiPatterns.find((r) => r.flag === 'DEAD_CROSS_REF')!.detect(skill)).toEqual([]);
  });
});
