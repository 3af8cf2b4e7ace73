/**
 * Where a phrase pattern can start matching, read off its source: the short literal strings one of
 * which every match begins with. The scanner (scan.ts) tries a pattern only where one of its starts
 * occurs, instead of letting the regex engine test every position of the text (a pattern that starts
 * with an alternation or a look-behind cannot skip ahead, and ~70 such scans were most of the cost).
 *
 * The analysis only has to be safe, not tight: a start set may admit positions where the pattern
 * fails (the regex is still what decides), but must never miss one where it matches. So everything
 * the analysis does not model (a `\p{L}` class, a negated class, a repetition after its first round,
 * an assertion in the middle) ends the known prefix there, which only makes it shorter. Syntax it does
 * not parse at all makes the whole pattern "unanalysable", and the scanner falls back to scanning it
 * over the whole text.
 */
export interface StartSet {
    /** Literal strings (lower case, 1 to `limit` code units); a match begins with one of them, or at a line start. */
    literals: string[];
    /** Some match may begin at a line start whatever follows (`^` in multiline mode). */
    lineStarts: boolean;
}
/**
 * The start set of a pattern, with literals up to `limit` code units (a longer literal rules out more
 * positions). Returns undefined when a match may begin anywhere or the source uses syntax not modelled.
 */
export declare function startSet(source: string, limit?: number): StartSet | undefined;
