/**
 * Build-time compiler of a phrase pattern into a gate automaton (gate-automaton.ts): a deterministic automaton over
 * UTF-16 code units that accepts, from a position, wherever the pattern can match there. Used by
 * scripts/gen-start-sets.mjs only, so no process compiles anything for it.
 *
 * The automaton reads the pattern with every assertion and look-around left out (they consume nothing, and leaving
 * a condition out only admits more) and a code point outside the BMP as any surrogate pair, so it accepts a superset
 * of where the pattern matches: where it rejects, the pattern cannot match, and the scanner skips the position.
 * Only the pattern syntax the phrase tables use is read (literals, escapes, classes, groups, alternation and
 * quantifiers); anything else (a back-reference) is refused, and that pattern keeps its regular-expression gate.
 */
import { gateSource } from './gate.js';
import type { GateAutomaton } from './gate-automaton.js';
import { LETTER_RANGES, NUMBER_RANGES } from './unicode-classes.generated.js';

/** Code point ranges, inclusive, sorted and disjoint. */
type Ranges = [number, number][];

type Node =
  | { t: 'set'; ranges: Ranges }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; alts: Node[] }
  | { t: 'rep'; node: Node; min: number; max: number }
  | { t: 'empty' }
  /** A condition on the character before this point: in `ranges` (or not, `negate`), or none (`start`: no character). */
  | { t: 'behind'; ranges: Ranges; negate: boolean; start: boolean };

export class UnsupportedPattern extends Error {}

const MAX_CODE_POINT = 0x10ffff;
const propertyCache = new Map<string, Ranges>();

/** The spelled-out classes the phrase patterns are compiled with (unicode-classes.ts): no scan of every code point. */
const SPELLED_OUT: Readonly<Record<string, string>> = { '\\p{L}': LETTER_RANGES, '\\p{N}': NUMBER_RANGES };
/** Escapes whose members are all in the BMP under the `u` flag without `i`. */
const BMP_ONLY = new Set(['\\d', '\\s', '\\w']);

/** The code points a one-character pattern (`\p{L}`, `\s`) matches under the `u` flag, as ranges. */
function rangesOf(pattern: string): Ranges {
  let ranges = propertyCache.get(pattern);
  if (ranges !== undefined) return ranges;
  const spelled = SPELLED_OUT[pattern];
  if (spelled !== undefined) {
    ranges = new Parser(`[${spelled}]`).parseClass();
    propertyCache.set(pattern, ranges);
    return ranges;
  }
  const re = new RegExp(`^${pattern}$`, 'u');
  ranges = [];
  let open = -1;
  const last = BMP_ONLY.has(pattern) ? 0xffff : MAX_CODE_POINT;
  for (let cp = 0; cp <= last + 1; cp++) {
    const inside = cp <= last && re.test(String.fromCodePoint(cp));
    if (inside && open === -1) open = cp;
    else if (!inside && open !== -1) {
      ranges.push([open, cp - 1]);
      open = -1;
    }
  }
  propertyCache.set(pattern, ranges);
  return ranges;
}

function normalise(ranges: Ranges): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let from = 0;
  for (const [lo, hi] of normalise(ranges)) {
    if (lo > from) out.push([from, lo - 1]);
    from = hi + 1;
  }
  if (from <= MAX_CODE_POINT) out.push([from, MAX_CODE_POINT]);
  return out;
}

const LINE_TERMINATORS: Ranges = [
  [10, 10],
  [13, 13],
  [0x2028, 0x2029],
];

/** A recursive-descent reader of the pattern syntax the phrase tables use. */
class Parser {
  private at = 0;
  constructor(private readonly source: string) {}

  /** The source as one class (`[...]`). */
  parseClass(): Ranges {
    return this.characterClass();
  }

  parse(): Node {
    const node = this.alternation();
    if (this.at !== this.source.length) throw new UnsupportedPattern(`unexpected ${this.source[this.at]}`);
    return node;
  }

  private alternation(): Node {
    const alts = [this.sequence()];
    while (this.source[this.at] === '|') {
      this.at++;
      alts.push(this.sequence());
    }
    return alts.length === 1 ? (alts[0] as Node) : { t: 'alt', alts };
  }

