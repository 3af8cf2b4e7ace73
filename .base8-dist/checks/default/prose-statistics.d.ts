import type { MarkdownFacts } from '../../parse/markdown.js';
/**
 * How much information a skill's prose carries, measured for LOW_INFORMATION_PROSE. Only running prose counts:
 * fenced code, headings, table rows, HTML comments and tags, link targets and bare URLs are left out; inline code
 * stays in the sentence as a placeholder (so "the `x` flag" keeps its shape) but is not counted as a word.
 * One pass over the text that hashes words as it reads them (no string per word); cost is linear in its length.
 */
export interface ProseStatistics {
    /** Words of running prose. */
    words: number;
    /** Share of letters outside the Latin script (Greek, Cyrillic, CJK, Arabic, ...): those words are not read. */
    nonLatinShare: number;
    /** The language whose function words cover the most of the words in sentences, and that share. */
    language: string;
    /** Words in sentences of eight words or more: running text, not list fragments or labels. */
    sentenceWords: number;
    sentenceFunctionShare: number;
    /** The same share over all prose words (lists and fragments included). */
    functionShare: number;
    /** "the"/"an" followed by a word in the same sentence, and the share followed by a word that cannot follow it. */
    articles: number;
    articleMisfitShare: number;
    /** Share of the three-word sequences in sentences that repeat an earlier one: recycled phrasing. */
    repeatedTrigramShare: number;
}
/**
 * FNV-1a of a lowercase word, as the tokenizer computes it. Two different words share a hash with
 * probability ~V^2/2^31 for V distinct words (0.02% for a typical skill): a merged count, never a crash.
 */
export declare function wordHash(word: string): number;
/**
 * Running prose as text: one line per block (paragraph, list item, quote), a hard-wrapped paragraph joined
 * into one line so its sentences are not cut at the wrap. Code, headings and table rows are left out.
 */
export declare function runningProse(md: MarkdownFacts): string;
export declare function proseStatistics(md: MarkdownFacts): ProseStatistics;
