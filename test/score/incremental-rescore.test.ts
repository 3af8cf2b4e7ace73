import { execSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTRY } from '../../src/rules/checks/index.js';
import type { SkillPart } from '../../src/rules/checks/types.js';
import { runStaticLayer, type StaticLayerOutput } from '../../src/rules/static-layer.js';
import { parseSkill } from '../../src/parse/skill.js';
import { editedSkill, unchangedParts } from '../../src/score/edited-skill.js';
import { candidateImprovements } from '../../src/score/tips.js';
import { CORPUS_DIR } from '../support/corpus.js';

/** The layer without its wall time, as plain data. */
const comparable = (layer: StaticLayerOutput) => ({
  ...layer,
  durationMs: 0,
  outcomes: [...layer.outcomes],
  instances: [...layer.instances],
});

describe('a tip re-score re-runs only the checks whose parts its edit changed', () => {
  it('gives exactly the full re-run for every candidate edit of every corpus skill', async () => {
    const skills = execSync(`find ${CORPUS_DIR} -name SKILL.md -not -path '*/expected-plugineval/*'`)
      .toString()
      .trim()
      .split('\n')
      .sort();
    const seen = new Map<string, number>();
    let compared = 0;
    for (const file of skills) {
      const parsed = await parseSkill(path.dirname(file));
      if (!parsed.ok) continue;
      const skill = parsed.skill;
      const base = runStaticLayer(skill, 'default');
      for (const { improvement } of candidateImprovements(skill, base)) {
        const edited = editedSkill(skill, improvement.edits);
        const unchanged = unchangedParts(skill, edited);
        const key = [...unchanged].sort().join('+') || 'none';
        seen.set(key, (seen.get(key) ?? 0) + 1);
        const incremental = runStaticLayer(edited, 'default', undefined, { layer: base, unchanged });
        const full = runStaticLayer(editedSkill(skill, improvement.edits), 'default');
        expect(comparable(incremental), `${file}: ${improvement.id}`).toEqual(comparable(full));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
    // Both kinds of reuse were exercised: frontmatter-only edits (body and files kept) and body edits (frontmatter
    // kept).
    expect(seen.get('body+files')).toBeGreaterThan(0);
    expect([...seen.keys()].some((k) => k.includes('frontmatter') && !k.includes('body'))).toBe(true);
  }, 120_000);

  it('unchangedParts tells the edited part apart', async () => {
    const parsed = await parseSkill(path.join(CORPUS_DIR, 'context-engineering/skills/evaluation'));
    if (!parsed.ok) throw new Error('corpus skill did not parse');
    const skill = parsed.skill;
    const parts = (edits: Parameters<typeof editedSkill>[1]): SkillPart[] =>
      [...unchangedParts(skill, editedSkill(skill, edits))].sort();
    expect(parts([{ op: 'set-frontmatter', key: 'description', value: 'Use when testing.' }])).toEqual([
      'body',
      'files',
    ]);
    expect(parts([{ op: 'append', file: 'SKILL.md', text: '## Output\n\nA report.' }])).toEqual([
      'files',
      'frontmatter',
    ]);
    expect(parts([{ op: 'write-file', file: 'references/extra.md', text: 'More.' }])).toEqual(['body', 'frontmatter']);
  });

  it('every default check and rule declares what it reads, except the whole-skill ones', () => {
    const undeclared = [
      ...REGISTRY.default.checks.map((c) => [c.id, c.reads] as const),
      ...REGISTRY.default.antiPatterns.map((r) => [r.flag, r.reads] as const),
    ]
      .filter(([, reads]) => reads === undefined)
      .map(([id]) => id);
    // harness-portability reads the file size (frontmatter and body); the injection scan reads every text.
    expect(undeclared).toEqual(['harness-portability', 'INJECTION_ATTEMPT']);
  });
});
