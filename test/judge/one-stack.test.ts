/**
 * One judge stack: the judge layer and the toolkit share one usage ledger (unpriced models: cost null,
 * never $0; cache hits: tokens reported as cached, not charged), one prompt-versioning rule (content
 * hashes) and one rubric renderer. Model calls go through the real Anthropic SDK client to the scripted
 * model server on 127.0.0.1, and through the real response cache.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { completionCacheKey } from '../../src/providers/cache/cached-provider.js';
import { ResponseCache } from '../../src/providers/cache/store.js';
import { JUDGE_DIMENSIONS, runJudgeLayer } from '../../src/judge/index.js';
import type { JudgeContext } from '../../src/judge/index.js';
import { rubricDimension, rubricText } from '../../src/judge/rubric-judge.js';
import { SCOPE_CALIBRATION_RUBRIC } from '../../src/judge/dimensions/scope-calibration.js';
import { anchoredRubric, rubricAnchors } from '../../src/judge/rubrics.js';
import { collectSkillMaterial } from '../../src/judge/material.js';
import { wrapUntrusted } from '../../src/judge/envelope.js';
import {
  DirectScoreResult,
  PanelResult,
  Rubric as ToolkitRubric,
  normalise,
  renderText,
  scoreDirect,
  scorePanel,
} from '../../src/judge/kit/index.js';
import { renderRubric } from '../../src/judge/kit/prompts.js';
import { createProvider } from '../../src/providers/provider-stack.js';
import { createOpenAiCompatibleProvider } from '../../src/providers/index.js';
import { selectProvider } from '../../src/providers/select.js';
import type { CompletionRequest, CompletionResult, Provider } from '../../src/providers/types.js';
import { totalUsage } from '../../src/score/build-result.js';
import { layerSummaries } from '../../src/reporters/shared.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { anthropicEnv, fastReliability, openaiEnv } from '../support/provider-fixtures.js';
import { judgeScript as toolkitScript } from '../judgekit/fake-judge.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, SCRIPTED_SCORES, judgeScript, loadFixture } from './judge-script.js';
import { tempTree } from '../support/tmp.js';

/** A model id with no row in the price table (a local or private deployment). */
const UNPRICED_MODEL = 'acme-local-judge-1';

let server: ModelServer | undefined;
const tempRoot = tempTree('plugin-eval-one-stack-').root;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A cache-backed provider stack exactly as the CLI assembles it, for one run. */
async function withCachedProvider<T>(
  s: ModelServer,
  cacheName: string,
  run: (provider: Provider) => Promise<T>,
): Promise<T> {
  const env = { ...anthropicEnv(s), PLUGIN_EVAL_CACHE_DIR: join(tempRoot, cacheName) };
  const cache = await ResponseCache.open({ env });
  try {
    return await run(createProvider(selectProvider({ env }), { env, cache, reliability: fastReliability() }));
  } finally {
    cache.close();
  }
}

describe('one usage ledger: the judge layer', () => {
  it('an unpriced model is reported as unpriced (cost null), and a cached re-run is free with its tokens shown as cached', async () => {
    server = await startModelServer(
      judgeScript({
        candidate: 'csv-report',
        shouldTrigger: CSV_SHOULD_TRIGGER,
        nearMisses: CSV_NEAR_MISSES,
        score: (d) => SCRIPTED_SCORES[d] ?? 0,
      }),
    );
    const skill = await loadFixture('csv-report');
    const first = await withCachedProvider(server, 'layer', (provider) =>
      runJudgeLayer(skill, { provider, model: UNPRICED_MODEL }),
    );
    expect(server.requests).toHaveLength(15);
    expect(first.usage).toMatchObject({
      models: [UNPRICED_MODEL],
      calls: 15,
      cachedCalls: 0,
      unpricedCalls: 15,
      costUsd: null,
      cachedInputTokens: 0,
    });
    expect(first.usage?.inputTokens).toBeGreaterThan(0);
    expect(first.notes).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `15 call\\(s\\) used a model without a price \\(${UNPRICED_MODEL}\\): cost unknown, reported as unpriced`,
        ),
      ),
    );
    // Every output: the per-layer line of the text, Markdown and HTML reports, and the run's total.
    const layerResult = {
      name: 'judge' as const,
      score: first.score,
      durationMs: 1,
      dimensionsMeasured: [],
      subScores: {},
      antiPatterns: [],
      usage: first.usage,
    };
    expect(layerSummaries({ layers: [layerResult] } as never)[0]).toContain(
      'unpriced (15 call(s) to a model without a price)',
    );
    expect(totalUsage([first])?.costUsd).toBeNull();

    server.requests.length = 0;
    const second = await withCachedProvider(server, 'layer', (provider) =>
      runJudgeLayer(skill, { provider, model: UNPRICED_MODEL }),
    );
    expect(server.requests).toHaveLength(0);
    const paid = first.usage!;
    // Nothing was charged, so nothing is unpriced: the cost of a run served from the cache is a known 0.
    expect(second.usage).toMatchObject({
      calls: 15,
      cachedCalls: 15,
      unpricedCalls: 0,
      costUsd: 0,
      inputTokens: 0,
      outputTokens: 0,
      cachedInputTokens: paid.inputTokens + paid.cacheReadTokens + paid.cacheWriteTokens,
      cachedOutputTokens: paid.outputTokens,
    });
    expect(second.measurements).toEqual(first.measurements);
  });
});

