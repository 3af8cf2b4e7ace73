/**
 * Anchored rubrics of the judged dimensions, kept as typed data (not prose inside code) so they can be
 * reviewed, versioned and reported on their own. A TS data module rather than JSON/YAML so it is found
 * the same way from `src/` under vitest and from `dist/` after `tsc`, with no asset copying.
 *
 * Scores are on [0, 1]. Anchors sit at 1.0 / 0.75 / 0.5 / 0.25 / 0.0; a judge interpolates between
 * two anchors when the skill falls between them. The seed's dimension grades are A >= 0.9, B >= 0.8,
 * C >= 0.7, D >= 0.6, else F, so "0.75" reads as a C, not a B.
 *
 * Changing an anchor's wording changes every prompt that uses it, so bump `version`: reports carry it,
 * and the response cache keys on the prompt text, so old answers stop matching on their own.
 */
import type { DimensionName } from '../model/dimensions.js';
export interface RubricAnchor {
    score: number;
    /** What a skill at this level looks like, concretely enough that two judges pick the same anchor. */
    description: string;
}
export interface Rubric {
    dimension: DimensionName;
    version: number;
    title: string;
    /** The one question the judge answers. */
    question: string;
    /** What to look at, in the order a careful reviewer would. */
    criteria: readonly string[];
    anchors: readonly RubricAnchor[];
}
export declare const ORCHESTRATION_FITNESS_RUBRIC: Rubric;
export declare const OUTPUT_QUALITY_RUBRIC: Rubric;
export declare const SCOPE_CALIBRATION_RUBRIC: Rubric;
export declare const CODE_TEMPLATE_QUALITY_RUBRIC: Rubric;
/** Triggering accuracy is measured (F1 of routing decisions), not graded; its "rubric" explains the measurement. */
export declare const TRIGGERING_ACCURACY_RUBRIC: Rubric;
