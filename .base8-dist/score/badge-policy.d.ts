/**
 * The badge policy: a badge needs evidence in proportion to its claim (issue 7 item 2). Pure: one result's
 * composite, coverage, layers and anti-patterns in, the badge and why it was capped or withheld out, so it can
 * run in a finalise step after all targets.
 *
 * Default methodology, in order:
 * 1. a disqualifying anti-pattern (trying to manipulate the evaluator, prose that carries no information) means
 *    no badge, whatever the composite;
 * 2. below 50% coverage (share of the composite's weight measured) there is no badge;
 * 3. the composite (as displayed) earns a badge by the seed's lines (and Elo lines when a rating exists), capped
 *    by the evidence behind it: static analysis alone gives at most Silver, labelled provisional (content not
 *    judged); Gold needs the judge to have judged the content (output_quality); Platinum needs `certify`
 *    (Monte Carlo and an Elo rating), which this version cannot run, so nothing reaches Platinum yet.
 * `--methodology compat` keeps PluginEval's rule exactly: the unrounded composite's line, nothing else.
 * In both, a partial measurement (a layer that ran failed on some dimension) earns no badge.
 */
import { type AntiPatternFlag, type LayerName, type Methodology } from '../model/dimensions.js';
import type { BadgeDecision, Coverage } from '../model/result.js';
import { type Badge } from './grades.js';
/** Below this share of the composite's weight measured, no badge. */
export declare const MIN_BADGE_COVERAGE = 0.5;
/** The dimension whose judging counts as "the content was judged" (its rubric scores what the skill says). */
export declare const CONTENT_DIMENSION = "output_quality";
export declare const BADGE_NAMES: Readonly<Record<Badge, string>>;
export interface BadgeEvidence {
    methodology: Methodology;
    /** Composite 0-100 after the penalty, unrounded. */
    composite: number;
    elo: number | null;
    coverage: Coverage;
    layersRun: readonly LayerName[];
    /** Dimensions each layer measured (the judge's list says whether the content was judged). */
    measuredBy: Partial<Record<LayerName, readonly string[]>>;
    antiPatterns: readonly {
        flag: AntiPatternFlag;
    }[];
    /** Dimensions a layer tried and failed to measure (infrastructure or invalid replies): a partial measurement. */
    gaps?: number;
}
/** The decision, as the result schema defines it (`composite.badgeDecision`). */
export type { BadgeDecision };
export declare function decideBadge(e: BadgeEvidence): BadgeDecision;
