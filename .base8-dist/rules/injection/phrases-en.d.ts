/**
 * English phrases aimed at whoever scores a skill. Every pattern is anchored on a literal word and uses
 * only bounded or disjoint repetition, so each scan is linear in the text.
 */
import { type Phrase } from './phrase.js';
export declare const ENGLISH_PHRASES: readonly Phrase[];
