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
/** Composite scores (0-100) are shown with one decimal, dimension scores (0-1) with two. */
export declare const COMPOSITE_DECIMALS = 1;
export declare const DIMENSION_DECIMALS = 2;
/** Coverage is shown as a whole percentage. */
export declare const COVERAGE_DECIMALS = 0;
/** The composite lines a badge is decided against (PluginEval's and the seed's Bronze..Platinum). */
export declare const BADGE_COMPOSITE_LINES: readonly number[];
/** The number a reader sees when `value` is printed with `decimals` decimals (the same rounding as toFixed). */
export declare function displayed(value: number, decimals: number): number;
/**
 * Float residue removed at a precision far below any display precision (1e-9 by default):
 * 0.6999999999999998 -> 0.7, 77.99999999999999 -> 78. Sums and products of the blend go through it.
 */
export declare function settle(value: number, decimals?: number): number;
export declare function formatDimensionScore(score: number): string;
/** The seed's A-F grade of a dimension score as displayed (two decimals): a shown 0.70 is always C. */
export declare function displayedGrade(score: number): 'A' | 'B' | 'C' | 'D' | 'F';
/** A coverage share (0-1) as the whole percentage shown, e.g. 0.66 -> 66. */
export declare function displayedCoveragePercent(share: number): number;
export declare function formatCoverage(share: number): string;
/**
 * The value a composite is judged on: as displayed (one decimal) in the default methodology, unrounded in
 * compat (PluginEval's rule).
 */
export declare function compositeDecisionValue(score: number, methodology: Methodology): number;
/** `--threshold`: does this composite fail it? Decided on the same value the reports show. */
export declare function isBelowThreshold(score: number, methodology: Methodology, threshold: number | undefined): boolean;
/**
 * A composite as shown. Default methodology: one decimal (decisions are made on exactly that). compat: one
 * decimal unless rounding would move it across a line it was judged against unrounded (a badge line or the
 * threshold); then more decimals, up to the full number, so 79.96 is shown as "79.96" beside Silver, never
 * "80.0".
 */
export declare function formatCompositeScore(score: number, methodology: Methodology, threshold?: number): string;
