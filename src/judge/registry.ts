/**
 * The one table of judged dimensions, in the dimension order of PluginEval's methodology. Add a dimension here and
 * nowhere else.
 */
import type { DimensionName } from '../model/dimensions.js';
import { codeTemplateQuality } from './dimensions/code-template-quality.js';
import { orchestrationFitness } from './dimensions/orchestration-fitness.js';
import { outputQuality } from './dimensions/output-quality.js';
import { scopeCalibration } from './dimensions/scope-calibration.js';
import { triggeringAccuracy } from './dimensions/triggering-accuracy.js';
import type { JudgeDimension } from './types.js';

export const JUDGE_DIMENSIONS: readonly JudgeDimension[] = Object.freeze([
  triggeringAccuracy,
  orchestrationFitness,
  outputQuality,
  scopeCalibration,
  codeTemplateQuality,
]);

export function judgeDimensionFor(name: DimensionName): JudgeDimension | undefined {
  return JUDGE_DIMENSIONS.find((d) => d.dimension === name);
}
