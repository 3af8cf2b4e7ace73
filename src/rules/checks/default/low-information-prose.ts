import type { AntiPatternRule } from '../types.js';
import { proseStatistics, type ProseStatistics } from './prose-statistics.js';

/**
 * Prose that carries no information: a perfect skeleton (frontmatter, sections, code, examples, references)
 * filled with word salad, lorem ipsum, keyword piles, shuffled words, recycled phrases or stock filler. Every
 * structural check rewards such a skill, so without this rule it reaches Gold or Platinum.
 *
 * Each test has a floor of evidence below which it does not judge (short skills are never flagged), and a
 * threshold set well outside what real skills show: measured on the 40 corpus skills, their references, READMEs
 * and agents (168 files), the example skills, the 88 SkillsBench skills and terse, list-heavy real skills
 * (test/fixtures/terse-real), against generated salads (scripts/make_content_free_fixtures.py, 20 seeds of each
 * kind). See docs/methodology.md for the figures.
 */
export const LOW_INFORMATION_THRESHOLDS = Object.freeze({
  /** Words in sentences of 8+ words needed to judge the vocabulary. */
  vocabularyMinWords: 100,
  /** Function-word share of those words: real prose >= 0.146 (median ~0.35); salads <= 0.09. */
  functionShareFloor: 0.11,
  /** Without enough sentences (lists only): all prose words, and a lower floor (real lists >= 0.097). */
  fragmentsMinWords: 200,
  fragmentsFunctionShareFloor: 0.05,
  /** "the"/"an" occurrences needed to judge word order. */
  orderMinArticles: 20,
  /** Share of them followed by a word that cannot follow an article: real prose <= 0.02; shuffled words >= 0.18. */
  articleMisfitCeiling: 0.12,
  /** Words in sentences needed to judge repetition. */
  repetitionMinWords: 300,
  /**
   * Share of three-word sequences repeating an earlier one, sentences repeated word for word left out: real prose
   * <= 0.073 in SKILL.md bodies, <= 0.094 in any real Markdown file measured; Markov babble >= 0.123.
   */
  repeatedTrigramCeiling: 0.11,
  /**
   * Share of the words in sentences that repeat an earlier sentence word for word: real skills <= 0.28 (a
   * boilerplate line after every code block); stock filler >= 0.61.
   */
  repeatedSentenceCeiling: 0.5,
  /** Above this share of non-Latin letters the prose is in a script whose function words are not listed. */
  nonLatinCeiling: 0.5,
});

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * The reasons the prose fails, each naming the statistic, its value and the range of real prose; empty when it passes.
 */
export function lowInformationReasons(s: ProseStatistics): string[] {
  const t = LOW_INFORMATION_THRESHOLDS;
  if (s.nonLatinShare > t.nonLatinCeiling) return [];
  const reasons: string[] = [];
  if (s.sentenceWords >= t.vocabularyMinWords) {
    if (s.sentenceFunctionShare < t.functionShareFloor) {
      reasons.push(
        `function words (articles, prepositions, pronouns; best match ${s.language}) ` +
          `are ${pct(s.sentenceFunctionShare)} of the ${s.sentenceWords} words in sentences ` +
          `(real prose: 15% or more; flagged below ${pct(t.functionShareFloor)}): random words, keywords or ` +
          `lorem ipsum, not language`,
      );
    }
  } else if (s.words >= t.fragmentsMinWords && s.functionShare < t.fragmentsFunctionShareFloor) {
    reasons.push(
      `function words are ${pct(s.functionShare)} of ${s.words} prose words ` +
        `(real skills, even terse lists: 9.7% or more; flagged below ${pct(t.fragmentsFunctionShareFloor)}): a ` +
        `pile of keywords, not language`,
    );
  }
  if (s.articles >= t.orderMinArticles && s.articleMisfitShare > t.articleMisfitCeiling) {
    reasons.push(
      `${pct(s.articleMisfitShare)} of ${s.articles} "the"/"an" are followed by a word that cannot follow an ` +
        `article, such as "of", "and" or "is" ` +
        `(real prose: under 2%; flagged above ${pct(t.articleMisfitCeiling)}): the words are in random order`,
    );
  }
  if (s.sentenceWords >= t.repetitionMinWords && s.repeatedTrigramShare > t.repeatedTrigramCeiling) {
    reasons.push(
      `${pct(s.repeatedTrigramShare)} of the three-word sequences in sentences repeat an earlier one ` +
        `(real prose: under 8%; flagged above ${pct(t.repeatedTrigramCeiling)}): recycled phrases, stock filler ` +
        `or generated babble`,
    );
  }
  if (s.sentenceWords >= t.repetitionMinWords && s.repeatedSentenceShare > t.repeatedSentenceCeiling) {
    reasons.push(
      `${pct(s.repeatedSentenceShare)} of the ${s.sentenceWords} words in sentences belong to a sentence that ` +
        `repeats an earlier one word for word ` +
        `(real skills: under 30%; flagged above ${pct(t.repeatedSentenceCeiling)}): the same few sentences over ` +
        `and over`,
    );
  }
  return reasons;
}

export const lowInformationProse: AntiPatternRule = {
  flag: 'LOW_INFORMATION_PROSE',
  methodology: 'default',
  description:
    'SKILL.md prose that carries no information (word salad, lorem ipsum, keyword piles, shuffled words, ' +
    'recycled phrases): measured by function-word share, word order after articles, repeated three-word ' +
    'sequences and repeated sentences. Disqualifies from any badge.',
  severity: 0.2,
  fix:
    'Write the instructions as plain sentences: what the agent should do, in what order, with what input and ' +
    'output. Structure without meaning earns nothing.',
  disqualifies: 'prose that carries no information',
  // Prose statistics of the Markdown facts only.
  detect(skill) {
    const reasons = lowInformationReasons(proseStatistics(skill.markdown));
    if (reasons.length === 0) return [];
    return [
      {
        flag: 'LOW_INFORMATION_PROSE',
        severity: 0.2,
        description: `Prose carries no information: ${reasons.join('; ')}.`,
      },
    ];
  },
};
