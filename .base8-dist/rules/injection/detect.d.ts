import type { InjectionKind, Phrase } from './phrase.js';
export type { InjectionKind } from './phrase.js';
export interface InjectionFinding {
    /** 1-based line in the given text. */
    line: number;
    /** 1-based column of the match start (UTF-16 code units, as editors count). */
    column: number;
    /** The matched line, trimmed and shortened. */
    excerpt: string;
    kind: InjectionKind;
    /** Language of the phrase that matched ('en', 'fr', ...). */
    language: string;
}
export declare const INJECTION_PHRASES: readonly Phrase[];
/** Findings in reading order; one per line and kind. */
export declare function detectInjection(text: string): InjectionFinding[];
