/**
 * Issue 8 item 1: layers are a table. A new layer (Monte Carlo, issue 9) is one more entry: registering a fake
 * entry makes its dimensions measured and blended, with no other code change; an entry whose `wants` says no is
 * reported not run with its reason; a requested layer with no entry keeps today's reason.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { score } from '../../src/api/score.js';
import { JUDGE_DIMENSIONS } from '../../src/judge/registry.js';
import type { LayerOutput } from '../../src/model/layer-output.js';
import { LAYER_BLEND } from '../../src/model/dimensions.js';
import type { Layer } from '../../src/pipeline/layers/contract.js';
import { JUDGE_LAYER_DIMENSIONS, NO_JUDGE_PROVIDER } from '../../src/pipeline/layers/judge.js';
import { LAYER_TABLE, MONTE_CARLO_LAYER, NO_ENTRY_REASONS, STATIC_LAYER } from '../../src/pipeline/layers/index.js';
import { NO_PROMPTS } from '../../src/pipeline/layers/monte-carlo.js';
import { CORPUS_DIR } from '../support/corpus.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EXAMPLE = path.join(ROOT, 'examples/skills/csv-profiler');
const PLUGIN = path.join(CORPUS_DIR, 'claude-plugins-official/plugins/plugin-dev');

/** The table with its real Monte Carlo entry replaced by a stand-in (below). */
const WITHOUT_MC = LAYER_TABLE.filter((l) => l.name !== 'monte_carlo');

/** A stand-in for Monte Carlo: measures robustness, output quality and triggering with fixed scores, per skill. */
function fakeMonteCarlo(scores: { robustness: number; output_quality: number }, seen: string[] = []): Layer {
  return {
    name: 'monte_carlo',
    dimensions: ['robustness', 'output_quality', 'triggering_accuracy'],
    wants: () => true,
    async run(skill): Promise<LayerOutput> {
      seen.push(skill.displayPath);
      return {
        name: 'monte_carlo',
        score: 0.5,
        durationMs: 1,
        measurements: {
          robustness: { score: scores.robustness, evidence: ['3 of 4 runs recovered'] },
          output_quality: { score: scores.output_quality, evidence: ['graded'] },
          triggering_accuracy: { score: 0.9, evidence: ['activated 9 of 10'] },
        },
        unmeasured: {},
        antiPatterns: [],
        subScores: {},
      };
    },
    mergePlugin: (perSkill) => perSkill[0]!.layer,
  };
}

