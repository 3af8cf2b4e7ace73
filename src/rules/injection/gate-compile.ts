/**
 * Build-time compiler of a phrase pattern into a gate automaton (gate-automaton.ts): a deterministic automaton over
 * UTF-16 code units that accepts, from a position, wherever the pattern can match there. Used by
 * scripts/gen-start-sets.mjs only, so no process compiles anything for it.
 *
 * The automaton reads the pattern as gate-parse.ts reads it (assertions and look-arounds left out, as they consume
 * nothing and leaving a condition out only admits more, but for a line start or word start read from the character
 * before), and a code point outside the BMP as any surrogate pair, so it accepts a superset of where the pattern
 * matches: where it rejects, the pattern cannot match, and the scanner skips the position. A pattern gate-parse.ts
 * refuses keeps its regular-expression gate.
 */
import { gateSource } from './gate.js';
import type { GateAutomaton } from './gate-automaton.js';
import { type Node, Parser, type Ranges, UnsupportedPattern } from './gate-parse.js';

export { UnsupportedPattern } from './gate-parse.js';

/** Code-unit ranges (at most 0xffff) and whether the set holds code points outside the BMP. */
function codeUnits(ranges: Ranges): { units: Ranges; astral: boolean } {
  const units: Ranges = [];
  let astral = false;
  for (const [lo, hi] of ranges) {
    if (lo <= 0xffff) units.push([lo, Math.min(hi, 0xffff)]);
    if (hi > 0xffff) astral = true;
  }
  return { units, astral };
}

/** The code units a negated condition on the character before reads (Latin, Greek and Cyrillic letters and before). */
const GUARD_SCOPE: Ranges = [[0, 0x052f]];

function intersect(a: Ranges, b: Ranges): Ranges {
  const out: Ranges = [];
  for (const [lo, hi] of a)
    for (const [from, to] of b)
      if (Math.max(lo, from) <= Math.min(hi, to)) out.push([Math.max(lo, from), Math.min(hi, to)]);
  return out;
}

const HIGH_SURROGATES: Ranges = [[0xd800, 0xdbff]];
const LOW_SURROGATES: Ranges = [[0xdc00, 0xdfff]];

/** A Thompson NFA over code units: per state, epsilon moves and (set, target) moves. */
class Nfa {
  readonly epsilon: number[][] = [];
  readonly moves: { set: number; to: number }[][] = [];
  /** Epsilon moves taken only when the character before (the one just read) passes a condition (`behind` nodes). */
  readonly guards: { set: number; negate: boolean; start: boolean; to: number }[][] = [];
  /** Distinct sets, by key, so the alphabet is cut once per set however often the pattern repeats it. */
  readonly sets: Ranges[] = [];
  private readonly setIds = new Map<string, number>();

  constructor(private readonly maxStates: number) {}

  state(): number {
    if (this.epsilon.length >= this.maxStates) throw new UnsupportedPattern('too many NFA states');
    this.epsilon.push([]);
    this.moves.push([]);
    this.guards.push([]);
    return this.epsilon.length - 1;
  }

  private setId(ranges: Ranges): number {
    const key = ranges.join(' ');
    let set = this.setIds.get(key);
    if (set === undefined) {
      set = this.sets.length;
      this.sets.push(ranges);
      this.setIds.set(key, set);
    }
    return set;
  }

  private move(from: number, ranges: Ranges, to: number): void {
    (this.moves[from] as { set: number; to: number }[]).push({ set: this.setId(ranges), to });
  }

  /** Adds `node` between two new states; returns them. */
  build(node: Node): [number, number] {
    const start = this.state();
    const end = this.state();
    this.wire(node, start, end);
    return [start, end];
  }

  private wire(node: Node, from: number, to: number): void {
    switch (node.t) {
      case 'empty':
        (this.epsilon[from] as number[]).push(to);
        return;
      case 'behind': {
        // Code units only: a surrogate before is in no class here, so a negated condition passes (admits more). A
        // negated condition reads only the scripts up to Cyrillic (it admits more after a letter of another script):
        // all of \p{L} would cut the alphabet into ~1,400 intervals, each stored with every automaton.
        const units = codeUnits(node.ranges).units;
        const set = this.setId(node.negate ? intersect(units, GUARD_SCOPE) : units);
        this.guards[from]?.push({ set, negate: node.negate, start: node.start, to });
        return;
      }
      case 'set': {
        const { units, astral } = codeUnits(node.ranges);
        if (units.length > 0) this.move(from, units, to);
        if (astral) {
          const mid = this.state();
          this.move(from, HIGH_SURROGATES, mid);
          this.move(mid, LOW_SURROGATES, to);
        }
        return;
      }
      case 'seq': {
        let at = from;
        node.items.forEach((item, k) => {
          const next = k === node.items.length - 1 ? to : this.state();
          this.wire(item, at, next);
          at = next;
        });
        if (node.items.length === 0) (this.epsilon[from] as number[]).push(to);
        return;
      }
      case 'alt':
        for (const alt of node.alts) this.wire(alt, from, to);
        return;
      case 'rep': {
        let at = from;
        for (let k = 0; k < node.min; k++) {
          const next = this.state();
          this.wire(node.node, at, next);
          at = next;
        }
        if (node.max === Infinity) {
          const loop = this.state();
          (this.epsilon[at] as number[]).push(loop);
          this.wire(node.node, loop, loop);
          (this.epsilon[loop] as number[]).push(to);
          return;
        }
        for (let k = node.min; k < node.max; k++) {
          (this.epsilon[at] as number[]).push(to);
          const next = this.state();
          this.wire(node.node, at, next);
          at = next;
        }
        (this.epsilon[at] as number[]).push(to);
        return;
      }
    }
  }
}

