/**
 * Each judged dimension's module, by the dimension it measures. Which dimensions are judged, and in what order, is
 * the dimension table's (src/model/dimensions.ts, rows with `judged: true`). The modules are every file of
 * src/judge/dimensions/, listed with static imports (so that the bundled CLI carries them) in
 * dimension-modules.generated.ts, which scripts/generate-tables.mjs writes and `npm run build` runs; its type makes
 * the compiler refuse a judged row without a module and a module without a judged row.
 */
import { JUDGED_DIMENSIONS, type DimensionName, type JudgedDimensionName } from '../model/dimensions.js';
import { DIMENSION_MODULES } from './dimension-modules.generated.js';
import type { JudgeDimension } from './types.js';

/** The modules in the table's order. */
export const JUDGE_DIMENSION_MODULES: Readonly<Record<JudgedDimensionName, JudgeDimension>> = Object.freeze(
  Object.fromEntries(JUDGED_DIMENSIONS.map((name) => [name, DIMENSION_MODULES[name]])) as Record<
    JudgedDimensionName,
    JudgeDimension
  >,
);

/** The judged dimensions in the table's order. */
export const JUDGE_DIMENSIONS: readonly JudgeDimension[] = Object.freeze(
  JUDGED_DIMENSIONS.map((name) => JUDGE_DIMENSION_MODULES[name]),
);

export function judgeDimensionFor(name: DimensionName): JudgeDimension | undefined {
  return JUDGE_DIMENSIONS.find((d) => d.dimension === name);
}
