import type { AntiPatternRule } from '../types.js';
import { type ProseStatistics } from './prose-statistics.js';
/**
 * Prose that carries no information: a perfect skeleton (frontmatter, sections, code, examples, references)
 * filled with word salad, lorem ipsum, keyword piles, shuffled words, recycled phrases or stock filler. Every
 * structural check rewards such a skill, so without this rule it reaches Gold or Platinum.
 *
 * Each test has a floor of evidence below which it does not judge (short skills are never flagged), and a
 * threshold set well outside what real skills show: measured on the 40 corpus skills, their references, READMEs
 * and agents (168 files) and the example skills, against generated salads (scripts/make_content_free_fixtures.py,
 * 20 seeds of each kind). See docs/methodology.md for the figures.
 */
export declare const LOW_INFORMATION_THRESHOLDS: Readonly<{
    /** Words in sentences of 8+ words needed to judge the vocabulary. */
    vocabularyMinWords: 100;
    /** Function-word share of those words: real prose >= 0.146 (median ~0.35); salads <= 0.09. */
    functionShareFloor: 0.11;
    /** Without enough sentences (lists only): all prose words, and a lower floor (real lists >= 0.097). */
    fragmentsMinWords: 200;
    fragmentsFunctionShareFloor: 0.05;
    /** "the"/"an" occurrences needed to judge word order. */
    orderMinArticles: 20;
    /** Share of them followed by a word that cannot follow an article: real prose <= 0.02; shuffled words >= 0.18. */
    articleMisfitCeiling: 0.12;
    /** Words in sentences needed to judge repetition. */
    repetitionMinWords: 300;
    /** Share of three-word sequences repeating an earlier one: real prose <= 0.075; babble >= 0.14; filler >= 0.7. */
    repeatedTrigramCeiling: 0.12;
    /** Above this share of non-Latin letters the prose is in a script whose function words are not listed. */
    nonLatinCeiling: 0.5;
}>;
/** The reasons the prose fails, each naming the statistic, its value and the range of real prose; empty when it passes. */
export declare function lowInformationReasons(s: ProseStatistics): string[];
export declare const lowInformationProse: AntiPatternRule;
