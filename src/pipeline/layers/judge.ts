/**
 * Layer 2, the LLM judge, as a table entry. The judge code (and the SDKs behind the provider) loads only when
 * the layer runs, so a static-only run never pays for it.
 */
import type { LayerOutput } from '../../layers/types.js';
import type { DimensionName } from '../../model/dimensions.js';
import { totalUsage } from '../../score/build-result.js';
import type { Layer, SkillLayerOutput } from '../layer.js';

/** The judged dimensions (src/judge/registry.ts; a test keeps the two lists equal without loading the judge here). */
export const JUDGE_LAYER_DIMENSIONS: readonly DimensionName[] = ['triggering_accuracy', 'orchestration_fitness', 'output_quality', 'scope_calibration', 'code_template_quality'];

export const NO_JUDGE_PROVIDER = 'the LLM judge layer needs a model provider and none was given; dimensions it measures stay unmeasured';

export const JUDGE_LAYER: Layer = {
  name: 'judge',
  dimensions: JUDGE_LAYER_DIMENSIONS,
  wants: (plan, ctx) => (plan.judge !== null && ctx.providers.judge !== undefined ? true : { reason: NO_JUDGE_PROVIDER }),
  async run(skill, { plan, run }) {
    const provider = run.providers.judge;
    const judge = plan.judge;
    if (provider === undefined || judge === null) throw new Error('the judge layer ran without a provider (wants() said no)');
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
    averageJudgeLayers(perSkill.map((s) => ({ ...s, layer: { ...s.layer, antiPatterns: s.layer.antiPatterns.map((a) => ({ ...a, file: a.file ?? s.file })) } }))),
};

/**
 * Average the skills' judge layers into one plugin-level layer. Each judged dimension is the mean over the
 * skills that measured it, and says how many of the plugin's skills that is ("3 of 4 skills; not measured
 * for X: reason"). A skill whose judge failed on a dimension never drops out silently: the dimension is
 * listed in `failed` (the result is partial). Skills the dimension does not apply to (no code to judge)
 * are named but are not a failure.
 */
export function averageJudgeLayers(judged: readonly Pick<SkillLayerOutput, 'skill' | 'layer'>[]): LayerOutput {
  const measurements: LayerOutput['measurements'] = {};
  const unmeasured: LayerOutput['unmeasured'] = {};
  const failed: NonNullable<LayerOutput['failed']> = {};
  const layers = judged.map((j) => j.layer);
  const dims = new Set(layers.flatMap((l) => [...Object.keys(l.measurements), ...Object.keys(l.unmeasured)])) as Set<keyof LayerOutput['measurements']>;
  for (const d of dims) {
    const got = judged.filter((j) => j.layer.measurements[d] !== undefined);
    const failures = judged.filter((j) => j.layer.failed?.[d] !== undefined).map((j) => `${j.skill}: ${j.layer.failed?.[d]}`);
    const notApplicable = judged
      .filter((j) => j.layer.measurements[d] === undefined && j.layer.failed?.[d] === undefined)
      .map((j) => `${j.skill}: ${j.layer.unmeasured[d] ?? 'not measured'}`);
    const coverage = [
      `${got.length} of ${judged.length} skill${judged.length === 1 ? '' : 's'}`,
      ...(failures.length > 0 ? [`not measured for ${failures.join('; ')}`] : []),
      ...(notApplicable.length > 0 ? [`not applicable for ${notApplicable.join('; ')}`] : []),
    ].join('; ');
    if (failures.length > 0) failed[d] = coverage;
    if (got.length === 0) {
      unmeasured[d] = judged.length === 1 ? (layers[0]?.unmeasured[d] ?? 'not measured') : coverage;
      continue;
    }
    const scores = got.map((j) => j.layer.measurements[d]!.score);
    measurements[d] = { score: scores.reduce((a, b) => a + b, 0) / scores.length, evidence: [`mean over ${coverage}`] };
  }
  const usage = totalUsage(layers);
  return {
    name: 'judge',
    score: layers.reduce((a, l) => a + l.score, 0) / Math.max(1, layers.length),
    durationMs: layers.reduce((a, l) => a + l.durationMs, 0),
    measurements,
    unmeasured,
    failed,
    antiPatterns: layers.flatMap((l) => l.antiPatterns),
    subScores: {},
    ...(usage ? { usage } : {}),
    notes: layers.flatMap((l) => l.notes ?? []),
  };
}
