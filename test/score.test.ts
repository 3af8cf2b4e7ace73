import { describe, expect, it } from 'vitest';
import type { LayerOutput } from '../src/model/layer-output.js';
import { DIMENSIONS, DIMENSION_WEIGHTS, LAYER_BLEND } from '../src/model/dimensions.js';
import { confidenceLabel } from '../src/score/build-result.js';
import { compositeOf } from '../src/score/composite.js';
import { antiPatternPenalty } from '../src/model/anti-pattern-penalty.js';
import { badgeFor, pluginEvalGrade, seedGrade } from '../src/score/grades.js';

const layer = (
  name: LayerOutput['name'],
  scores: Partial<Record<(typeof DIMENSIONS)[number], number>>,
  ci?: [number, number],
): LayerOutput => ({
  name,
  score: 0,
  durationMs: 0,
  measurements: Object.fromEntries(
    Object.entries(scores).map(([d, s]) => [
      d,
      { score: s, evidence: [], ...(ci ? { ciLow: ci[0], ciHigh: ci[1] } : {}) },
    ]),
  ),
  unmeasured: {},
  antiPatterns: [],
  subScores: {},
});

describe('weights and tables', () => {
  it('dimension weights sum to 1 and every blend row sums to 1', () => {
    expect(Object.values(DIMENSION_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    for (const d of DIMENSIONS) expect(Object.values(LAYER_BLEND[d]).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe('compositeOf', () => {
  it("quick depth: static only, renormalised over the six measured dimensions (the seed's effective weights)", () => {
    const c = compositeOf(
      [
        layer('static', {
          triggering_accuracy: 1,
          orchestration_fitness: 0,
          progressive_disclosure: 0,
          token_efficiency: 0,
          structural_completeness: 0,
          ecosystem_coherence: 0,
        }),
      ],
      1,
    );
    // The default arithmetic settles composites at 1e-7 (0-100) and dimension scores at 1e-9 (0-1).
    expect(c.score).toBeCloseTo((0.25 / 0.66) * 100, 6);
    const eff = Object.fromEntries(c.dimensions.map((d) => [d.name, d.effectiveWeight]));
    expect(eff.triggering_accuracy).toBeCloseTo(0.379, 3);
    expect(eff.orchestration_fitness).toBeCloseTo(0.303, 3);
    expect(eff.output_quality).toBe(0);
    expect(c.dimensions.find((d) => d.name === 'output_quality')!.measured).toBe(false);
  });

  it('blends layers per the seed table, renormalised over the layers that ran', () => {
    const c = compositeOf(
      [layer('static', { triggering_accuracy: 0.4 }), layer('judge', { triggering_accuracy: 0.8 })],
      1,
    );
    const t = c.dimensions.find((d) => d.name === 'triggering_accuracy')!;
    expect(t.score).toBeCloseTo((0.15 * 0.4 + 0.25 * 0.8) / 0.4, 12);
    expect(t.layers).toEqual({ static: 0.4, judge: 0.8 });
    // A layer whose blend weight is 0 for a dimension does not measure it (output_quality has no static share).
    const o = compositeOf([layer('static', { output_quality: 0.9 })], 1);
    expect(o.dimensions.find((d) => d.name === 'output_quality')!.measured).toBe(false);
  });

  it('maps an interval on one layer through the linear blend', () => {
    const c = compositeOf(
      [layer('static', { scope_calibration: 0.5 }), layer('judge', { scope_calibration: 0.7 }, [0.6, 0.8])],
      1,
    );
    const s = c.dimensions.find((d) => d.name === 'scope_calibration')!;
    expect(s.ciLow).toBeCloseTo((0.3 * 0.5 + 0.55 * 0.6) / 0.85, 8);
    expect(s.ciHigh).toBeCloseTo((0.3 * 0.5 + 0.55 * 0.8) / 0.85, 8);
  });

  it('gives the composite an interval when a dimension has one', () => {
    const c = compositeOf(
      [layer('static', { orchestration_fitness: 0.5 }), layer('judge', { output_quality: 0.6 }, [0.4, 0.8])],
      0.95,
    );
    const w = { o: 0.2 / 0.35, q: 0.15 / 0.35 };
    const orch = c.dimensions.find((d) => d.name === 'orchestration_fitness')!.score!;
    expect(c.ciLow).toBeCloseTo((w.o * orch + w.q * 0.4) * 100 * 0.95, 6);
    expect(c.ciHigh).toBeCloseTo((w.o * orch + w.q * 0.8) * 100 * 0.95, 6);
    expect(c.ciLow! <= c.score && c.score <= c.ciHigh!).toBe(true);
    expect(compositeOf([layer('static', { orchestration_fitness: 0.5 })], 1).ciLow).toBeNull();
  });

  it('applies the penalty multiplicatively', () => {
    const scores = { triggering_accuracy: 0.8, orchestration_fitness: 0.8 };
    expect(compositeOf([layer('static', scores)], 0.9).score).toBeCloseTo(72, 10);
  });
});

describe('grades, badges, penalty, confidence', () => {
  it.each([
    [0.95, 'A'],
    [0.9, 'A'],
    [0.899, 'B'],
    [0.8, 'B'],
    [0.7, 'C'],
    [0.6, 'D'],
    [0.599, 'F'],
    [0, 'F'],
  ])('seed grade of %s is %s', (s, g) => expect(seedGrade(s)).toBe(g));

  it.each([
    [97, 'A+'],
    [93.5, 'A'],
    [90, 'A-'],
    [71.5, 'C-'],
    [61.9, 'D-'],
    [59.99, 'F'],
  ])('PluginEval grade of %s is %s', (s, g) => expect(pluginEvalGrade(s)).toBe(g));

  it.each([
    [96.6, undefined, 'platinum'],
    [90, null, 'platinum'],
    [89.99, undefined, 'gold'],
    [70, undefined, 'silver'],
    [60, undefined, 'bronze'],
    [59.9, undefined, 'none'],
    [95, 1550, 'gold'],
    [95, 1350, 'bronze'],
    [95, 1200, 'none'],
    [75, 1700, 'silver'],
  ])('badge for composite %s with Elo %s is %s', (c, elo, b) => expect(badgeFor(c, elo)).toBe(b));

  it.each([
    [0, 1],
    [1, 0.95],
    [5, 0.75],
    [10, 0.5],
    [30, 0.5],
  ])('penalty for %s instances is %s', (n, p) => expect(antiPatternPenalty(n)).toBeCloseTo(p, 12));

  it('confidence label reflects the layers that ran, not the depth asked for', () => {
    expect(confidenceLabel('standard', ['static'])).toBe('Estimated');
    expect(confidenceLabel('standard', ['static', 'judge'])).toBe('Assessed');
    expect(confidenceLabel('deep', ['static', 'judge', 'monte_carlo'])).toBe('Certified');
    expect(confidenceLabel('thorough', ['static', 'judge', 'monte_carlo'])).toBe('Certified+');
  });
});
