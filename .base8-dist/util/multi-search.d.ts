/**
 * Which of many strings occur in a text, in one pass (Aho-Corasick). Checking each with `text.includes()` costs
 * patterns x text, which a folder of thousands of files turns into minutes; this costs text + total pattern length.
 */
export declare function occurringStrings(text: string, patterns: Iterable<string>): Set<string>;