describe('one usage ledger: the toolkit', () => {
  const criteria = [{ name: 'accuracy', weight: 1 }];
  const item = { prompt: 'Explain TCP slow start.', response: 'It doubles cwnd each RTT. [accuracy=4]' };

  it('direct scoring with an unpriced model: cost null in the JSON and "unpriced" in the text; cached: not charged', async () => {
    server = await startModelServer(toolkitScript());
    const first = await withCachedProvider(server, 'toolkit', (provider) =>
      scoreDirect(provider, item, { model: UNPRICED_MODEL, criteria }),
    );
    expect(DirectScoreResult.parse(first)).toEqual(first);
    expect(first.cost).toMatchObject({ calls: 1, cachedCalls: 0, unpricedCalls: 1, costUsd: null });
    expect(first.cost.inputTokens).toBeGreaterThan(0);
    expect(renderText(first)).toMatch(/cost unpriced \(1 call\(s\) to a model without a price\)/);

    const second = await withCachedProvider(server, 'toolkit', (provider) =>
      scoreDirect(provider, item, { model: UNPRICED_MODEL, criteria }),
    );
    expect(server.requests).toHaveLength(1);
    expect(second.cost).toMatchObject({
      calls: 1,
      cachedCalls: 1,
      unpricedCalls: 0,
      costUsd: 0,
      inputTokens: 0,
      outputTokens: 0,
      cachedInputTokens: first.cost.inputTokens + first.cost.cacheReadTokens + first.cost.cacheWriteTokens,
      cachedOutputTokens: first.cost.outputTokens,
    });
    expect(renderText(second)).toMatch(
      /1 from cache; 0 input \/ 0 output tokens \(\+ \d+ \/ \d+ cached, not charged\); cost \$0\.0000/,
    );
    expect(second.weightedScore).toBe(first.weightedScore);
  });

  it('a panel with one unpriced judge (OpenAI-compatible client): that judge and the panel total are unpriced, the priced judge is not', async () => {
    server = await startModelServer(toolkitScript());
    const provider = createOpenAiCompatibleProvider({ env: openaiEnv(server) });
    const panel = await scorePanel(
      [
        { provider, model: 'gpt-5-mini' },
        { provider, model: UNPRICED_MODEL },
      ],
      item,
      { criteria },
    );
    expect(PanelResult.parse(panel)).toEqual(panel);
    const [priced, unpriced] = panel.judges;
    // gpt-5-mini: $0.25 / $2 per million input / output tokens
    expect(priced?.cost.costUsd).toBeCloseTo(
      ((priced?.cost.inputTokens ?? 0) * 0.25 + (priced?.cost.outputTokens ?? 0) * 2) / 1e6,
      12,
    );
    expect(unpriced?.cost).toMatchObject({ costUsd: null, unpricedCalls: 1 });
    expect(panel.cost).toMatchObject({ calls: 2, unpricedCalls: 1, costUsd: null });
    expect(panel.cost.inputTokens).toBe((priced?.cost.inputTokens ?? 0) + (unpriced?.cost.inputTokens ?? 0));
    expect(renderText(panel)).toMatch(
      /^Usage: 2 call\(s\), 0 from cache; .*cost unpriced \(1 call\(s\) to a model without a price\)$/m,
    );
  });

  it('a priced model is charged in both stacks by the same table', async () => {
    server = await startModelServer(toolkitScript());
    const result = await withCachedProvider(server, 'priced', (provider) =>
      scoreDirect(provider, item, { model: 'sonnet', criteria }),
    );
    // claude-sonnet-5-5: $2 / $10 per million input / output tokens
    expect(result.cost.costUsd).toBeCloseTo((result.cost.inputTokens * 2 + result.cost.outputTokens * 10) / 1e6, 12);
    expect(result.cost.unpricedCalls).toBe(0);
  });
});

