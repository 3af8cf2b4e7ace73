/**
 * The judge layer end to end through the real SDK clients and the scripted model server: every
 * dimension measured, triggering F1 computed from routing decisions, invalid answers and provider
 * failures unmeasured (never a default score), fault tolerance, the response cache, and budget notes.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/providers/cache/store.js';
import { CancelledError } from '../../src/errors.js';
import { runJudgeLayer } from '../../src/judge/index.js';
import type { JudgeLayerOutput } from '../../src/judge/index.js';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { createProvider } from '../../src/providers/provider-stack.js';
import { createOpenAiCompatibleProvider } from '../../src/providers/openai-compatible.js';
import { ReliableProvider } from '../../src/providers/reliable.js';
import { selectProvider } from '../../src/providers/select.js';
import type { Provider } from '../../src/providers/types.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply } from '../support/model-server.js';
import { anthropicEnv, fastReliability, openaiEnv } from '../support/provider-fixtures.js';
import {
  CSV_NEAR_MISSES,
  CSV_SHOULD_TRIGGER,
  SCRIPTED_SCORES,
  judgeScript,
  loadFixture,
  schemaNameOf,
} from './judge-script.js';
import type { JudgeScriptOptions } from './judge-script.js';
import { tempTree } from '../support/tmp.js';

let server: ModelServer | undefined;
const tempRoot = tempTree('plugin-eval-judge-test-').root;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const csvScript = (overrides: Partial<JudgeScriptOptions> = {}): ReturnType<typeof judgeScript> =>
  judgeScript({
    candidate: 'csv-report',
    shouldTrigger: CSV_SHOULD_TRIGGER,
    nearMisses: CSV_NEAR_MISSES,
    score: (dimension) => SCRIPTED_SCORES[dimension] ?? 0,
    ...overrides,
  });

const anthropic = (s: ModelServer): Provider =>
  new ReliableProvider(createAnthropicProvider({ env: anthropicEnv(s) }), fastReliability());
/** What must not change between two runs of the same skill (timing aside). */
const stable = (out: JudgeLayerOutput): unknown => ({
  measurements: out.measurements,
  unmeasured: out.unmeasured,
  score: out.score,
  kappa: out.kappa,
});

