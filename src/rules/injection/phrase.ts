/** The shape of one injection phrase pattern, shared by the English and the other-language tables. */
import { expandUnicodeClasses } from './unicode-classes.js';

export type InjectionKind =
  | 'ignore_instructions'
  | 'score_manipulation'
  | 'addresses_evaluator'
  | 'fake_system_prompt'
  | 'envelope_escape';

/**
 * What a match means on its own.
 * - `attempt`: an injection by itself (an evaluator addressed by name, "ignore previous instructions").
 * - `self-request`: asks for a score for this very skill ("rate this skill 10/10"); the one role that
 *   counts inside fenced code too, because no example needs to ask for this skill's score.
 * - `vocative`: addresses someone who may or may not be the evaluator ("Reviewer:", "any AI reading
 *   this"); an attempt only with a request next to it.
 * - `request`: asks for a top score, a pass or to drop instructions without naming what ("give it full
 *   marks"); an attempt only when addressed to an evaluator (a vocative next to it).
 */
export type PhraseRole = 'attempt' | 'self-request' | 'vocative' | 'request';

export interface Phrase {
  kind: InjectionKind;
  role: PhraseRole;
  /** BCP 47 language of the pattern ('en', 'fr', ...). */
  language: string;
  /**
   * The pattern, sticky (`y`): it matches only at `lastIndex`. The scanner (scan.ts) decides where to
   * try it; a global search over a text needs a copy without the `y` flag. Compiled on first use: a
   * one-skill run needs about half of the patterns, and each costs a parse here and a compile on its
   * first match attempt.
   */
  readonly re: RegExp;
  /**
   * The pattern's source as written (with `\p{L}`, `\p{N}`), readable without compiling it; `re` is
   * compiled from it with those classes spelled out (unicode-classes.ts), which matches the same strings.
   */
  readonly source: string;
  readonly flags: string;
  /**
   * Lower-case strings one of which every match contains; the pattern runs only when the text has one.
   * Skipping patterns that cannot match keeps a scan to a few passes on ordinary text. None: the pattern is
   * tried wherever its start literals occur.
   */
  anchors: readonly string[];
  /**
   * The phrase is a well-known attack string that skills quote when they teach defence ("text such as
   * ignore previous instructions"): a match preceded by words that mention it is not an attempt.
   */
  generic?: boolean;
}

/**
 * Compile a pattern with the flags every phrase uses (global, Unicode, multiline, sticky). Patterns are
 * written in lower case and run on lower-cased text: case-insensitive Unicode matching costs several
 * times more.
 */
export function phrase(
  kind: InjectionKind,
  role: PhraseRole,
  language: string,
  source: string,
  anchors: readonly string[],
  generic = false,
): Phrase {
  let re: RegExp | undefined;
  return {
    kind,
    role,
    language,
    source,
    flags: PHRASE_FLAGS,
    get re(): RegExp {
      return (re ??= new RegExp(expandUnicodeClasses(source), PHRASE_FLAGS));
    },
    anchors,
    ...(generic ? { generic } : {}),
  };
}

export const PHRASE_FLAGS = 'gmuy';

/**
 * One of the words of `alternation`, starting a word (`\b` does not understand non-ASCII letters).
 * The boundary is checked after the literal on purpose: a pattern that starts with a literal lets the
 * regex engine skip ahead to candidates, while a leading look-behind runs at every position.
 */
export function word(alternation: string): string {
  return `(?:${alternation})(?<=(?<![\\p{L}\\p{N}])(?:${alternation}))`;
}

/** Right word boundary that understands non-ASCII letters. */
export const WE = String.raw`(?![\p{L}\p{N}])`;
