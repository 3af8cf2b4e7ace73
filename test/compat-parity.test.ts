import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scorePluginDocument, scoreSkillDocument } from '../src/api/score.js';
import { parsePlugin } from '../src/parse/plugin.js';
import { parseSkill } from '../src/parse/skill.js';
import { CORPUS_DIR, expectedPlugins, expectedSkills, type ExpectedResult } from './support/corpus.js';

/** `--methodology compat` must reproduce PluginEval 0.1.x on every file of the shared corpus. */

function flags(e: ExpectedResult): string[] {
  return e.layers[0]!.anti_patterns.map((a) => a.flag);
}

const skills = expectedSkills();
const plugins = expectedPlugins();

describe('compat parity: skills', () => {
  it('covers the whole corpus (40 skills)', () => {
    expect(skills).toHaveLength(40);
  });
  it.each(skills.map((s) => [s.expected.plugin_path, s.expected] as const))('%s', async (rel, expected) => {
    const parsed = await parseSkill(path.join(CORPUS_DIR, rel), { displayPath: rel });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const result = scoreSkillDocument(parsed.skill, { methodology: 'compat' });
    expect(Math.abs(result.composite.score! - expected.composite.score)).toBeLessThanOrEqual(0.01);
    expect(result.antiPatterns.map((a) => a.flag)).toEqual(flags(expected));
    expect(result.composite.penalty).toBeCloseTo(expected.composite.anti_pattern_penalty, 10);
    const layer = result.layers[0]!;
    expect(Math.abs(layer.score - expected.layers[0]!.score)).toBeLessThanOrEqual(1e-4);
    for (const [name, value] of Object.entries(expected.layers[0]!.sub_scores)) {
      const got = layer.subScores[name as keyof typeof layer.subScores]?.score;
      expect(got, name).toBeDefined();
      expect(Math.abs(got! - (value as number)), name).toBeLessThanOrEqual(1e-4);
    }
    for (const dim of expected.composite.dimensions) {
      const got = result.dimensions.find((d) => d.name === dim.name)!;
      if (dim.grade === '\u2014') {
        expect(got.measured, dim.name).toBe(false);
      } else {
        expect(got.measured, dim.name).toBe(true);
        expect(Math.abs(got.score! - dim.score), dim.name).toBeLessThanOrEqual(1e-4);
      }
    }
    const badge = result.composite.badge === 'none' ? 'no_badge' : result.composite.badge;
    expect(badge).toBe(expected.composite.badge);
  });
});

describe('compat parity: plugins', () => {
  it('covers every plugin-level result (16 plugins)', () => {
    expect(plugins).toHaveLength(16);
  });
  it.each(plugins.map((p) => [p.expected.plugin_path, p.expected] as const))('%s', async (rel, expected) => {
    const plugin = await parsePlugin(path.join(CORPUS_DIR, rel), { displayPath: rel });
    const result = scorePluginDocument(plugin, { methodology: 'compat' });
    expect(Math.abs(result.composite.score! - expected.composite.score)).toBeLessThanOrEqual(0.01);
    expect(result.antiPatterns.map((a) => a.flag)).toEqual(flags(expected));
    expect(Math.abs(result.layers[0]!.score - expected.layers[0]!.score)).toBeLessThanOrEqual(1e-4);
    const sub = expected.layers[0]!.sub_scores as { skill_scores: number[]; agent_scores: number[] };
    const comps = result.components ?? [];
    const skillScores = comps.filter((c) => c.kind === 'skill').map((c) => c.staticScore!);
    const agentScores = comps.filter((c) => c.kind === 'agent').map((c) => c.staticScore!);
    expect(skillScores).toHaveLength(sub.skill_scores.length);
    expect(agentScores).toHaveLength(sub.agent_scores.length);
    // PluginEval lists components in directory order; compare as sorted multisets.
    const close = (a: number[], b: number[]) => [...a].sort().every((v, i) => Math.abs(v - [...b].sort()[i]!) <= 1e-4);
    expect(close(skillScores, sub.skill_scores)).toBe(true);
    expect(close(agentScores, sub.agent_scores)).toBe(true);
    for (const dim of expected.composite.dimensions) {
      const got = result.dimensions.find((d) => d.name === dim.name)!;
      expect(got.measured, dim.name).toBe(dim.grade !== '\u2014');
      if (got.measured) expect(Math.abs(got.score! - dim.score), dim.name).toBeLessThanOrEqual(1e-4);
    }
    expect(result.composite.badge === 'none' ? 'no_badge' : result.composite.badge).toBe(expected.composite.badge);
  });
});
