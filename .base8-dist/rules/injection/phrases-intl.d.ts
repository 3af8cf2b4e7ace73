/**
 * The same three moves in other common languages: dropping the evaluator's instructions, addressing
 * the evaluator, and asking for a top score for this skill. French, Spanish, German, Portuguese,
 * Italian, Russian, Chinese (simplified and traditional), Japanese and Korean. Patterns expect the
 * text after NFKC (full-width forms folded) with invisible characters removed.
 */
import { type Phrase } from './phrase.js';
export declare const OTHER_LANGUAGE_PHRASES: readonly Phrase[];
