import {
  DIMENSIONS,
  DIMENSION_WEIGHTS,
  LAYER_BLEND,
  type DimensionName,
  type LayerName,
} from '../model/dimensions.js';
import type { DimensionResult } from '../model/result.js';
import type { LayerOutput } from '../layers/types.js';
import { seedGrade } from './grades.js';

export interface Composite {
  dimensions: DimensionResult[];
  /** 0-100 interval after the penalty, when some dimension has one (the weighted sum is linear in them). */
  ciLow: number | null;
  ciHigh: number | null;
  /** 0-100 before the penalty. */
  rawScore: number;
  /** 0-100 after the penalty. */
  score: number;
  penalty: number;
}

/**
 * Blend each dimension over the layers that measured it (the seed's blend table, renormalised over those
 * layers), then weight dimensions, renormalising over the measured ones, and apply the anti-pattern penalty.
 */
export function compositeOf(layers: readonly LayerOutput[], penalty: number): Composite {
  const partial = DIMENSIONS.map((name) => blendDimension(name, layers));
  const measuredWeight = partial.reduce((sum, d) => sum + (d.measured ? d.weight : 0), 0);
  let raw = 0;
  const dimensions = partial.map((d) => {
    const effectiveWeight = d.measured && measuredWeight > 0 ? d.weight / measuredWeight : 0;
    if (d.measured && d.score !== null) raw += effectiveWeight * d.score;
    return { ...d, effectiveWeight };
  });
  // Each dimension's interval moves the composite linearly; dimensions without one contribute their score.
  const withInterval = dimensions.some((d) => d.ciLow !== null && d.ciHigh !== null);
  const bound = (pick: (d: DimensionResult) => number) => dimensions.reduce((sum, d) => sum + (d.measured && d.score !== null ? d.effectiveWeight * pick(d) : 0), 0) * 100 * penalty;
  return {
    dimensions,
    rawScore: raw * 100,
    score: raw * 100 * penalty,
    penalty,
    ciLow: withInterval ? bound((d) => d.ciLow ?? d.score!) : null,
    ciHigh: withInterval ? bound((d) => d.ciHigh ?? d.score!) : null,
  };
}

function blendDimension(name: DimensionName, layers: readonly LayerOutput[]): DimensionResult {
  let weighted = 0;
  let totalBlend = 0;
  const layerScores: Partial<Record<LayerName, number>> = {};
  const evidence: string[] = [];
  const reasons: string[] = [];
  const notMeasuredBy: Partial<Record<LayerName, string>> = {};
  // The blend is linear, so an interval on one layer's score maps to an interval on the blended score
  // (layers without an interval, such as the deterministic static layer, contribute their point value).
  let lowSum = 0;
  let highSum = 0;
  let anyInterval = false;
  for (const layer of layers) {
    const blend = LAYER_BLEND[name][layer.name];
    const m = layer.measurements[name];
    if (m && blend > 0) {
      weighted += blend * m.score;
      totalBlend += blend;
      layerScores[layer.name] = m.score;
      evidence.push(...m.evidence.map((e) => `${layer.name}: ${e}`));
      const hasInterval = m.ciLow != null && m.ciHigh != null;
      anyInterval ||= hasInterval;
      lowSum += blend * (hasInterval ? m.ciLow! : m.score);
      highSum += blend * (hasInterval ? m.ciHigh! : m.score);
    }
    const why = layer.unmeasured[name];
    if (why) reasons.push(`${layer.name}: ${why}`);
    const failure = layer.failed?.[name];
    if (failure && blend > 0) {
      notMeasuredBy[layer.name] = failure;
      evidence.push(m ? `${layer.name}: measured only in part: ${failure}` : `not measured by ${layer.name}: ${failure}`);
    }
  }
  const measured = totalBlend > 0;
  const score = measured ? weighted / totalBlend : null;
  return {
    name,
    weight: DIMENSION_WEIGHTS[name],
    effectiveWeight: 0,
    measured,
    score,
    grade: score === null ? null : seedGrade(score),
    layers: layerScores,
    ciLow: measured && anyInterval ? lowSum / totalBlend : null,
    ciHigh: measured && anyInterval ? highSum / totalBlend : null,
    evidence,
    ...(Object.keys(notMeasuredBy).length > 0 ? { notMeasuredBy } : {}),
    ...(measured ? {} : { unmeasuredReason: reasons.length > 0 ? reasons.join('; ') : 'no layer that ran measures this dimension' }),
  };
}
