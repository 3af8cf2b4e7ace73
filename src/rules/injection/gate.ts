/**
 * A gate for a phrase pattern: a short pattern that matches wherever the full one does (and in many more
 * places), tried at a pattern's candidate positions before the full pattern is compiled. Why: on a one-skill run
 * almost every candidate is an ordinary word ("give", "rate", "note") that the full pattern rejects a few words
 * later, yet each pattern with a candidate was compiled, ~1.5 ms apiece with its spelled-out `\p{L}` classes, and
 * that compiling was most of the injection scan. A gate is a fraction of the pattern and has no `\p{...}` class, so
 * it compiles in ~0.2 ms, and the full pattern is compiled only where its gate matches.
 *
 * The gate of `T1 T2 ... Tn` (the pattern's top-level terms) is `T1 ... Tk`: look-arounds left out (they consume
 * nothing, and leaving a condition out only admits more), cut before the first term with a `\p{...}` class. A
 * match of the full pattern at a position starts with a match of its first k terms there, so where the gate fails
 * the pattern fails: skipping those positions changes no match. A top-level alternation gates each alternative.
 * test/rules/injection-gate.test.ts checks gates position by position, and test/rules/injection-scan.test.ts
 * compares the gated scan with a whole-text search of every pattern.
 */

/** One top-level term of a pattern: an atom with its quantifier. */
interface Term {
  text: string;
  lookAround: boolean;
}

/** How much shorter than a pattern without `\p` classes its gate must be to be worth a compile of its own. */
const MIN_SAVING = 0.1;

/** The pattern's top-level alternatives, each as its top-level terms. The source is a valid pattern. */
function topLevel(source: string): Term[][] {
  const alternatives: Term[][] = [[]];
  let i = 0;
  while (i < source.length) {
    const start = i;
    const ch = source[i]!;
    if (ch === '|') {
      alternatives.push([]);
      i++;
      continue;
    }
    let lookAround = false;
    if (ch === '(') {
      lookAround = /^\(\?(?:=|!|<=|<!)/.test(source.slice(i, i + 4));
      i = groupEnd(source, i);
    } else if (ch === '[') i = classEnd(source, i);
    else if (ch === '\\') i = escapeEnd(source, i);
    else i++;
    i = quantifierEnd(source, i);
    alternatives[alternatives.length - 1]!.push({ text: source.slice(start, i), lookAround });
  }
  return alternatives;
}

/** Just past the `)` that closes the group opening at `open`. */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (ch === '[') i = classEnd(source, i) - 1;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i + 1;
  }
  return source.length;
}

/** Just past the `]` that closes the class opening at `open`. */
function classEnd(source: string, open: number): number {
  for (let i = open + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']') return i + 1;
  }
  return source.length;
}

/** Just past the escape starting at `at` (`\p{L}`, `\u{...}`, `\u2019`, `\x41`, `\.`). */
function escapeEnd(source: string, at: number): number {
  const kind = source[at + 1];
  if (kind === 'p' || kind === 'P' || (kind === 'u' && source[at + 2] === '{')) return source.indexOf('}', at) + 1;
  if (kind === 'u') return at + 6;
  if (kind === 'x') return at + 4;
  return at + 2;
}

/** Just past a quantifier at `at` (`?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy), or `at` itself. */
function quantifierEnd(source: string, at: number): number {
  let i = at;
  const ch = source[i];
  if (ch === '?' || ch === '*' || ch === '+') i++;
  else if (ch === '{') i += /^\{\d+(?:,\d*)?\}/.exec(source.slice(i))?.[0].length ?? 0;
  return i > at && source[i] === '?' ? i + 1 : i;
}

/**
 * The gate's source for a pattern written as `source` (with `\p{L}`/`\p{N}` as written), or undefined when no gate
 * would help: an alternative whose gate would keep fewer than two terms (it would admit every candidate), or a
 * gate hardly smaller than a pattern without `\p` classes, or a pattern with a back-reference.
 */
export function gateSource(source: string): string | undefined {
  // A back-reference could name a group the gate leaves out (inside a look-around); no phrase has one.
  if (/\\[1-9]|\\k</.test(source)) return undefined;
  const gates: string[] = [];
  for (const terms of topLevel(source)) {
    let gate = '';
    let kept = 0;
    for (const term of terms) {
      if (term.lookAround) continue;
      if (term.text.includes('\\p{') || term.text.includes('\\P{')) break;
      gate += term.text;
      kept++;
    }
    if (kept < 2) return undefined;
    gates.push(gate);
  }
  const gate = gates.join('|');
  return source.includes('\\p{') || gate.length <= source.length * (1 - MIN_SAVING) ? gate : undefined;
}