  private sequence(): Node {
    const items: Node[] = [];
    let previous = '';
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      const from = this.at;
      const boundary = this.wordBoundary(previous, items[items.length - 1]);
      if (boundary !== undefined) {
        // `(?:ALT)(?<=(?<!X)(?:ALT))` (phrase.ts `word`): the guard goes before ALT.
        items.splice(items.length - 1, 0, boundary.guard);
        this.at = boundary.end;
        previous = '';
        continue;
      }
      const atom = this.atom();
      items.push(this.quantified(atom));
      previous = this.source.slice(from, this.at);
    }
    return { t: 'seq', items };
  }

  /**
   * At `(?<=(?<!X)(?:ALT))` right after `(?:ALT)` (`previous`, read as `node`), with X one class: the condition
   * "the character before ALT is not in X", and where the look-behind ends. Exact only when no word of ALT ends
   * with another (the look-behind could match the other word, which starts elsewhere), so only then.
   */
  private wordBoundary(previous: string, node: Node | undefined): { guard: Node; end: number } | undefined {
    const s = this.source;
    if (node === undefined || previous === '' || !s.startsWith('(?<=(?<!', this.at)) return undefined;
    const inner = new Parser(s);
    inner.at = this.at + 8;
    const first = s[inner.at];
    if (first !== '[' && first !== '\\') return undefined;
    const atom = inner.atom();
    if (atom.t !== 'set' || s[inner.at] !== ')') return undefined;
    if (!s.startsWith(`)${previous})`, inner.at)) return undefined;
    const words = wordsOf(node);
    if (words === undefined || !suffixFree(words)) return undefined;
    return {
      guard: { t: 'behind', ranges: atom.ranges, negate: true, start: true },
      end: inner.at + previous.length + 2,
    };
  }

  private quantified(atom: Node): Node {
    const ch = this.source[this.at];
    let min: number;
    let max: number;
    if (ch === '?' || ch === '*' || ch === '+') {
      this.at++;
      [min, max] = ch === '?' ? [0, 1] : ch === '*' ? [0, Infinity] : [1, Infinity];
    } else if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (m === null) throw new UnsupportedPattern('a lone {');
      this.at += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    } else return atom;
    if (this.source[this.at] === '?') this.at++; // lazy: the same strings
    return { t: 'rep', node: atom, min, max };
  }

  private atom(): Node {
    const s = this.source;
    const ch = s[this.at] as string;
    if (ch === '(') {
      let lookAround = false;
      if (s.startsWith('(?:', this.at)) this.at += 3;
      else if (/^\(\?<?[=!]/.test(s.slice(this.at, this.at + 4))) {
        lookAround = true;
        this.at += s[this.at + 2] === '<' ? 4 : 3;
      } else if (s.startsWith('(?<', this.at)) this.at = s.indexOf('>', this.at) + 1;
      else if (s.startsWith('(?', this.at)) throw new UnsupportedPattern('a group modifier');
      else this.at++;
      const inner = this.alternation();
      if (s[this.at] !== ')') throw new UnsupportedPattern('an unclosed group');
      this.at++;
      return lookAround ? { t: 'empty' } : inner;
    }
    if (ch === '^') {
      this.at++;
      return { t: 'behind', ranges: LINE_TERMINATORS, negate: false, start: true };
    }
    if (ch === '$') {
      this.at++;
      return { t: 'empty' };
    }
    if (ch === '.') {
      this.at++;
      return { t: 'set', ranges: complement(LINE_TERMINATORS) };
    }
    if (ch === '[') return { t: 'set', ranges: this.characterClass() };
    if (ch === '\\') {
      const escaped = this.escape(false);
      return escaped === 'assertion' ? { t: 'empty' } : { t: 'set', ranges: escaped };
    }
    const cp = s.codePointAt(this.at) as number;
    this.at += cp > 0xffff ? 2 : 1;
    return { t: 'set', ranges: [[cp, cp]] };
  }

  private characterClass(): Ranges {
    const s = this.source;
    this.at++; // [
    const negated = s[this.at] === '^';
    if (negated) this.at++;
    const members: Ranges = [];
    while (s[this.at] !== ']') {
      if (this.at >= s.length) throw new UnsupportedPattern('an unclosed class');
      const low = this.classAtom();
      if (s[this.at] === '-' && s[this.at + 1] !== ']' && low.length === 1 && low[0]![0] === low[0]![1]) {
        this.at++;
        const high = this.classAtom();
        if (high.length !== 1 || high[0]![0] !== high[0]![1]) throw new UnsupportedPattern('a range to a class');
        members.push([low[0]![0], high[0]![0]]);
      } else members.push(...low);
    }
    this.at++; // ]
    return negated ? complement(members) : normalise(members);
  }

  private classAtom(): Ranges {
    if (this.source[this.at] === '\\') {
      const escaped = this.escape(true);
      if (escaped === 'assertion') throw new UnsupportedPattern('an assertion in a class');
      return escaped;
    }
    const cp = this.source.codePointAt(this.at) as number;
    this.at += cp > 0xffff ? 2 : 1;
    return [[cp, cp]];
  }

  private escape(inClass: boolean): Ranges | 'assertion' {
    const s = this.source;
    const kind = s[this.at + 1] as string;
    this.at += 2;
    const single = (cp: number): Ranges => [[cp, cp]];
    switch (kind) {
      case 't':
        return single(9);
      case 'n':
        return single(10);
      case 'r':
        return single(13);
      case 'v':
        return single(11);
      case 'f':
        return single(12);
      case '0':
        return single(0);
      case 'd':
      case 'D':
      case 's':
      case 'S':
      case 'w':
      case 'W':
        return rangesOf(`\\${kind}`);
      case 'b':
        if (inClass) return single(8);
        return 'assertion';
      case 'B':
        return 'assertion';
      case 'p':
      case 'P': {
        const end = s.indexOf('}', this.at);
        const name = s.slice(this.at - 2, end + 1);
        this.at = end + 1;
        return rangesOf(name);
      }
      case 'u': {
        if (s[this.at] === '{') {
          const end = s.indexOf('}', this.at);
          const cp = Number.parseInt(s.slice(this.at + 1, end), 16);
          this.at = end + 1;
          return single(cp);
        }
        const cp = Number.parseInt(s.slice(this.at, this.at + 4), 16);
        this.at += 4;
        return single(cp);
      }
      case 'x': {
        const cp = Number.parseInt(s.slice(this.at, this.at + 2), 16);
        this.at += 2;
        return single(cp);
      }
      default:
        if (/[1-9kc]/.test(kind)) throw new UnsupportedPattern(`\\${kind}`);
        return single(kind.codePointAt(0) as number);
    }
  }
}

