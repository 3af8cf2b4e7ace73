import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIMENSIONS } from '../../src/model/dimensions.js';
import { ScoreResult } from '../../src/model/result.js';
import { ScoreRun } from '../../src/model/run.js';
import { REPORTERS, toPluginEval, type PluginEvalResult } from '../../src/reporters/index.js';
import { pluginEvalGrade } from '../../src/score/grades.js';
import { EXPECTED_DIR } from '../support/corpus.js';
import { OPTIONS, manyResults, pluginResult, skillResult, troubledSkill } from './fixtures.js';

const PE = { ...OPTIONS, format: 'plugineval' as const };

/**
 * The key structure of a JSON value: objects map their keys (in order) to the shapes of their values, arrays
 * merge the shapes of all their object elements, and scalars are just "value".
 */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) {
    // Lists of scalars (or empty lists, such as evidence) only count as lists.
    const merged: Record<string, unknown> = {};
    for (const v of value) {
      const s = shape(v);
      if (s !== null && typeof s === 'object' && !Array.isArray(s)) Object.assign(merged, s);
    }
    return [Object.keys(merged).length > 0 ? merged : 'list'];
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  }
  return 'value';
}

/** Every object's keys in order, by path (array elements share one path), without repeats. */
function keyOrder(value: unknown): string[] {
  return [...new Set(keyLists(value, '$'))];
}

function keyLists(value: unknown, at: string): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => keyLists(v, `${at}[]`));
  if (value !== null && typeof value === 'object') {
    return [
      `${at}: ${Object.keys(value).join(',')}`,
      ...Object.entries(value).flatMap(([k, v]) => keyLists(v, `${at}.${k}`)),
    ];
  }
  return [];
}

const expectedFile = (rel: string) => path.join(EXPECTED_DIR, rel);
const load = (rel: string) => JSON.parse(readFileSync(expectedFile(rel), 'utf8')) as PluginEvalResult;
const SKILL_DEV = 'claude-plugins-official__plugins__plugin-dev__skills__skill-development.json';
const EVALUATION = 'context-engineering__skills__evaluation.json';
const PLUGIN_DEV = 'plugin-level/claude-plugins-official__plugins__plugin-dev.json';
const haveCorpus = [SKILL_DEV, EVALUATION, PLUGIN_DEV].every((f) => existsSync(expectedFile(f)));

describe('json reporter, native format', () => {
  it('prints the run log (ScoreRun) with its results, even for one result (never a bare result)', () => {
    const r = troubledSkill();
    const run: ScoreRun = {
      schemaVersion: 1,
      kind: 'score-run',
      runId: '00000000-0000-4000-8000-000000000000',
      status: 'success',
      tool: { name: 'plugin-eval', version: '0.1.0' },
      plan: {
        planVersion: 1,
        targets: [r.target.path],
        depth: 'quick',
        methodology: 'default',
        layers: ['static'],
        judge: null,
        seeds: {},
        samples: { judge: 1, monteCarloRuns: null },
        budget: { materialTokens: null },
        jobs: 4,
      },
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:00:01.000Z',
      results: [],
      failures: [],
      diagnostics: [],
      usage: null,
    };
    const parsed = ScoreRun.parse(JSON.parse(REPORTERS.json([r], { ...OPTIONS, run })));
    expect(parsed.results).toEqual([r]);
    expect(parsed.runId).toBe(run.runId);
    expect(parsed.plan).toEqual(run.plan);
    expect(ScoreResult.parse(parsed.results[0])).toEqual(r);
  });

  it('without a run, wraps results (one or many) in { schemaVersion, results }', () => {
    const results = manyResults();
    const parsed = JSON.parse(REPORTERS.json(results, OPTIONS)) as { schemaVersion: number; results: unknown[] };
    expect(Object.keys(parsed)).toEqual(['schemaVersion', 'results']);
    expect(parsed.schemaVersion).toBe(1);
    expect(parsed.results.map((r) => ScoreResult.parse(r))).toEqual(results);
    expect(JSON.parse(REPORTERS.json([], OPTIONS))).toEqual({ schemaVersion: 1, results: [] });
    const one = troubledSkill();
    expect(JSON.parse(REPORTERS.json([one], OPTIONS))).toEqual({ schemaVersion: 1, results: [one] });
  });
});