/** Limits that keep the generated tables small; a pattern over them gets a shorter gate or none. */
export interface GateLimits {
  maxNfaStates: number;
  maxDfaStates: number;
}
export const GATE_LIMITS: GateLimits = { maxNfaStates: 20_000, maxDfaStates: 255 };

/** The automaton of `source` (throws UnsupportedPattern when it cannot or should not be built). */
export function compileGate(source: string, limits: GateLimits = GATE_LIMITS): GateAutomaton {
  const nfa = new Nfa(limits.maxNfaStates);
  const [start, final] = nfa.build(new Parser(source).parse());
  // The alphabet: code-unit intervals on which every NFA set agrees, grouped by which sets hold them.
  const cuts = new Set<number>([0, 128, 0x10000]);
  for (let c = 0; c < 128; c++) cuts.add(c);
  for (const set of nfa.sets)
    for (const [lo, hi] of set) {
      cuts.add(lo);
      cuts.add(hi + 1);
    }
  const bounds = [...cuts].filter((c) => c <= 0xffff).sort((a, b) => a - b);
  const holds = (set: Ranges, unit: number): boolean => {
    let lo = 0;
    let hi = set.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [from, to] = set[mid] as [number, number];
      if (unit < from) hi = mid - 1;
      else if (unit > to) lo = mid + 1;
      else return true;
    }
    return false;
  };
  const signatureOf = (unit: number): string =>
    nfa.sets
      .map((set, k) => (holds(set, unit) ? k : -1))
      .filter((k) => k >= 0)
      .join(',');
  const classIds = new Map<string, number>([['', 0]]); // class 0: no set holds it
  const representative: number[] = [-1];
  const intervalClass = bounds.map((lo) => {
    const signature = signatureOf(lo);
    let id = classIds.get(signature);
    if (id === undefined) {
      id = classIds.size;
      classIds.set(signature, id);
      representative.push(lo);
    }
    return id;
  });
  const classes = classIds.size;
  // Per class, which sets hold it.
  const inSet = representative.map((unit) => nfa.sets.map((set) => unit >= 0 && holds(set, unit)));
  /** The states reachable without reading, the character before being of class `before` (-1: there is none). */
  const closure = (states: Iterable<number>, before: number): number[] => {
    const seen = new Set<number>();
    const stack = [...states];
    while (stack.length > 0) {
      const s = stack.pop() as number;
      if (seen.has(s)) continue;
      seen.add(s);
      stack.push(...(nfa.epsilon[s] as number[]));
      for (const g of nfa.guards[s] as { set: number; negate: boolean; start: boolean; to: number }[]) {
        const passes = before === -1 ? g.start : (inSet[before] as boolean[])[g.set] !== g.negate;
        if (passes) stack.push(g.to);
      }
    }
    return [...seen].sort((a, b) => a - b);
  };
  // Subset construction, breadth first. State 0 rejects, state 1 starts where there is no character before, state 2
  // is "may match" (accepting, no moves): a set holding the final state is state 2 (the gate has matched), and so is
  // every set found once the automaton is full, which admits more and keeps the automaton exact for the pattern's
  // first characters, where most candidates fail. Other starts depend on the character before (`starts`).
  const ids = new Map<string, number>();
  const sets: number[][] = [[], [], []];
  const rows: number[][] = [0, 1, 2].map(() => new Array<number>(classes).fill(0));
  const idOf = (states: number[]): number => {
    if (states.length === 0) return 0;
    if (states.includes(final)) return 2;
    const key = states.join(',');
    let id = ids.get(key);
    if (id === undefined) {
      if (sets.length >= limits.maxDfaStates) return 2;
      id = sets.length;
      ids.set(key, id);
      sets.push(states);
      rows.push(new Array<number>(classes).fill(0));
    }
    return id;
  };
  const first = closure([start], -1);
  if (first.includes(final)) throw new UnsupportedPattern('the pattern matches the empty string');
  sets[1] = first;
  ids.set(first.join(','), 1);
  const starts = Array.from({ length: classes }, (_, k) => idOf(closure([start], k)));
  if (starts.includes(2)) throw new UnsupportedPattern('the pattern matches the empty string');
  for (let id = 1; id < sets.length; id++) {
    if (id === 2) continue;
    for (let k = 1; k < classes; k++) {
      const member = inSet[k] as boolean[];
      const targets: number[] = [];
      for (const s of sets[id] as number[])
        for (const { set, to } of nfa.moves[s] as { set: number; to: number }[]) if (member[set]) targets.push(to);
      (rows[id] as number[])[k] = idOf(closure(targets, k));
    }
  }
  const ascii = intervalClass.slice(0, 128);
  const wideBounds = bounds.slice(128);
  const wideClasses = intervalClass.slice(128);
  return { classes, ascii, wideBounds, wideClasses, starts, table: rows.flat() };
}

/**
 * The gate automaton for a phrase pattern: of the whole pattern if it is small enough, else of its gate
 * (gate.ts, the terms before the first `\p` class), else none.
 */
export function gateAutomatonOf(source: string, limits: GateLimits = GATE_LIMITS): GateAutomaton | undefined {
  for (const candidate of [source, gateSource(source)]) {
    if (candidate === undefined) continue;
    try {
      return compileGate(candidate, limits);
    } catch (error) {
      if (!(error instanceof UnsupportedPattern)) throw error;
    }
  }
  return undefined;
}
