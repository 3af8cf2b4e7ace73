/**
 * Every match of a table of phrase patterns in one lower-cased text, found without running each
 * pattern over the whole text.
 *
 * Each pattern's start set (prefixes.ts) and its anchors go into one trie. A single pass over the text
 * walks the trie from every position and notes where start literals occur (and the line starts, for
 * patterns that begin with `^`) and which patterns' anchors occur. A pattern with an anchor in the text
 * then runs sticky at its own candidate positions only. This gives exactly the matches a global search
 * (`matchAll`) gives: the global search takes, from where the last match ended, the first position where
 * the pattern matches; every position where it can match is a candidate, candidates are visited in order,
 * and a sticky match at a position is the match the global search finds there (look-behinds and `^`/`$`
 * still see the whole text).
 *
 * A pattern whose start set cannot be read off its source is searched over the whole text, as before,
 * when one of its anchors occurs.
 */
import type { Phrase } from './phrase.js';
export interface PhraseMatch {
    /** Offset of the match in the scanned text. */
    index: number;
    /** The matched text. */
    text: string;
    phrase: Phrase;
}
/** Every match of every phrase in `text` (already lower case), grouped by phrase in table order. */
export declare function phraseMatches(text: string, phrases: readonly Phrase[]): PhraseMatch[];
