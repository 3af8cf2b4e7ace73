/**
 * A plugin's layer output from its skills' outputs, for any measuring layer: each dimension is the mean over
 * the skills that measured it and says how many of the plugin's skills that is. A skill whose layer failed on
 * a dimension never drops out silently: the dimension is listed in `failed` (the result is partial). Skills the
 * dimension does not apply to are named but are not a failure.
 */
import type { LayerOutput } from '../../model/layer-output.js';
import type { LayerName } from '../../model/dimensions.js';
import { totalUsage } from '../../score/build-result.js';
import type { SkillLayerOutput } from './contract.js';

export function mergeLayerOutputs(
  name: LayerName,
  perSkill: readonly Pick<SkillLayerOutput, 'skill' | 'layer'>[],
): LayerOutput {
  const measurements: LayerOutput['measurements'] = {};
  const unmeasured: LayerOutput['unmeasured'] = {};
  const failed: NonNullable<LayerOutput['failed']> = {};
  const layers = perSkill.map((j) => j.layer);
  const dims = new Set(
    layers.flatMap((l) => [
      ...Object.keys(l.measurements),
      ...Object.keys(l.unmeasured),
      ...Object.keys(l.failed ?? {}),
    ]),
  ) as Set<keyof LayerOutput['measurements']>;
  for (const d of dims) {
    const got = perSkill.filter((j) => j.layer.measurements[d] !== undefined);
    const failures = perSkill
      .filter((j) => j.layer.failed?.[d] !== undefined)
      .map((j) => `${j.skill}: ${j.layer.failed?.[d]}`);
    const notApplicable = perSkill
      .filter((j) => j.layer.measurements[d] === undefined && j.layer.failed?.[d] === undefined)
      .map((j) => `${j.skill}: ${j.layer.unmeasured[d] ?? 'not measured'}`);
    const coverage = [
      `${got.length} of ${perSkill.length} skill${perSkill.length === 1 ? '' : 's'}`,
      ...(failures.length > 0 ? [`not measured for ${failures.join('; ')}`] : []),
      ...(notApplicable.length > 0 ? [`not applicable for ${notApplicable.join('; ')}`] : []),
    ].join('; ');
    if (failures.length > 0) failed[d] = coverage;
    if (got.length === 0) {
      unmeasured[d] =
        perSkill.length === 1 ? (layers[0]?.unmeasured[d] ?? layers[0]?.failed?.[d] ?? 'not measured') : coverage;
      continue;
    }
    const scores = got.map((j) => j.layer.measurements[d]!.score);
    measurements[d] = { score: scores.reduce((a, b) => a + b, 0) / scores.length, evidence: [`mean over ${coverage}`] };
  }
  const usage = totalUsage(layers);
  // Each skill's Monte Carlo report names its skill, so a plugin's reports say whose runs they are.
  const reports = perSkill.flatMap((j) => (j.layer.monteCarlo ?? []).map((r) => ({ ...r, skill: r.skill ?? j.skill })));
  return {
    name,
    score: layers.reduce((a, l) => a + l.score, 0) / Math.max(1, layers.length),
    durationMs: layers.reduce((a, l) => a + l.durationMs, 0),
    measurements,
    unmeasured,
    failed,
    antiPatterns: layers.flatMap((l) => l.antiPatterns),
    subScores: {},
    ...(usage ? { usage } : {}),
    notes: layers.flatMap((l) => l.notes ?? []),
    ...(reports.length > 0 ? { monteCarlo: reports } : {}),
  };
}