describe('json reporter, plugineval format', () => {
  describe.skipIf(!haveCorpus)('matches PluginEval 0.1.x output', () => {
    it('has exactly the key structure and key order of a real skill result', () => {
      const ours = JSON.parse(REPORTERS.json([troubledSkill()], PE)) as unknown;
      const theirs = load(SKILL_DEV);
      expect(shape(ours)).toEqual(shape(theirs));
      expect(keyOrder(ours)).toEqual(keyOrder(theirs));
    });

    it('has exactly the key structure and key order of a real plugin result', () => {
      const ours = JSON.parse(REPORTERS.json([pluginResult()], PE)) as unknown;
      const theirs = load(PLUGIN_DEV);
      expect(shape(ours)).toEqual(shape(theirs));
      expect(keyOrder(ours)).toEqual(keyOrder(theirs));
    });

    it('reproduces the numbers of a real result from the same native scores', () => {
      // The default fixture carries the static sub-scores and dimension scores of this expected file.
      const theirs = load(EVALUATION);
      const ours = toPluginEval(skillResult({ path: theirs.plugin_path, name: 'evaluation', lineCount: 232 }));
      expect(ours.plugin_path).toBe(theirs.plugin_path);
      expect(ours.layers[0]?.layer).toBe('static');
      expect(ours.layers[0]?.score).toBe(theirs.layers[0]?.score);
      expect(ours.layers[0]?.sub_scores).toEqual(theirs.layers[0]?.sub_scores);
      expect(ours.layers[0]?.metadata).toEqual(theirs.layers[0]?.metadata);
      const strip = (d: PluginEvalResult['composite']['dimensions'][number]) => ({ ...d, evidence: [] });
      expect(ours.composite.dimensions.map(strip)).toEqual(theirs.composite.dimensions);
      expect(ours.composite.score).toBeCloseTo(theirs.composite.score, 10);
      expect(ours.composite.anti_pattern_penalty).toBe(theirs.composite.anti_pattern_penalty);
      expect(ours.composite.badge).toBe(theirs.composite.badge);
      expect(ours.composite.confidence_label).toBe(theirs.composite.confidence_label);
      expect({ ...ours.config, depth: 'quick' }).toEqual(theirs.config);
      expect(ours.config.depth).toBe('standard');
      expect(ours.elo).toBeNull();
      expect(ours.model_usage).toEqual({});
    });

    it('lists the plugin components PluginEval lists, with their static scores', () => {
      const ours = toPluginEval(pluginResult());
      expect(ours.layers[0]?.sub_scores).toEqual({
        skill_scores: [0.7281825174825174, 0.5560184210526317],
        agent_scores: [0.7999999999999999],
      });
      expect(ours.layers[0]?.metadata).toEqual({ plugin_name: 'plugin-dev' });
      const theirs = load(PLUGIN_DEV).layers[0]?.sub_scores.skill_scores as number[];
      expect(theirs).toContain(0.7281825174825174);
      expect(theirs).toContain(0.5560184210526317);
    });
  });

  it("grades measured dimensions on PluginEval's scale and dashes the unmeasured ones", () => {
    const r = troubledSkill();
    const pe = toPluginEval(r);
    expect(pe.composite.dimensions.map((d) => d.name)).toEqual([...DIMENSIONS]);
    for (const d of pe.composite.dimensions) {
      const native = r.dimensions.find((n) => n.name === d.name);
      if (native?.measured && native.score !== null) {
        expect(d.score).toBe(native.score);
        expect(d.grade).toBe(pluginEvalGrade(native.score * 100));
      } else {
        expect(d.score).toBe(0);
        expect(d.grade).toBe('—');
      }
      expect(d.weighted_score).toBe(d.weight * d.score);
    }
    const grades = Object.fromEntries(pe.composite.dimensions.map((d) => [d.name, d.grade]));
    expect(grades).toMatchObject({
      triggering_accuracy: 'F',
      orchestration_fitness: 'A-',
      progressive_disclosure: 'D',
      token_efficiency: 'A',
      structural_completeness: 'C',
    });
  });

  it('maps badges to lowercase names with no_badge for none', () => {
    const badges = manyResults().map((r) => [r.composite.badge, toPluginEval(r).composite.badge]);
    expect(badges).toContainEqual(['none', 'no_badge']);
    expect(badges).toContainEqual(['platinum', 'platinum']);
    expect(badges).toContainEqual(['silver', 'silver']);
  });

  it('keeps anti-patterns with flag, description and severity only', () => {
    const pe = toPluginEval(troubledSkill());
    expect(pe.layers[0]?.anti_patterns).toHaveLength(5);
    for (const ap of pe.layers[0]?.anti_patterns ?? [])
      expect(Object.keys(ap)).toEqual(['flag', 'description', 'severity']);
    expect(pe.composite.anti_pattern_penalty).toBe(0.75);
  });

  it("writes the timestamp in Python's isoformat style", () => {
    expect(toPluginEval(troubledSkill()).timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+\+00:00$/);
  });

  it('prints an array for several results', () => {
    const parsed = JSON.parse(REPORTERS.json(manyResults(), PE)) as PluginEvalResult[];
    expect(parsed).toHaveLength(4);
    expect(parsed.map((p) => p.plugin_path)).toEqual(manyResults().map((r) => r.target.path));
  });
});

describe('jsonl reporter', () => {
  it('prints one compact object per line, each with its path', () => {
    const results = manyResults();
    const out = REPORTERS.jsonl(results, OPTIONS);
    expect(out.endsWith('\n')).toBe(true);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(results.length);
    const parsed = lines.map((l) => ScoreResult.parse(JSON.parse(l)));
    expect(parsed.map((p) => p.target.path)).toEqual(results.map((r) => r.target.path));
    expect(lines.every((l) => !l.includes('\n') && !l.startsWith(' '))).toBe(true);
  });

  it('prints PluginEval objects in plugineval format, and nothing for no results', () => {
    const lines = REPORTERS.jsonl(manyResults(), PE).trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as PluginEvalResult).plugin_path)).toEqual(
      manyResults().map((r) => r.target.path),
    );
    expect(REPORTERS.jsonl([], OPTIONS)).toBe('');
  });
});
