/** Pure parts of issue 7 item 1: the plugin average's coverage, the result's measurement status, the exit code. */
import { describe, expect, it } from 'vitest';
import { averageJudgeLayers } from '../src/api/score.js';
import { exitCode } from '../src/cli/commands/score.js';
import { EXIT } from '../src/cli/exit-codes.js';
import type { LayerOutput } from '../src/model/layer-output.js';
import { REPORTERS } from '../src/reporters/index.js';
import { buildResult, measurementOf } from '../src/score/build-result.js';

const judgeLayer = (parts: Partial<LayerOutput>): LayerOutput => ({
  name: 'judge',
  score: 0.5,
  durationMs: 1,
  measurements: {},
  unmeasured: {},
  antiPatterns: [],
  subScores: {},
  ...parts,
});
const staticLayer: LayerOutput = {
  name: 'static',
  score: 0.8,
  durationMs: 1,
  antiPatterns: [],
  subScores: {},
  unmeasured: {},
  measurements: {
    triggering_accuracy: { score: 0.9, evidence: [] },
    orchestration_fitness: { score: 0.9, evidence: [] },
  },
};

describe('plugin judge average', () => {
  const a = judgeLayer({
    measurements: {
      scope_calibration: { score: 0.6, evidence: [] },
      code_template_quality: { score: 0.9, evidence: [] },
    },
  });
  const b = judgeLayer({
    unmeasured: { scope_calibration: 'invalid reply', code_template_quality: 'no code to judge' },
    failed: { scope_calibration: 'invalid reply' },
  });
  const avg = averageJudgeLayers([
    { skill: 'alpha', layer: a },
    { skill: 'beta', layer: b },
  ]);

  it('names the coverage of every judged dimension; a failed skill is a gap, a skill it does not apply to is not', () => {
    expect(avg.measurements.scope_calibration).toEqual({
      score: 0.6,
      evidence: ['mean over 1 of 2 skills; not measured for beta: invalid reply'],
    });
    expect(avg.measurements.code_template_quality?.evidence).toEqual([
      'mean over 1 of 2 skills; not applicable for beta: no code to judge',
    ]);
    expect(avg.failed).toEqual({ scope_calibration: '1 of 2 skills; not measured for beta: invalid reply' });
  });

  it('a dimension no skill measured because every judge failed is unmeasured and a gap', () => {
    const c = judgeLayer({ unmeasured: { output_quality: 'HTTP 500' }, failed: { output_quality: 'HTTP 500' } });
    const both = averageJudgeLayers([
      { skill: 'a', layer: c },
      { skill: 'b', layer: c },
    ]);
    expect(both.measurements.output_quality).toBeUndefined();
    expect(both.unmeasured.output_quality).toBe('0 of 2 skills; not measured for a: HTTP 500; b: HTTP 500');
    expect(measurementOf([both])).toEqual({
      status: 'partial',
      gaps: [{ layer: 'judge', dimension: 'output_quality', measured: false, reason: both.failed!.output_quality }],
    });
  });
});

describe('result measurement', () => {
  const result = (judge: LayerOutput) =>
    buildResult({
      target: { path: 'x', kind: 'skill', name: 'x' },
      methodology: 'default',
      depth: 'standard',
      layers: [staticLayer, judge],
      layersNotRun: [],
      penalty: 1,
      antiPatterns: [],
      diagnostics: [],
      durationMs: 1,
    });

  it('complete: every layer measured what it set out to', () => {
    const r = result(judgeLayer({ measurements: { orchestration_fitness: { score: 0.95, evidence: [] } } }));
    expect(r.measurement).toEqual({ status: 'complete', gaps: [] });
    expect(r.composite.confidenceLabel).toBe('Assessed');
    // Only coverage (45% here) withholds the badge; a complete measurement adds no reason of its own.
    expect(r.composite.badgeDecision.reasons).toEqual(['coverage 45% is below the 50% a badge needs']);
  });

  it('partial: the failed dimension is scored from the static layer alone, says so, and earns no badge', () => {
    const r = result(
      judgeLayer({
        measurements: { scope_calibration: { score: 0.9, evidence: [] } },
        unmeasured: { orchestration_fitness: 'invalid reply' },
        failed: { orchestration_fitness: 'invalid reply' },
      }),
    );
    expect(r.measurement.status).toBe('partial');
    const o = r.dimensions.find((d) => d.name === 'orchestration_fitness')!;
    expect(o.layers).toEqual({ static: 0.9 });
    expect(o.notMeasuredBy).toEqual({ judge: 'invalid reply' });
    expect(o.evidence).toContain('not measured by judge: invalid reply');
    expect(r.composite.badge).toBe('none');
  });

  it('a judge that measured nothing is not run and not Assessed', () => {
    const r = result(
      judgeLayer({ unmeasured: { orchestration_fitness: 'x' }, failed: { orchestration_fitness: 'x' } }),
    );
    expect(r.layersRun).toEqual(['static']);
    expect(r.composite.confidenceLabel).toBe('Estimated');
  });
});

describe('exit code', () => {
  const base = { failures: 0, belowThreshold: false, withErrors: false, methodology: 'default' as const };
  it('partial wins over a threshold or errors, unusable input wins over partial', () => {
    expect(exitCode({ ...base, partial: true })).toBe(EXIT.NOT_MEASURED);
    expect(exitCode({ ...base, partial: true, belowThreshold: true, withErrors: true })).toBe(EXIT.NOT_MEASURED);
    expect(exitCode({ ...base, partial: true, failures: 1 })).toBe(EXIT.INPUT);
    expect(exitCode({ ...base, belowThreshold: true })).toBe(EXIT.FAILED);
    expect(exitCode(base)).toBe(EXIT.OK);
  });
});

describe('Certified only when Monte Carlo measured a complete result', () => {
  const monteCarlo: LayerOutput = {
    ...judgeLayer({ measurements: { robustness: { score: 0.8, evidence: [] } } }),
    name: 'monte_carlo',
  };
  const deep = (judge: LayerOutput) =>
    buildResult({
      target: { path: 'x', kind: 'skill', name: 'x' },
      methodology: 'default',
      depth: 'deep',
      layers: [staticLayer, judge, monteCarlo],
      layersNotRun: [],
      penalty: 1,
      antiPatterns: [],
      diagnostics: [],
      durationMs: 1,
    });
  const opts = { color: false, width: 100, format: 'native' as const, toolVersion: 'test' };

  it('a complete deep result is Certified', () => {
    const r = deep(judgeLayer({ measurements: { scope_calibration: { score: 0.9, evidence: [] } } }));
    expect(r.composite.confidenceLabel).toBe('Certified');
    expect(REPORTERS.text([r], opts)).toContain('Certified confidence');
  });

  it('a partial deep result gets no badge and no report says Certified', () => {
    const r = deep(
      judgeLayer({
        measurements: { scope_calibration: { score: 0.9, evidence: [] } },
        failed: { orchestration_fitness: 'invalid reply' },
        unmeasured: { orchestration_fitness: 'invalid reply' },
      }),
    );
    expect(r.measurement.status).toBe('partial');
    expect(r.layersRun).toContain('monte_carlo');
    expect(r.composite.badge).toBe('none');
    expect(r.composite.confidenceLabel).toBe('Assessed');
    for (const name of ['text', 'markdown', 'html', 'json'] as const)
      expect(REPORTERS[name]([r], opts)).not.toContain('Certified');
  });
});
