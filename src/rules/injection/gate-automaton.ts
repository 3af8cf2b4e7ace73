/**
 * A phrase pattern's gate as a deterministic automaton, generated at build time (gate-compile.ts, written to
 * gate-automata.generated.ts by scripts/gen-start-sets.mjs). Why: a gate written as a regular expression cost
 * ~0.2 ms to compile on its first use in a process, a one-skill run used 15-40 of them, and the patterns they
 * admitted cost ~1.5 ms each more. An automaton is read from its table and walked with no compiling at all, and
 * as it follows the whole pattern (look-arounds left out) for its first states, it admits far fewer candidates.
 *
 * It accepts from a position wherever the pattern can match there, and often where it cannot; the scanner runs
 * the pattern at the positions it accepts (scan.ts).
 */

/** The automaton as built (state 0 rejects, state 1 starts, state 2 accepts: the pattern may match). */
export interface GateAutomaton {
  /** Number of character classes (class 0: a code unit no move reads). */
  classes: number;
  /** The class of each ASCII code unit. */
  ascii: number[];
  /** Starts of the code-unit intervals from 128 up, ascending, and the class of each. */
  wideBounds: number[];
  wideClasses: number[];
  /** Per class of the code unit before the position, the state to start in (state 1 when there is none). */
  starts: number[];
  /** `table[state * classes + class]`: the next state. */
  table: number[];
}

const ACCEPT = 2;

/**
 * The automaton as the generated table holds it, in base64: bytes for classes, states, the 128 ASCII classes, the
 * number of wide intervals (16 bits), their starts (16 bits each) and classes, the start state per class of the code
 * unit before, then per state its moves to a state
 * other than the rejecting one, counted, as (class, state) pairs (~7% of moves). Fewer than 256 states and classes.
 */
export function packGateAutomaton(a: GateAutomaton): string {
  const states = a.table.length / a.classes;
  if (states > 0xff || a.classes > 0xff) throw new Error('gate automaton: too many states or classes to pack');
  const wide = a.wideBounds.length;
  const out = [a.classes, states, ...a.ascii, wide & 0xff, wide >> 8];
  for (const bound of a.wideBounds) out.push(bound & 0xff, bound >> 8);
  out.push(...a.wideClasses, ...a.starts);
  for (let s = 0; s < states; s++) {
    const moves: number[] = [];
    for (let k = 0; k < a.classes; k++) {
      const to = a.table[s * a.classes + k] as number;
      if (to !== 0) moves.push(k, to);
    }
    out.push(moves.length / 2, ...moves);
  }
  return Buffer.from(Uint8Array.from(out)).toString('base64');
}

/**
 * The automaton ready to walk, from its packed form: opening it is one pass over its states (where each one's moves
 * are); a state's moves are spread into a table of states by classes the first time a walk reaches it, so a step is
 * one load (a start state's list can hold dozens of moves) and a process spreads only the states its texts reach.
 */
export class GateWalker {
  private readonly data: Buffer;
  /** Where the wide intervals' starts (16 bits each) and their classes begin in `data`, and how many there are. */
  private readonly wideBounds: number;
  private readonly wideClasses: number;
  private readonly wide: number;
  /** Where the start states by class of the code unit before are in `data`. */
  private readonly starts: number;
  /** Per state, where its move count is in `data`. */
  private readonly rows: Uint16Array;
  /** Number of character classes. */
  private readonly classes: number;
  /** `moves[state * classes + class]`: the next state (0: reject), for the states marked in `spread`. */
  private readonly moves: Uint8Array;
  private readonly spread: Uint8Array;

  constructor(packed: string) {
    const data = Buffer.from(packed, 'base64');
    this.data = data;
    const states = data[1] as number;
    this.wide = (data[130] as number) | ((data[131] as number) << 8);
    this.wideBounds = 132;
    this.wideClasses = 132 + 2 * this.wide;
    this.starts = this.wideClasses + this.wide;
    this.classes = data[0] as number;
    this.rows = rowOffsets(data, this.starts + this.classes, states);
    this.moves = new Uint8Array(states * this.classes);
    this.spread = new Uint8Array(states);
  }

  /** Spreads a state's packed moves into `moves`. */
  private spreadState(state: number): void {
    const { data, moves } = this;
    const row = state * this.classes;
    let at = this.rows[state] as number;
    for (let n = data[at++] as number; n > 0; n--, at += 2) moves[row + (data[at] as number)] = data[at + 1] as number;
    this.spread[state] = 1;
  }

  /** Whether the pattern may match at `at` in `text`. */
  admits(text: string, at: number): boolean {
    const { data, moves, classes } = this;
    let state = 1;
    if (at > 0) {
      const before = text.charCodeAt(at - 1);
      state = data[this.starts + (before < 128 ? (data[2 + before] as number) : this.wideClass(before))] as number;
      if (state === 0) return false;
    }
    for (let i = at; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const k = code < 128 ? (data[2 + code] as number) : this.wideClass(code);
      if (k === 0) return false;
      if (this.spread[state] === 0) this.spreadState(state);
      const next = moves[state * classes + k] as number;
      if (next === ACCEPT) return true;
      if (next === 0) return false;
      state = next;
    }
    return false;
  }

  /** The class of a code unit from 128 up: that of the last interval starting at or before it (the first at 128). */
  private wideClass(code: number): number {
    const { data, wideBounds } = this;
    let lo = 0;
    let hi = this.wide - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const bound = (data[wideBounds + 2 * mid] as number) | ((data[wideBounds + 2 * mid + 1] as number) << 8);
      if (bound <= code) lo = mid;
      else hi = mid - 1;
    }
    return data[this.wideClasses + lo] as number;
  }
}

/**
 * Where each state's move count is in a packed automaton, the first at `first`. A function of its own: a loop in the
 * constructor made V8 compile the constructor, Buffer decoding and all, on a process's first scan.
 */
function rowOffsets(data: Uint8Array, first: number, states: number): Uint16Array {
  const rows = new Uint16Array(states);
  let at = first;
  for (let s = 0; s < states; s++) {
    rows[s] = at;
    at += 1 + 2 * (data[at] as number);
  }
  if (at !== data.length) throw new Error(`gate automaton: ${data.length - at} bytes left over`);
  return rows;
}
