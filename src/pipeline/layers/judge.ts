/**
 * Layer 2, the LLM judge, as a table entry. The judge code (and the SDKs behind the provider) loads only when
 * the layer runs, so a static-only run never pays for it.
 */
import type { LayerOutput } from '../../model/layer-output.js';
import { JUDGED_DIMENSIONS, type DimensionName } from '../../model/dimensions.js';
import type { Layer, SkillLayerOutput } from './contract.js';
import { mergeLayerOutputs } from './merge.js';

/** The judged dimensions, from the dimension table: known without loading the judge. */
export const JUDGE_LAYER_DIMENSIONS: readonly DimensionName[] = JUDGED_DIMENSIONS;

export const NO_JUDGE_PROVIDER =
  'the LLM judge layer needs a model provider and none was given; dimensions it measures stay unmeasured';

export const JUDGE_LAYER: Layer = {
  name: 'judge',
  dimensions: JUDGE_LAYER_DIMENSIONS,
  wants: (plan, ctx) =>
    plan.judge !== null && ctx.providers.judge !== undefined ? true : { reason: NO_JUDGE_PROVIDER },
  async run(skill, { plan, run }) {
    const provider = run.providers.judge;
    const judge = plan.judge;
    if (provider === undefined || judge === null)
      throw new Error('the judge layer ran without a provider (wants() said no)');
    const { runJudgeLayer } = await import('../../judge/index.js');
    const layer = await runJudgeLayer(skill, {
      provider,
      model: judge.model,
      ...(judge.judgeModels.length > 0 ? { judgeModels: judge.judgeModels } : {}),
      judges: plan.samples.judge,
      ...(plan.budget.materialTokens !== null ? { budgetTokens: plan.budget.materialTokens } : {}),
      ...(run.signal ? { signal: run.signal } : {}),
    });
    // The plan names the provider and why it was chosen; the usage says so too.
    if (layer.usage) layer.usage = { ...layer.usage, provider: judge.provider };
    return layer;
  },
  mergePlugin: (perSkill) =>
    // Anti-patterns the judge reported (text addressed to it) name the skill's file.
    averageJudgeLayers(
      perSkill.map((s) => ({
        ...s,
        layer: { ...s.layer, antiPatterns: s.layer.antiPatterns.map((a) => ({ ...a, file: a.file ?? s.file })) },
      })),
    ),
};

/** The skills' judge layers as one plugin-level layer: the one merge rule every measuring layer uses (./merge.ts). */
export function averageJudgeLayers(judged: readonly Pick<SkillLayerOutput, 'skill' | 'layer'>[]): LayerOutput {
  return mergeLayerOutputs('judge', judged);
}
