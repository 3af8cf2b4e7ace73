/**
 * Further views of a text for disguises that normalisation alone does not undo. Each view keeps a map back
 * to the original offsets (NormalisedText), and is built only when the text shows the disguise, so an
 * ordinary file costs one test per disguise.
 *
 * - Zero-width characters used as word separators ("Whoever\u200bgrades\u200bthis"): the normal view drops
 *   them (right for "eval\u200buator"), this one turns them into spaces.
 * - Leetspeak ("D34r gr4d3r, g1v3 th15 5k1ll"): digits inside words read as the letters they imitate, on lines
 *   with several such words (a version number or `sha256` alone does not make a line leetspeak).
 * - Spaced letters ("N o t e   t o   t h e   g r a d e r"): runs of single characters joined, wider gaps kept
 *   as word breaks.
 */
import { invisibleAsSpace, normaliseForDetection, type NormalisedText } from './normalise.js';

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};
const TOKEN = /[\p{L}\d@$]+/gu;
/** A word with letters and leet digits. */
const isLeetWord = (token: string): boolean => token.length >= 2 && /[013457@$]/.test(token) && /\p{L}/u.test(token);
/** A line is read as leetspeak with at least 3 leet words making at least 40% of its words. */
const LEET_WORDS_PER_LINE = 3;
const LEET_SHARE = 0.4;
/** A leet character: a letter next to one is a leet pair, and lines without several pairs are not read further. */
const LEET_CHAR = /[013457@$]/g;
const isLeetCharacter = (code: number): boolean =>
  (code >= 48 && code <= 55 && code !== 50 && code !== 54) || code === 64 || code === 36;
const isAsciiLetter = (code: number): boolean => (code | 32) >= 97 && (code | 32) <= 122;
/** How far past a leet character the next one is looked for character by character before a native search. */
const NEAR = 8;

/** Offset of the first leet character at or after `from`, or -1. */
function nextLeetCharacter(text: string, from: number): number {
  LEET_CHAR.lastIndex = from;
  return LEET_CHAR.test(text) ? LEET_CHAR.lastIndex - 1 : -1;
}

/**
 * Where a global search for a letter next to a leet character (`/[a-z][013457@$]|[013457@$][a-z]/gi`) finds its
 * matches: leftmost and not overlapping. Every such match holds a leet character, so only the positions around
 * the leet characters are tried, in the order the global search would try them. A native search skips the text
 * between leet characters (most text has few); where they are close together the next is read directly, so text
 * made of them costs no more than before.
 */
export function leetPairStarts(text: string): number[] {
  const starts: number[] = [];
  let from = 0; // where the last match ended
  for (let at = nextLeetCharacter(text, 0); at !== -1; ) {
    // A match at at - 1 needs a letter there (at holds a leet character, not a letter); one at `at` a letter after.
    if (at - 1 >= from && isAsciiLetter(text.charCodeAt(at - 1))) {
      starts.push(at - 1);
      from = at + 1;
    } else if (at >= from && isAsciiLetter(text.charCodeAt(at + 1))) {
      starts.push(at);
      from = at + 2;
    }
    const stop = Math.min(text.length, at + 1 + NEAR);
    let next = at + 1;
    while (next < stop && !isLeetCharacter(text.charCodeAt(next))) next++;
    at = next < stop ? next : nextLeetCharacter(text, stop);
  }
  return starts;
}
/** Eight or more single characters separated by one to three spaces. */
const SPACED = /(?<!\S)\S(?: {1,3}\S(?!\S)){7,}/g;

export function disguiseViews(text: string, base: NormalisedText): NormalisedText[] {
  const views: NormalisedText[] = [];
  // `base` is normaliseForDetection(text), which noted whether the text holds an invisible character.
  const spacedOut = base.invisible === false ? undefined : invisibleAsSpace(text);
  if (spacedOut !== undefined) views.push(normaliseForDetection(spacedOut));
  const leet = leetView(base);
  if (leet) views.push(leet);
  const spaced = spacedView(base);
  if (spaced) views.push(spaced);
  return views;
}

function leetView(base: NormalisedText): NormalisedText | undefined {
  // Lines with at least LEET_WORDS_PER_LINE letter-digit pairs, found in one pass (lines in order, each
  // bounded once: linear).
  const lines: [number, number][] = [];
  let line: [number, number] | undefined;
  let pairs = 0;
  for (const at of leetPairStarts(base.text)) {
    if (line === undefined || at >= line[1]) {
      if (line !== undefined && pairs >= LEET_WORDS_PER_LINE) lines.push(line);
      const endAt = base.text.indexOf('\n', at);
      line = [base.text.lastIndexOf('\n', at) + 1, endAt === -1 ? base.text.length : endAt];
      pairs = 0;
    }
    pairs++;
  }
  if (line !== undefined && pairs >= LEET_WORDS_PER_LINE) lines.push(line);
  let text = '';
  let last = 0;
  for (const [from, to] of lines) {
    const tokens = base.text.slice(from, to).match(TOKEN) ?? [];
    const leet = tokens.filter(isLeetWord).length;
    if (leet < LEET_WORDS_PER_LINE || leet < tokens.length * LEET_SHARE) continue;
    text +=
      base.text.slice(last, from) +
      base.text
        .slice(from, to)
        .replace(TOKEN, (w) => (isLeetWord(w) ? w.replace(/[013457@$]/g, (d) => LEET[d] ?? d) : w));
    last = to;
  }
  if (last === 0) return undefined;
  return { text: text + base.text.slice(last), origin: base.origin, confusable: false };
}

function spacedView(base: NormalisedText): NormalisedText | undefined {
  SPACED.lastIndex = 0;
  if (!SPACED.test(base.text)) return undefined;
  SPACED.lastIndex = 0; // matchAll starts where the test left it
  let text = '';
  const origin: number[] = [];
  const from = (offset: number): number => (base.origin === undefined ? offset : (base.origin[offset] as number));
  let last = 0;
  const copy = (end: number): void => {
    text += base.text.slice(last, end);
    for (let i = last; i < end; i++) origin.push(from(i));
  };
  for (const m of base.text.matchAll(SPACED)) {
    copy(m.index);
    const run = m[0];
    for (let i = 0; i < run.length; i++) {
      if (run[i] !== ' ') {
        text += run[i];
        origin.push(from(m.index + i));
        continue;
      }
      let j = i;
      while (run[j] === ' ') j++;
      // One space joins letters of a word; a wider gap is the break between words.
      if (j - i > 1) {
        text += ' ';
        origin.push(from(m.index + i));
      }
      i = j - 1;
    }
    last = m.index + run.length;
  }
  copy(base.text.length);
  return { text, origin: Int32Array.from(origin), confusable: false };
}