describe('the layer table', () => {
  it('holds static, judge and Monte Carlo; the judge entry lists exactly the judged dimensions of the judge registry', () => {
    expect(LAYER_TABLE.map((l) => l.name)).toEqual(['static', 'judge', 'monte_carlo']);
    expect(MONTE_CARLO_LAYER.after).toEqual(['judge']);
    expect([...JUDGE_LAYER_DIMENSIONS]).toEqual(JUDGE_DIMENSIONS.map((d) => d.dimension));
  });

  it('a depth asking for layers that cannot run says why (no provider: no judge, and no one to write Monte Carlo prompts)', async () => {
    const run = await score([EXAMPLE], { depth: 'deep' });
    const r = run.results[0]!;
    expect(r.layersRequested).toEqual(['static', 'judge', 'monte_carlo']);
    expect(r.layersRun).toEqual(['static']);
    expect(r.layersNotRun).toEqual([
      { name: 'judge', reason: NO_JUDGE_PROVIDER },
      { name: 'monte_carlo', reason: NO_PROMPTS },
    ]);
    // A table without an entry for a requested layer (a library caller's own table) still says so.
    const bare = (await score([EXAMPLE], { depth: 'deep', layers: [STATIC_LAYER] })).results[0]!;
    expect(bare.layersNotRun.find((l) => l.name === 'monte_carlo')?.reason).toMatch(
      /no monte_carlo layer is registered/,
    );
    expect(NO_ENTRY_REASONS).toEqual({});
  });

  it('one more entry (a fake Monte Carlo) is run, measured and blended, with no other change', async () => {
    const seen: string[] = [];
    const layers = [...WITHOUT_MC, fakeMonteCarlo({ robustness: 0.8, output_quality: 0.6 }, seen)];
    const without = (await score([EXAMPLE], { depth: 'deep' })).results[0]!;
    const r = (await score([EXAMPLE], { depth: 'deep', layers })).results[0]!;
    expect(seen).toEqual([EXAMPLE]);
    expect(r.layersRun).toEqual(['static', 'monte_carlo']);
    expect(r.layersNotRun.map((l) => l.name)).toEqual(['judge']);
    expect(r.composite.confidenceLabel).toBe('Certified');
    // Robustness has no static share: the fake layer alone measures it now.
    const robustness = r.dimensions.find((d) => d.name === 'robustness')!;
    expect(without.dimensions.find((d) => d.name === 'robustness')!.measured).toBe(false);
    expect(robustness.measured).toBe(true);
    expect(robustness.score).toBeCloseTo(0.8, 12);
    // Triggering accuracy blends static (0.15) and Monte Carlo (0.6) per the seed table.
    const t = r.dimensions.find((d) => d.name === 'triggering_accuracy')!;
    const w = LAYER_BLEND.triggering_accuracy;
    const staticT = without.dimensions.find((d) => d.name === 'triggering_accuracy')!.score!;
    expect(t.layers).toEqual({ static: staticT, monte_carlo: 0.9 });
    expect(t.score).toBeCloseTo((w.static * staticT + w.monte_carlo * 0.9) / (w.static + w.monte_carlo), 9);
    expect(r.composite.score).not.toBeCloseTo(without.composite.score!, 3);
    // Output quality (no static share) is the fake layer's, and the coverage grows by its weight.
    expect(r.dimensions.find((d) => d.name === 'output_quality')!.score).toBeCloseTo(0.6, 12);
    expect(r.composite.coverage.share).toBeGreaterThan(without.composite.coverage.share);
    // robustness 0.05 + output quality 0.15 + triggering 0.25 of the composite's weight.
    expect(r.composite.coverage.byLayer.monte_carlo).toBeCloseTo(0.45, 9);
    expect(r.layers.map((l) => l.name)).toEqual(['static', 'monte_carlo']);
  });

  it('an entry whose wants() says no is reported not run with its reason', async () => {
    const refusing: Layer = {
      ...fakeMonteCarlo({ robustness: 1, output_quality: 1 }),
      wants: () => ({ reason: 'no agent runner configured' }),
    };
    const r = (await score([EXAMPLE], { depth: 'deep', layers: [...WITHOUT_MC, refusing] })).results[0]!;
    expect(r.layersRun).toEqual(['static']);
    expect(r.layersNotRun).toContainEqual({ name: 'monte_carlo', reason: 'no agent runner configured' });
    expect(r.dimensions.find((d) => d.name === 'robustness')!.measured).toBe(false);
  });

  it("a plugin runs the entry on every skill and merges with the entry's own rule", async () => {
    const seen: string[] = [];
    const layer = fakeMonteCarlo({ robustness: 0.7, output_quality: 0.5 }, seen);
    let merged = 0;
    const counting: Layer = {
      ...layer,
      mergePlugin: (perSkill, ctx) => ((merged = perSkill.length), layer.mergePlugin(perSkill, ctx)),
    };
    const r = (await score([PLUGIN], { depth: 'deep', layers: [...WITHOUT_MC, counting] })).results[0]!;
    expect(r.target.kind).toBe('plugin');
    expect(seen.length).toBeGreaterThan(1);
    expect(merged).toBe(seen.length);
    expect(r.dimensions.find((d) => d.name === 'robustness')!.score).toBeCloseTo(0.7, 12);
  });
});
