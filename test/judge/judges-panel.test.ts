/** Several judges: independent samples of one model, and a panel of models; means, intervals and kappa. */
import { afterEach, describe, expect, it } from 'vitest';
import { runJudgeLayer } from '../../src/judge/index.js';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { ReliableProvider } from '../../src/providers/reliable.js';
import type { Provider } from '../../src/providers/types.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { anthropicEnv, fastReliability } from '../support/provider-fixtures.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, judgeScript, loadFixture } from './judge-script.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const anthropic = (s: ModelServer): Provider =>
  new ReliableProvider(createAnthropicProvider({ env: anthropicEnv(s) }), fastReliability());
const T_975_DF2 = 4.302652729911275; // scipy.stats.t.ppf(0.975, 2)

describe('several judges', () => {
  it('judges=3: three samples per dimension, their mean, a t-interval and kappa', async () => {
    // Each repeat of an identical request gets the next score, as three independent samples would.
    const ladder: Record<string, number[]> = {
      orchestration_fitness: [0.95, 0.85, 0.75],
      output_quality: [0.8, 0.8, 0.8],
      scope_calibration: [0.9, 0.6, 0.75],
      code_template_quality: [0.7, 0.72, 0.74],
    };
    server = await startModelServer(
      judgeScript({
        candidate: 'csv-report',
        shouldTrigger: CSV_SHOULD_TRIGGER,
        nearMisses: CSV_NEAR_MISSES,
        score: (dimension, _model, seen) => ladder[dimension]?.[seen] ?? 0,
      }),
    );
    const out = await runJudgeLayer(await loadFixture('csv-report'), {
      provider: anthropic(server),
      model: 'sonnet',
      judges: 3,
    });

    expect(out.judges).toBe(3);
    expect(server.requests).toHaveLength(45);
    expect(out.usage?.calls).toBe(45);
    const orchestration = out.measurements.orchestration_fitness;
    expect(orchestration?.score).toBeCloseTo(0.85, 12);
    const half = (T_975_DF2 * 0.1) / Math.sqrt(3);
    expect(orchestration?.ciLow).toBeCloseTo(0.85 - half, 9);
    expect(orchestration?.ciHigh).toBe(1); // 0.85 + 0.248 clipped to the scale
    expect(orchestration?.evidence[0]).toMatch(/^mean of 3 judges: 0\.850 \(sonnet#1 /);
    expect(orchestration?.evidence[1]).toMatch(/^95% t-interval across judges: /);
    // Identical samples: a zero-width interval at the mean.
    const output = out.measurements.output_quality;
    expect(output?.score).toBeCloseTo(0.8, 12);
    expect(output?.ciLow).toBeCloseTo(0.8, 12);
    expect(output?.ciHigh).toBeCloseTo(0.8, 12);
    expect(out.measurements.triggering_accuracy?.score).toBeCloseTo(8 / 11, 12);
    expect(out.kappa).not.toBeNull();
    expect(out.kappa as number).toBeGreaterThanOrEqual(-1);
    expect(out.kappa as number).toBeLessThanOrEqual(1);
    expect(out.agreement.pairs).toBe(3);
    expect(out.agreement.dimensions).toHaveLength(5);
    expect(out.notes).toContainEqual(
      expect.stringMatching(
        /^inter-judge agreement: Cohen's kappa -?\d\.\d{3} on A-F bands over 5 dimensions \(mean of 3 judge pairs\)$/,
      ),
    );
  });

  it('a panel of three models: exact kappa on A-F bands', async () => {
    const byModel: Record<string, Record<string, number>> = {
      'judge-a': {
        orchestration_fitness: 0.95,
        output_quality: 0.85,
        scope_calibration: 0.75,
        code_template_quality: 0.65,
      },
      'judge-b': {
        orchestration_fitness: 0.92,
        output_quality: 0.82,
        scope_calibration: 0.72,
        code_template_quality: 0.55,
      },
      'judge-c': {
        orchestration_fitness: 0.81,
        output_quality: 0.91,
        scope_calibration: 0.71,
        code_template_quality: 0.62,
      },
    };
    server = await startModelServer(
      judgeScript({
        candidate: 'csv-report',
        shouldTrigger: CSV_SHOULD_TRIGGER,
        nearMisses: CSV_NEAR_MISSES,
        score: (dimension, model) => byModel[model]?.[dimension] ?? 0,
      }),
    );
    const out = await runJudgeLayer(await loadFixture('csv-report'), {
      provider: anthropic(server),
      model: 'sonnet',
      judgeModels: ['judge-a', 'judge-b', 'judge-c'],
    });

    expect(out.judges).toBe(3);
    expect(out.usage?.models.sort()).toEqual(['judge-a', 'judge-b', 'judge-c']);
    expect(new Set(server.requests.map((r) => r.body.model))).toEqual(new Set(['judge-a', 'judge-b', 'judge-c']));
    // Bands (triggering C for all): a = C A B C D, b = C A B C F, c = C B A C D.
    // kappa(a,b) = 14/19, kappa(a,c) = 4/9, kappa(b,c) = 4/19; mean = 238/513.
    expect(out.kappa).toBeCloseTo(238 / 513, 12);
    expect(out.measurements.orchestration_fitness?.score).toBeCloseTo((0.95 + 0.92 + 0.81) / 3, 12);
    expect(out.measurements.orchestration_fitness?.evidence[0]).toBe(
      'mean of 3 judges: 0.893 (judge-a#1 0.950, judge-b#1 0.920, judge-c#1 0.810)',
    );
  });

  it('a judge that fails one dimension leaves the others to carry it, and says so', async () => {
    server = await startModelServer(
      judgeScript({
        candidate: 'csv-report',
        shouldTrigger: CSV_SHOULD_TRIGGER,
        nearMisses: CSV_NEAR_MISSES,
        score: (dimension, model) => (model === 'judge-b' && dimension === 'scope_calibration' ? Number.NaN : 0.8),
        override: (name, request) =>
          name === 'judge_scope_calibration' && request.body.model === 'judge-b'
            ? { json: { nonsense: true } }
            : undefined,
      }),
    );
    const out = await runJudgeLayer(await loadFixture('csv-report'), {
      provider: anthropic(server),
      model: 'sonnet',
      judgeModels: ['judge-a', 'judge-b'],
    });
    const scope = out.measurements.scope_calibration;
    expect(scope?.score).toBe(0.8);
    expect(scope?.evidence[0]).toMatch(
      /^only judge-a#1 of 2 judges answered; others: judge-b#1: the judge-b#1 judge gave no valid answer/,
    );
    // Kappa only over dimensions both judges measured.
    expect(out.agreement.dimensions).not.toContain('scope_calibration');
    expect(out.kappa).toBe(1);
  });
});