describe('judge layer, end to end', () => {
  it('measures all five dimensions through the Anthropic SDK', async () => {
    server = await startModelServer(csvScript());
    const skill = await loadFixture('csv-report');
    const out = await runJudgeLayer(skill, { provider: anthropic(server), model: 'sonnet' });

    expect(out.name).toBe('judge');
    expect(out.unmeasured).toEqual({});
    expect(Object.keys(out.measurements).sort()).toEqual([
      'code_template_quality',
      'orchestration_fitness',
      'output_quality',
      'scope_calibration',
      'triggering_accuracy',
    ]);
    for (const [dimension, score] of Object.entries(SCRIPTED_SCORES)) {
      expect(out.measurements[dimension as keyof typeof out.measurements]?.score).toBe(score);
    }
    expect(out.measurements.output_quality?.evidence[0]).toMatch(/^simulated task 1: summarise a\.csv/);
    expect(out.measurements.orchestration_fitness?.evidence).toContain('suggestion: add an example report');
    // 1 call writes the ten requests, 10 routing calls, 4 rubric calls.
    expect(server.requests).toHaveLength(15);
    expect(out.usage).toMatchObject({
      provider: 'anthropic',
      models: ['claude-sonnet-5-5'],
      calls: 15,
      cachedCalls: 0,
    });
    expect(out.usage?.costUsd).toBeGreaterThan(0);
    expect(out.usage?.inputTokens).toBeGreaterThan(0);
    expect(out.judges).toBe(1);
    expect(out.kappa).toBeNull();
    expect(out.score).toBeGreaterThan(0);
    expect(out.antiPatterns).toEqual([]);
    expect(out.subScores).toEqual({});
    // The router sees the listing and the request, never the SKILL.md body.
    const routing = server.requests.filter((r) => schemaNameOf(r) === 'judge_trigger_decision');
    expect(routing).toHaveLength(10);
    for (const r of routing) expect(JSON.stringify(r.body)).not.toContain('def totals');
    // The rubric judges see SKILL.md and the reference file.
    const rubric = server.requests.find((r) => schemaNameOf(r) === 'judge_scope_calibration');
    expect(JSON.stringify(rubric?.body)).toContain('=== FILE: references/format.md ===');
  });

  it('computes triggering precision, recall and F1 from the routing decisions', async () => {
    server = await startModelServer(csvScript());
    const out = await runJudgeLayer(await loadFixture('csv-report'), {
      provider: anthropic(server),
      model: 'sonnet',
      dimensions: ['triggering_accuracy'],
    });
    const triggering = out.measurements.triggering_accuracy;
    // Scripted router: 4 of 5 should-trigger requests hit (tp 4, fn 1); 2 near misses share words (fp 2, tn 3).
    expect(triggering?.score).toBeCloseTo(8 / 11, 12);
    expect(triggering?.evidence[0]).toBe(
      'confusion over 10 requests (5 should trigger, 5 near misses): tp=4 fp=2 fn=1 tn=3',
    );
    expect(triggering?.evidence[1]).toBe('precision 0.667, recall 0.800, F1 0.727');
    expect(triggering?.evidence).toContain('missed: "What is in orders.csv?" -> router chose none');
    expect(triggering?.evidence).toContain(
      'false trigger: "Write a report on our incident last night" -> router chose csv-report',
    );
    expect(triggering?.ciLow).toBeLessThanOrEqual(8 / 11);
    expect(triggering?.ciHigh).toBeGreaterThanOrEqual(8 / 11);
    expect(out.usage?.calls).toBe(11);
  });

  it('works the same through the OpenAI-compatible SDK', async () => {
    server = await startModelServer(csvScript());
    const provider = new ReliableProvider(
      createOpenAiCompatibleProvider({ env: openaiEnv(server) }),
      fastReliability(),
    );
    const out = await runJudgeLayer(await loadFixture('csv-report'), { provider, model: 'local-judge' });
    expect(out.unmeasured).toEqual({});
    expect(out.measurements.triggering_accuracy?.score).toBeCloseTo(8 / 11, 12);
    expect(out.measurements.scope_calibration?.score).toBe(0.65);
    expect(server.requests.every((r) => r.api === 'openai')).toBe(true);
  });

  it('marks a dimension unmeasured when the answer stays invalid after the repair request', async () => {
    const invalid: Reply = { json: { verdict: 'great skill', score: 'high' } };
    server = await startModelServer(
      csvScript({ override: (name) => (name === 'judge_orchestration_fitness' ? invalid : undefined) }),
    );
    const out = await runJudgeLayer(await loadFixture('csv-report'), { provider: anthropic(server), model: 'sonnet' });
    expect(out.measurements.orchestration_fitness).toBeUndefined();
    expect(out.unmeasured.orchestration_fitness).toMatch(/gave no valid answer: reply does not match the schema/);
    expect(out.unmeasured.orchestration_fitness).toMatch(/after one repair request/);
    expect(server.requests.filter((r) => schemaNameOf(r) === 'judge_orchestration_fitness')).toHaveLength(2);
    expect(Object.keys(out.measurements)).toHaveLength(4);
  });

  it('a score outside [0, 1] is invalid, not clamped: one repair request, then not measured with the reason', async () => {
    server = await startModelServer(
      csvScript({ score: (dimension) => (dimension === 'scope_calibration' ? 1.7 : 0.5) }),
    );
    const out = await runJudgeLayer(await loadFixture('csv-report'), {
      provider: anthropic(server),
      model: 'sonnet',
      dimensions: ['scope_calibration'],
    });
    expect(out.measurements.scope_calibration).toBeUndefined();
    expect(out.unmeasured.scope_calibration).toMatch(/gave no valid answer: reply does not match the schema/);
    expect(out.unmeasured.scope_calibration).toMatch(/<=1/);
    expect(out.failed?.scope_calibration).toBe(out.unmeasured.scope_calibration);
    expect(server.requests.filter((r) => schemaNameOf(r) === 'judge_scope_calibration')).toHaveLength(2);
  });

  it('leaves triggering unmeasured when a routing answer stays invalid', async () => {
    server = await startModelServer(
      csvScript({
        override: (name, request) =>
          name === 'judge_trigger_decision' && JSON.stringify(request.body).includes('orders.csv')
            ? { json: { reasoning: 'no skill field' } }
            : undefined,
      }),
    );
    const out = await runJudgeLayer(await loadFixture('csv-report'), {
      provider: anthropic(server),
      model: 'sonnet',
      dimensions: ['triggering_accuracy'],
    });
    expect(out.measurements.triggering_accuracy).toBeUndefined();
    expect(out.unmeasured.triggering_accuracy).toMatch(
      /^routing request 5 got no valid answer from the sonnet judge: reply does not match the schema/,
    );
  });

  it("marks a dimension unmeasured on a provider failure, labelled as not the skill's fault", async () => {
    server = await startModelServer(
      csvScript({
        override: (name) =>
          name === 'judge_scope_calibration' ? { fault: 'status', status: 400, message: 'bad request' } : undefined,
      }),
    );
    const out = await runJudgeLayer(await loadFixture('csv-report'), { provider: anthropic(server), model: 'sonnet' });
    expect(out.unmeasured.scope_calibration).toMatch(
      /^provider failure \(not a property of the skill\): .*bad request/,
    );
    expect(Object.keys(out.measurements)).toHaveLength(4);
  });

  it('gives identical results with and without injected faults', async () => {
    server = await startModelServer(csvScript());
    const skill = await loadFixture('csv-report');
    const clean = await runJudgeLayer(skill, { provider: anthropic(server), model: 'sonnet' });
    const cleanRequests = server.requests.length;

    // Fault the first attempt of every other distinct request (by content), cycling through fault kinds.
    const faults: Reply[] = [
      { fault: 'status', status: 500 },
      { fault: 'status', status: 429, retryAfter: 0 },
      { fault: 'malformed' },
      { fault: 'cut' },
      { fault: 'reset' },
      { fault: 'status', status: 529 },
    ];
    const script = csvScript();
    const faulted = new Set<string>();
    let distinct = 0;
    let injected = 0;
    server.setScript((request) => {
      const key = JSON.stringify(request.body);
      if (!faulted.has(key)) {
        faulted.add(key);
        if (distinct++ % 2 === 0) return faults[injected++ % faults.length] as Reply;
      }
      return script(request);
    });
    server.requests.length = 0;
    const faulty = await runJudgeLayer(skill, { provider: anthropic(server), model: 'sonnet' });

    expect(injected).toBeGreaterThanOrEqual(7);
    expect(server.requests.length).toBe(cleanRequests + injected);
    expect(stable(faulty)).toEqual(stable(clean));
    expect(faulty.usage).toEqual(clean.usage);
  });

  it('serves a second run entirely from the response cache', async () => {
    server = await startModelServer(csvScript());
    const env = { ...anthropicEnv(server), PLUGIN_EVAL_CACHE_DIR: join(tempRoot, 'cache') };
    const skill = await loadFixture('csv-report');
    const run = async (): Promise<JudgeLayerOutput> => {
      const cache = await ResponseCache.open({ env });
      try {
        const provider = createProvider(selectProvider({ env }), { env, cache, reliability: fastReliability() });
        return await runJudgeLayer(skill, { provider, model: 'sonnet' });
      } finally {
        cache.close();
      }
    };
    const first = await run();
    expect(server.requests).toHaveLength(15);
    server.requests.length = 0;
    const second = await run();
    expect(server.requests).toHaveLength(0);
    expect(stable(second)).toEqual(stable(first));
    expect(second.usage).toMatchObject({ calls: 15, cachedCalls: 15, costUsd: 0, inputTokens: 0 });
  });

  it('cancellation rejects with CancelledError and sends nothing more', async () => {
    // Replies that would come only after the test's limit: the cancel, once the first call is out, must end the run.
    server = await startModelServer(csvScript({ delayMs: 600_000 }));
    const controller = new AbortController();
    void server.requestsReached(1).then(() => controller.abort());
    const run = runJudgeLayer(await loadFixture('csv-report'), {
      provider: anthropic(server),
      model: 'sonnet',
      signal: controller.signal,
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.length).toBeLessThanOrEqual(5); // the first wave only: no routing calls were sent
  });

  it('notes what the token budget left out', async () => {
    server = await startModelServer(csvScript());
    const skill = await loadFixture('csv-report');
    const out = await runJudgeLayer(skill, {
      provider: anthropic(server),
      model: 'sonnet',
      budgetTokens: 300,
      dimensions: ['scope_calibration'],
    });
    expect(out.notes).toContainEqual(
      expect.stringMatching(/budget of 300 tokens .* left out: .*references\/format\.md/),
    );
    expect(JSON.stringify(server.requests[0]?.body)).not.toContain('=== FILE: references/format.md');
  });
});
