/**
 * Start literals made one character longer where a pattern's gate automaton (gate-automaton.ts) allows only a few
 * characters after them. Why: the start-set analysis (prefixes.ts) stops a literal where the paths fan out, so a
 * pattern such as `(?:^|[(\[{<>*_#|]|...)[ \t]*(?:note|the|ai|...)` starts at every `(`, `*`, `#` or `|` of a text
 * (a third of all candidates over the corpus), while its automaton already knows that only a blank or one of a
 * dozen letters may follow. Exact: the automaton admits wherever the pattern matches, and a literal is extended only
 * by the characters after which the automaton, from any character before the literal, does not reject.
 *
 * Run when the scanner tables are built (scripts/gen-start-sets.mjs), never on a scan.
 */
import type { GateAutomaton } from './gate-automaton.js';

/** Literals no longer than this are extended (longer ones already pick out few positions). */
const SHORT = 1;
/** Most characters a literal may be followed by for it to be extended (each gives a literal). */
const MAX_NEXT = 16;
const ACCEPT = 2;
/** The characters a trie literal may not hold (scan.ts reads them as a \n). */
const FORBIDDEN = new Set([13]);

/** The literals that replace `literal` (itself alone when it is not extended). */
export function refinedLiterals(literal: string, gate: GateAutomaton | undefined): string[] {
  if (gate === undefined || literal.length > SHORT) return [literal];
  const { classes, table } = gate;
  // The states after the literal, from every start state (one per class of the character before, and none).
  let states = new Set<number>([1, ...gate.starts].filter((s) => s !== 0));
  for (let i = 0; i < literal.length; i++) {
    const code = literal.charCodeAt(i);
    const k = classOf(gate, code);
    const after = new Set<number>();
    for (const s of states) {
      const to = k === 0 ? 0 : (table[s * classes + k] as number);
      if (to === ACCEPT) return [literal]; // may match (or be admitted) right there
      if (to !== 0) after.add(to);
    }
    states = after;
  }
  if (states.size === 0) return [literal];
  const wideClasses = new Set(gate.wideClasses);
  const next: string[] = [];
  for (let k = 1; k < classes; k++) {
    if (![...states].some((s) => table[s * classes + k] !== 0)) continue;
    if (wideClasses.has(k)) return [literal]; // a character outside ASCII may follow
    for (let code = 0; code < 128; code++) {
      if (gate.ascii[code] !== k) continue;
      if (FORBIDDEN.has(code)) return [literal];
      next.push(literal + String.fromCharCode(code));
    }
  }
  return next.length === 0 || next.length > MAX_NEXT ? [literal] : next;
}

function classOf(gate: GateAutomaton, code: number): number {
  if (code < 128) return gate.ascii[code] as number;
  let k = 0;
  gate.wideBounds.forEach((bound, n) => {
    if (bound <= code) k = gate.wideClasses[n] as number;
  });
  return k;
}

/** The automaton packGateAutomaton packed (gate-automaton.ts documents the format). */
export function unpackGateAutomaton(packed: string): GateAutomaton {
  const data = Buffer.from(packed, 'base64');
  const classes = data[0] as number;
  const states = data[1] as number;
  const ascii = [...data.subarray(2, 130)];
  const wide = (data[130] as number) | ((data[131] as number) << 8);
  let at = 132;
  const wideBounds: number[] = [];
  for (let n = 0; n < wide; n++, at += 2) wideBounds.push((data[at] as number) | ((data[at + 1] as number) << 8));
  const wideClasses = [...data.subarray(at, at + wide)];
  at += wide;
  const starts = [...data.subarray(at, at + classes)];
  at += classes;
  const table = new Array<number>(states * classes).fill(0);
  for (let s = 0; s < states; s++) {
    for (let n = data[at++] as number; n > 0; n--, at += 2)
      table[s * classes + (data[at] as number)] = data[at + 1] as number;
  }
  return { classes, ascii, wideBounds, wideClasses, starts, table };
}
