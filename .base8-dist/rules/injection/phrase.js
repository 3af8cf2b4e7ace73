/** The shape of one injection phrase pattern, shared by the English and the other-language tables. */
/**
 * Compile a pattern with the flags every phrase uses (global, Unicode, multiline, sticky). Patterns are
 * written in lower case and run on lower-cased text: case-insensitive Unicode matching costs several
 * times more.
 */
export function phrase(kind, role, language, source, anchors, generic = false) {
    return { kind, role, language, re: new RegExp(source, PHRASE_FLAGS), anchors, ...(generic ? { generic } : {}) };
}
export const PHRASE_FLAGS = 'gmuy';
/**
 * One of the words of `alternation`, starting a word (`\b` does not understand non-ASCII letters).
 * The boundary is checked after the literal on purpose: a pattern that starts with a literal lets the
 * regex engine skip ahead to candidates, while a leading look-behind runs at every position.
 */
export function word(alternation) {
    return `(?:${alternation})(?<=(?<![\\p{L}\\p{N}])(?:${alternation}))`;
}
/** Right word boundary that understands non-ASCII letters. */
export const WE = String.raw `(?![\p{L}\p{N}])`;
//# sourceMappingURL=phrase.js.map