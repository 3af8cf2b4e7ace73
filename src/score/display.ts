/**
 * Numbers as a reader sees them. Every grade, badge and threshold is decided on the value as displayed, so a
 * report never shows "0.70 D" or "Below threshold: 78.0 < 78". One module owns the display precision; the
 * reporters format with these functions and the scoring decides with them.
 *
 * `--methodology compat` is the exception PluginEval forces: PluginEval decides badges and `--threshold` on the
 * unrounded composite (and prints it unrounded in its JSON), so compat decides the same way and its text shows
 * the composite with as many decimals as it takes to sit on the same side of every line it was judged against.
 */
import type { Methodology } from '../model/dimensions.js';
import { seedGrade } from './grades.js';

/** Composite scores (0-100) are shown with one decimal, dimension scores (0-1) with two. */
export const COMPOSITE_DECIMALS = 1;
export const DIMENSION_DECIMALS = 2;
/** Coverage is shown as a whole percentage. */
export const COVERAGE_DECIMALS = 0;

/**
 * The composite lines a badge is decided against (Bronze..Platinum, as PluginEval 0.1.x and its methodology set them).
 */
export const BADGE_COMPOSITE_LINES: readonly number[] = [60, 70, 80, 90];

/** The number a reader sees when `value` is printed with `decimals` decimals (the same rounding as toFixed). */
export function displayed(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/**
 * Float residue removed at a precision far below any display precision (1e-9 by default):
 * 0.6999999999999998 -> 0.7, 77.99999999999999 -> 78. Sums and products of the blend go through it.
 */
export function settle(value: number, decimals = 9): number {
  const s = Number(value.toFixed(decimals));
  return Object.is(s, -0) ? 0 : s;
}

export function formatDimensionScore(score: number): string {
  return score.toFixed(DIMENSION_DECIMALS);
}

/**
 * The A-F grade (PluginEval's methodology) of a dimension score as displayed (two decimals): a shown 0.70 is always C.
 */
export function displayedGrade(score: number): 'A' | 'B' | 'C' | 'D' | 'F' {
  return seedGrade(displayed(score, DIMENSION_DECIMALS));
}

/** A coverage share (0-1) as the whole percentage shown, e.g. 0.66 -> 66. */
export function displayedCoveragePercent(share: number): number {
  return displayed(share * 100, COVERAGE_DECIMALS);
}

export function formatCoverage(share: number): string {
  return `${(share * 100).toFixed(COVERAGE_DECIMALS)}%`;
}

/**
 * The value a composite is judged on: as displayed (one decimal) in the default methodology, unrounded in
 * compat (PluginEval's rule).
 */
export function compositeDecisionValue(score: number, methodology: Methodology): number {
  return methodology === 'compat' ? score : displayed(score, COMPOSITE_DECIMALS);
}

/**
 * `--threshold`: does this composite fail it? Decided on the same value the reports show. No composite (nothing
 * scored) neither fails nor passes: the caller treats it as not measured.
 */
export function isBelowThreshold(
  score: number | null,
  methodology: Methodology,
  threshold: number | undefined,
): boolean {
  return threshold !== undefined && score !== null && compositeDecisionValue(score, methodology) < threshold;
}

/**
 * A composite as shown. Default methodology: one decimal (decisions are made on exactly that). compat: one
 * decimal unless rounding would move it across a line it was judged against unrounded (a badge line or the
 * threshold); then more decimals, up to the full number, so 79.96 is shown as "79.96" beside Silver, never
 * "80.0".
 */
export function formatCompositeScore(score: number, methodology: Methodology, threshold?: number): string {
  const shown = score.toFixed(COMPOSITE_DECIMALS);
  if (methodology !== 'compat') return shown;
  const lines = threshold === undefined ? BADGE_COMPOSITE_LINES : [...BADGE_COMPOSITE_LINES, threshold];
  const sameSide = (text: string) => lines.every((line) => score < line === Number(text) < line);
  if (sameSide(shown)) return shown;
  for (let decimals = COMPOSITE_DECIMALS + 1; decimals <= 6; decimals++) {
    const more = score.toFixed(decimals);
    if (sameSide(more)) return more;
  }
  return String(score);
}
