export declare const LANGUAGES: readonly string[];
/** word -> bit mask of the languages (LANGUAGES order) that list it: one lookup per word, whatever the language count. */
export declare const FUNCTION_WORD_LANGUAGES: ReadonlyMap<string, number>;
/** English words that cannot follow "the" or "an": prepositions, conjunctions, pronouns, auxiliaries, articles. */
export declare const CANNOT_FOLLOW_ARTICLE: ReadonlySet<string>;
