/**
 * Layer 3 in the machine formats: native JSON and JSONL carry the MonteCarloReport as the schema defines it
 * (and the JSON Schema export names it); the plugineval format lays it out as PluginEval's Monte Carlo layer,
 * and stays byte-identical to PluginEval's output when no Monte Carlo ran.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonSchemaFor } from '../../src/cli/commands/schema.js';
import { scoreSkillDocument } from '../../src/api/score.js';
import { MonteCarloReport } from '../../src/model/monte-carlo.js';
import { ScoreResult } from '../../src/model/result.js';
import { parseSkill } from '../../src/parse/skill.js';
import { REPORTERS, toPluginEval } from '../../src/reporters/index.js';
import { CORPUS_DIR, EXPECTED_DIR } from '../support/corpus.js';
import { OPTIONS } from './fixtures.js';
import {
  SKILL_REL,
  adaptiveSpec,
  measuredSpec,
  monteCarloLayer,
  notMeasuredSpec,
  partialSpec,
  resultWithLayer,
  resultWithMonteCarlo,
} from './mc-fixtures.js';

const PE = { ...OPTIONS, format: 'plugineval' as const };

function mcLayerOf(pe: ReturnType<typeof toPluginEval>) {
  const layer = pe.layers.find((l) => l.layer === 'monte_carlo');
  expect(layer, 'a monte_carlo layer entry').toBeDefined();
  return layer as {
    layer: string;
    score: number | null;
    sub_scores: Record<string, Record<string, unknown>>;
    metadata: Record<string, unknown>;
  };
}

describe('native json and jsonl', () => {
  it('carry every Monte Carlo report, runs included, and parse back to the same result', async () => {
    const r = await resultWithMonteCarlo(measuredSpec());
    const parsed = JSON.parse(REPORTERS.json([r], OPTIONS)) as { results: unknown[] };
    const back = ScoreResult.parse(parsed.results[0]);
    expect(back).toEqual(r);
    const report = back.layers.find((l) => l.name === 'monte_carlo')?.monteCarlo?.[0];
    expect(report?.simulated).toBe(true);
    expect(report?.runs).toHaveLength(20);
    const line = REPORTERS.jsonl([r], OPTIONS).trim();
    expect(line.split('\n')).toHaveLength(1);
    expect(ScoreResult.parse(JSON.parse(line))).toEqual(r);
  });

  it('the JSON Schema export names the report and includes it in score-result and score-run', () => {
    const report = JSON.stringify(jsonSchemaFor('monte-carlo-report'));
    for (const key of [
      '"simulated"',
      '"sampling"',
      '"savedRuns"',
      '"infraByKind"',
      '"runs"',
      '"activationEvidence"',
      '"skill"',
    ])
      expect(report).toContain(key);
    for (const name of ['score-result', 'score-run']) {
      const schema = JSON.stringify(jsonSchemaFor(name));
      expect(schema, name).toContain('"monteCarlo"');
      expect(schema, name).toContain('"confidence-sequence"');
    }
    expect(() => MonteCarloReport.parse({ runner: 'messages' })).toThrow();
  });
});

describe('plugineval format: the Monte Carlo layer', () => {
  it("lays a measured skill out as PluginEval's Layer 3 entry; monte_carlo_n is the runs measured", async () => {
    const r = await resultWithMonteCarlo(measuredSpec());
    const pe = JSON.parse(REPORTERS.json([r], PE)) as ReturnType<typeof toPluginEval>;
    expect(pe.config.monte_carlo_n).toBe(20);
    expect(pe.layers.map((l) => l.layer)).toEqual(['static', 'monte_carlo']);
    const mc = mcLayerOf(pe);
    expect(Object.keys(mc)).toEqual(['layer', 'score', 'sub_scores', 'anti_patterns', 'metadata']);
    expect(Object.keys(mc.sub_scores)).toEqual([
      'triggering',
      'output_consistency',
      'failure_rate',
      'token_efficiency',
    ]);
    expect(mc.score).toBe(r.layers.find((l) => l.name === 'monte_carlo')?.score);
    expect(mc.sub_scores.triggering).toMatchObject({
      activation_rate: 0.9,
      n_activated: 9,
      n_total: 10,
      interval_method: 'wilson',
      false_activation_rate: 0.1,
    });
    // scipy Wilson 9 of 10 (see monte-carlo.test.ts): 0.5958499732047615, 0.9821237869049271.
    expect(mc.sub_scores.triggering!.wilson_lower).toBeCloseTo(0.5958499732047615, 12);
    expect(mc.sub_scores.triggering!.wilson_upper).toBeCloseTo(0.9821237869049271, 12);
    expect(mc.sub_scores.failure_rate).toMatchObject({
      p_fail: 0.05,
      n_errored: 1,
      interval_method: 'clopper-pearson',
    });
    expect(Object.keys(mc.sub_scores.token_efficiency!)).toEqual(['median', 'iqr', 'outlier_count', 'efficiency_norm']);
    const q = mc.sub_scores.output_consistency as { mean_quality: number; std_dev: number; cv: number };
    expect(q.std_dev).toBeCloseTo(q.cv * q.mean_quality, 12);
    expect(mc.metadata).toMatchObject({
      n_runs: 20,
      n_activated: 10,
      n_errored: 1,
      n_infra: 0,
      simulated: true,
      runner: 'messages',
      status: 'measured',
    });
    expect(pe.composite.confidence_label).toBe('Certified');
  });

  it('adaptive: the interval is named a confidence sequence, the saved runs are given', async () => {
    const mc = mcLayerOf(toPluginEval(await resultWithMonteCarlo(adaptiveSpec())));
    expect(mc.sub_scores.triggering!.interval_method).toBe('confidence-sequence');
    expect(mc.metadata).toMatchObject({
      sampling: 'adaptive',
      stopped_by: 'adaptive',
      saved_runs: 34,
      n_done: 16,
      simulated: false,
    });
  });

  it('partial: infrastructure errors are counted apart, never in n_runs or monte_carlo_n', async () => {
    const pe = toPluginEval(await resultWithMonteCarlo(partialSpec()));
    expect(pe.config.monte_carlo_n).toBe(5);
    expect(mcLayerOf(pe).metadata).toMatchObject({
      n_runs: 5,
      n_infra: 1,
      infra_by_kind: { rate_limit: 1 },
      status: 'partial',
      stopped_by: 'max-cost',
    });
  });

  it('not measured: null score and statistics (never a made-up 0), the reason in the metadata', async () => {
    const pe = toPluginEval(await resultWithMonteCarlo(notMeasuredSpec()));
    expect(pe.config.monte_carlo_n).toBe(0);
    const mc = mcLayerOf(pe);
    expect(mc.score).toBeNull();
    expect(mc.sub_scores.triggering!.activation_rate).toBeNull();
    expect(mc.sub_scores.failure_rate!.p_fail).toBeNull();
    expect(mc.metadata).toMatchObject({ status: 'not-measured', n_runs: 0, n_infra: 5, cost_usd: null });
    expect(String(mc.metadata.reason)).toContain('lost to infrastructure errors');
    expect(pe.composite.confidence_label).toBe('Estimated');
  });

  it('several skills: one entry per skill under sub_scores.skills, totals in the metadata', async () => {
    const a = monteCarloLayer({ ...measuredSpec(), skill: 'evaluation' });
    const b = monteCarloLayer({ ...partialSpec(), skill: 'second' });
    const pe = toPluginEval(await resultWithLayer({ ...a.layer, monteCarlo: [a.report, b.report] }));
    expect(pe.config.monte_carlo_n).toBe(25);
    const mc = mcLayerOf(pe) as unknown as {
      sub_scores: { skills: { skill: string; metadata: { n_runs: number } }[] };
      metadata: Record<string, unknown>;
    };
    expect(mc.sub_scores.skills.map((s) => [s.skill, s.metadata.n_runs])).toEqual([
      ['evaluation', 20],
      ['second', 5],
    ]);
    expect(mc.metadata).toMatchObject({ n_runs: 25, n_infra: 1, n_errored: 1, simulated: true });
  });

  it('without Monte Carlo, prints what PluginEval prints for a corpus skill, key for key and value for value', async () => {
    const parsed = await parseSkill(path.join(CORPUS_DIR, SKILL_REL), { displayPath: SKILL_REL });
    if (!parsed.ok) throw new Error('corpus skill did not parse');
    const result = scoreSkillDocument(parsed.skill, { methodology: 'compat', depth: 'quick' });
    const theirsText = readFileSync(path.join(EXPECTED_DIR, 'context-engineering__skills__evaluation.json'), 'utf8');
    const theirs = JSON.parse(theirsText) as ReturnType<typeof toPluginEval>;
    const ours = JSON.parse(REPORTERS.json([result], PE)) as ReturnType<typeof toPluginEval>;
    expect(ours.config.monte_carlo_n).toBeNull();
    // What differs by nature: the wall-clock fields, and the evidence PluginEval leaves empty. The comparison is
    // of the serialised text, so key order counts; both go through JSON.stringify because Python writes 0.0.
    ours.timestamp = theirs.timestamp;
    ours.total_duration_ms = theirs.total_duration_ms;
    for (const d of ours.composite.dimensions) d.evidence = [];
    expect(JSON.stringify(ours, null, 2)).toBe(JSON.stringify(theirs, null, 2));
  });
});