describe('prompt versions are content hashes', () => {
  it('every judged dimension reports <dimension>@<12 hex digits>, all distinct', () => {
    for (const d of JUDGE_DIMENSIONS) expect(d.promptVersion).toMatch(new RegExp(`^${d.dimension}@[0-9a-f]{12}$`));
    expect(new Set(JUDGE_DIMENSIONS.map((d) => d.promptVersion)).size).toBe(JUDGE_DIMENSIONS.length);
  });

  it('a changed rubric is a new version and a new cache key (no stale answer), an unchanged one is neither', async () => {
    const skill = await loadFixture('csv-report');
    const material = await collectSkillMaterial(skill, 24_000);
    const requestOf = async (dimension: ReturnType<typeof rubricDimension>): Promise<CompletionRequest<unknown>> => {
      let sent: CompletionRequest<unknown> | undefined;
      const ctx: JudgeContext = {
        skill,
        material,
        wrappedSkill: wrapUntrusted('SKILL', material.text),
        signal: undefined,
        sample: { model: 'sonnet', sampleIndex: 0, temperature: 0, label: 'sonnet' },
        complete: async <T>(
          request: Omit<CompletionRequest<T>, 'model' | 'sampleIndex' | 'temperature' | 'signal'>,
        ) => {
          sent = { ...request, model: 'sonnet' } as CompletionRequest<unknown>;
          return { ok: false, reason: 'not sent' } as unknown as CompletionResult<T>;
        },
      };
      await dimension.judge(ctx);
      if (sent === undefined) throw new Error('no request');
      return sent;
    };
    const original = rubricDimension({ dimension: 'scope_calibration', rubric: SCOPE_CALIBRATION_RUBRIC });
    const again = rubricDimension({ dimension: 'scope_calibration', rubric: SCOPE_CALIBRATION_RUBRIC });
    const reworded = rubricDimension({
      dimension: 'scope_calibration',
      rubric: {
        ...SCOPE_CALIBRATION_RUBRIC,
        levels: SCOPE_CALIBRATION_RUBRIC.levels.map((l, i) =>
          i === 0 ? { ...l, description: `${l.description} Truly.` } : l,
        ),
      },
    });
    expect(again.promptVersion).toBe(original.promptVersion);
    expect(reworded.promptVersion).not.toBe(original.promptVersion);
    const key = async (d: ReturnType<typeof rubricDimension>): Promise<string> =>
      completionCacheKey('anthropic', await requestOf(d));
    expect(await key(again)).toBe(await key(original));
    expect(await key(reworded)).not.toBe(await key(original));
  });
});

describe("the judge layer's rubrics are toolkit rubrics", () => {
  it.each(JUDGE_DIMENSIONS.map((d) => [d.dimension, d] as const))(
    '%s: a valid toolkit rubric whose normalised levels are the anchors',
    (_name, d) => {
      const rubric = d.rubric;
      expect(ToolkitRubric.parse(rubric)).toEqual(rubric);
      // The label each level shows the judge is the anchor's score, and the toolkit normalises the level to exactly
      // that.
      expect(rubric.levels.map((l) => normalise(l.score, rubric.scale.max))).toEqual(
        rubric.levels.map((l) => Number(l.label)),
      );
      expect(rubricAnchors(rubric).map((a) => a.score)).toEqual(rubric.levels.map((l) => Number(l.label)));
    },
  );

  it('unevenly spaced anchors are refused (they would not normalise to their scores)', () => {
    const bad = {
      ...SCOPE_CALIBRATION_RUBRIC,
      anchors: rubricAnchors(SCOPE_CALIBRATION_RUBRIC).map((a) => (a.score === 0.25 ? { ...a, score: 0.3 } : a)),
    };
    expect(() => anchoredRubric(bad)).toThrow(/anchor 0.3 is not at 1\/4/);
  });

  it("one renderer: the layer's prompt shows the anchors on 0-1, the toolkit's the 1-5 levels, same layout", () => {
    const layer = rubricText(SCOPE_CALIBRATION_RUBRIC);
    const toolkit = renderRubric(SCOPE_CALIBRATION_RUBRIC);
    expect(layer).toMatch(/^Dimension: Scope calibration\nQuestion: .*\nRubric:\n- 0\.00: No usable scope/);
    expect(layer).toContain('- 1.00: Exactly right for its category');
    expect(toolkit).toMatch(/^Rubric:\n- 1 \(0\.00\): No usable scope/);
    expect(toolkit).toContain('- 5 (1.00): Exactly right for its category');
    for (const text of [layer, toolkit])
      expect(text).toContain(`Scoring guidelines:\n- ${SCOPE_CALIBRATION_RUBRIC.scoringGuidelines[0]}`);
  });
});