/** Most words `wordsOf` spells out. */
const MAX_WORDS = 4096;

/** Every string a node matches, if they are few (a word list), else undefined. */
function wordsOf(node: Node): string[] | undefined {
  const cap = (words: string[]): string[] | undefined => (words.length > MAX_WORDS ? undefined : words);
  switch (node.t) {
    case 'empty':
      return [''];
    case 'behind':
      return undefined;
    case 'set': {
      const size = node.ranges.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);
      if (size > 8) return undefined;
      return node.ranges.flatMap(([lo, hi]) =>
        Array.from({ length: hi - lo + 1 }, (_, k) => String.fromCodePoint(lo + k)),
      );
    }
    case 'alt': {
      const words: string[] = [];
      for (const alt of node.alts) {
        const more = wordsOf(alt);
        if (more === undefined) return undefined;
        words.push(...more);
      }
      return cap(words);
    }
    case 'seq': {
      let words: string[] | undefined = [''];
      for (const item of node.items) {
        const next = wordsOf(item);
        if (next === undefined) return undefined;
        words = cap(words.flatMap((w) => next.map((n) => w + n)));
        if (words === undefined) return undefined;
      }
      return words;
    }
    case 'rep': {
      if (node.max === Infinity) return undefined;
      const one = wordsOf(node.node);
      if (one === undefined) return undefined;
      let words: string[] = [];
      let layer: string[] | undefined = [''];
      for (let k = 0; k <= node.max; k++) {
        if (k >= node.min) words.push(...layer);
        if (k === node.max) break;
        layer = cap(layer.flatMap((w) => one.map((n) => w + n)));
        if (layer === undefined || words.length > MAX_WORDS) return undefined;
      }
      words = [...new Set(words)];
      return cap(words);
    }
  }
}

/** Whether no word of the list is a proper suffix of another (nor the empty word in it). */
function suffixFree(words: string[]): boolean {
  const set = new Set(words);
  if (set.has('')) return false;
  for (const w of set) for (let k = 1; k < w.length; k++) if (set.has(w.slice(k))) return false;
  return true;
}

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
