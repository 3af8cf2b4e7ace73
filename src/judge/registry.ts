/**
 * Each judged dimension's module, by the dimension it measures. Which dimensions are judged, and in what order, is
 * the dimension table's (src/model/dimensions.ts, rows with `judged: true`); the type below makes the compiler refuse a
 * judged row without a module here and a module here without a judged row. The imports are static so that the
 * bundled CLI carries the modules.
 */
import { JUDGED_DIMENSIONS, type DimensionName, type JudgedDimensionName } from '../model/dimensions.js';
import { codeTemplateQuality } from './dimensions/code-template-quality.js';
import { orchestrationFitness } from './dimensions/orchestration-fitness.js';
import { outputQuality } from './dimensions/output-quality.js';
import { scopeCalibration } from './dimensions/scope-calibration.js';
import { triggeringAccuracy } from './dimensions/triggering-accuracy.js';
import type { JudgeDimension } from './types.js';

export const JUDGE_DIMENSION_MODULES: Readonly<Record<JudgedDimensionName, JudgeDimension>> = Object.freeze({
  triggering_accuracy: triggeringAccuracy,
  orchestration_fitness: orchestrationFitness,
  output_quality: outputQuality,
  scope_calibration: scopeCalibration,
  code_template_quality: codeTemplateQuality,
});

/** The judged dimensions in the table's order. */
export const JUDGE_DIMENSIONS: readonly JudgeDimension[] = Object.freeze(
  JUDGED_DIMENSIONS.map((name) => JUDGE_DIMENSION_MODULES[name]),
);

export function judgeDimensionFor(name: DimensionName): JudgeDimension | undefined {
  return JUDGE_DIMENSIONS.find((d) => d.dimension === name);
}
