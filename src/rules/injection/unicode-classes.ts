/**
 * Phrase patterns are written with `\p{L}` and `\p{N}` (readable, and what the start-set analysis and the
 * tests see), and compiled with those classes spelled out as explicit ranges. Why: V8 compiles a pattern
 * with explicit ranges about twice as fast as one with Unicode property classes, and compiling the patterns
 * was most of the injection scan of a one-skill run. The ranges are generated from this Node's own Unicode
 * tables (unicode-classes.generated.ts), and a test checks them code point by code point, so the compiled
 * pattern matches exactly the strings the written one matches.
 */
import { LETTER_OR_NUMBER_RANGES, LETTER_RANGES, NUMBER_RANGES } from './unicode-classes.generated.js';

/** A `[\p{L}\p{N}]` class, a lone property escape, any other escape, or a class bracket. */
const TOKEN = /\[\\p\{L\}\\p\{N\}\]|\\p\{[LN]\}|\\[^]|[[\]]/g;

/** The source with every `\p{L}` and `\p{N}` (in a class or alone) replaced by explicit ranges (`u` flag). */
export function expandUnicodeClasses(source: string): string {
  let inClass = false;
  return source.replace(TOKEN, (token) => {
    if (token === '[') {
      inClass = true;
      return token;
    }
    if (token === ']') {
      inClass = false;
      return token;
    }
    if (token === '[\\p{L}\\p{N}]') {
      // Inside a class (`[a[\p{L}\p{N}]`) the `[` is a literal member and the `]` closes that class.
      const expanded = inClass ? `[${LETTER_RANGES}${NUMBER_RANGES}]` : `[${LETTER_OR_NUMBER_RANGES}]`;
      inClass = false;
      return expanded;
    }
    if (token === '\\p{L}') return inClass ? LETTER_RANGES : `[${LETTER_RANGES}]`;
    if (token === '\\p{N}') return inClass ? NUMBER_RANGES : `[${NUMBER_RANGES}]`;
    return token;
  });
}
