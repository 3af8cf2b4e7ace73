import {
  DIMENSIONS,
  DIMENSION_WEIGHTS,
  LAYER_BLEND,
  type DimensionName,
  type LayerName,
  type Methodology,
} from '../model/dimensions.js';
import type { DimensionResult } from '../model/result.js';
import type { LayerOutput } from '../model/layer-output.js';
import { displayedGrade, settle } from './display.js';

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
 * How the blend does its arithmetic. `settled` (default methodology): every blended dimension score, weight
 * and composite is rounded at 1e-9 of its scale, far below display precision, so 0.7 stays 0.7 and a shown
 * number is the number decided on. `pluginEval` (compat): PluginEval's float arithmetic, residue included
 * (its JSON prints 0.6999999999999998 and grades it D+; `--format plugineval` must too).
 */
export type BlendArithmetic = 'settled' | 'pluginEval';

export function arithmeticFor(methodology: Methodology): BlendArithmetic {
  return methodology === 'compat' ? 'pluginEval' : 'settled';
}

/**
 * Blend each dimension over the layers that measured it (the blend table of PluginEval's methodology, renormalised over
 * those layers), then weight dimensions, renormalising over the measured ones, and apply the anti-pattern penalty.
 */
export function compositeOf(
  layers: readonly LayerOutput[],
  penalty: number,
  arithmetic: BlendArithmetic = 'settled',
): Composite {
  // Dimension scores live on 0-1 (settled at 1e-9), composites on 0-100 (settled at 1e-7: the same relative precision).
  const exact = arithmetic === 'pluginEval';
  const unit = (x: number) => (exact ? x : settle(x, 9));
  const hundred = (x: number) => (exact ? x : settle(x, 7));
  const partial = DIMENSIONS.map((name) => blendDimension(name, layers, unit));
  const measuredWeight = partial.reduce((sum, d) => sum + (d.measured ? d.weight : 0), 0);
  let raw = 0;
  const dimensions = partial.map((d) => {
    const effectiveWeight = d.measured && measuredWeight > 0 ? unit(d.weight / measuredWeight) : 0;
    if (d.measured && d.score !== null) raw += (d.weight / measuredWeight) * d.score;
    return { ...d, effectiveWeight };
  });
  // Each dimension's interval moves the composite linearly; dimensions without one contribute their score.
  const withInterval = dimensions.some((d) => d.ciLow !== null && d.ciHigh !== null);
  const bound = (pick: (d: DimensionResult) => number) =>
    hundred(
      dimensions.reduce(
        (sum, d) => sum + (d.measured && d.score !== null ? (d.weight / measuredWeight) * pick(d) : 0),
        0,
      ) *
        100 *
        penalty,
    );
  return {
    dimensions,
    rawScore: hundred(raw * 100),
    score: hundred(raw * 100 * penalty),
    penalty,
    ciLow: withInterval ? bound((d) => d.ciLow ?? d.score!) : null,
    ciHigh: withInterval ? bound((d) => d.ciHigh ?? d.score!) : null,
  };
}

function blendDimension(
  name: DimensionName,
  layers: readonly LayerOutput[],
  unit: (x: number) => number,
): DimensionResult {
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
      evidence.push(
        m ? `${layer.name}: measured only in part: ${failure}` : `not measured by ${layer.name}: ${failure}`,
      );
    }
  }
  const measured = totalBlend > 0;
  const score = measured ? unit(weighted / totalBlend) : null;
  return {
    name,
    weight: DIMENSION_WEIGHTS[name],
    effectiveWeight: 0,
    measured,
    score,
    grade: score === null ? null : displayedGrade(score),
    layers: layerScores,
    ciLow: measured && anyInterval ? unit(lowSum / totalBlend) : null,
    ciHigh: measured && anyInterval ? unit(highSum / totalBlend) : null,
    evidence,
    ...(Object.keys(notMeasuredBy).length > 0 ? { notMeasuredBy } : {}),
    ...(measured
      ? {}
      : { unmeasuredReason: reasons.length > 0 ? reasons.join('; ') : 'no layer that ran measures this dimension' }),
  };
}
