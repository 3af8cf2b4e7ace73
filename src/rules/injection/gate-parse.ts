/**
 * The pattern syntax the phrase tables use, read into a tree of code-point sets for the gate compiler
 * (gate-compile.ts; build time only). Assertions and look-arounds become nothing, which admits more, except a
 * condition on the character before that the automaton can check exactly: a line start (`^`) and a word start
 * written as phrase.ts `word` does. Anything else the reader does not know (a back-reference) is refused.
 */
import { LETTER_RANGES, NUMBER_RANGES } from './unicode-classes.generated.js';
/** Code point ranges, inclusive, sorted and disjoint. */
export type Ranges = [number, number][];

export type Node =
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

export const LINE_TERMINATORS: Ranges = [
  [10, 10],
  [13, 13],
  [0x2028, 0x2029],
];

/** A recursive-descent reader of the pattern syntax the phrase tables use. */
export class Parser {
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
        // `(?:ALT)(?<=(?<!X)(?:ALT))` (phrase.ts `word`): the guard goes before ALT, or before the words of ALT that
        // can carry it when only some can.
        if (boundary.words === undefined) items.splice(items.length - 1, 0, boundary.guard);
        else items[items.length - 1] = boundary.words;
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
   * "the character before ALT is not in X", and where the look-behind ends. The look-behind may match another word
   * of ALT ending where ALT's match ends, so the condition is exact only for a word that no other word ends with and
   * each of whose suffixes in ALT starts after a character in X. When every word of ALT is such a
   * word, `guard` goes before ALT (`words` undefined); when only some are, `words` replaces ALT: those words behind
   * the guard, or the others without it.
   */
  private wordBoundary(
    previous: string,
    node: Node | undefined,
  ): { guard: Node; words: Node | undefined; end: number } | undefined {
    const s = this.source;
    if (node === undefined || previous === '' || !s.startsWith('(?<=(?<!', this.at)) return undefined;
    const inner = new Parser(s);
    inner.at = this.at + 8;
    const first = s[inner.at];
    if (first !== '[' && first !== '\\') return undefined;
    const atom = inner.atom();
    if (atom.t !== 'set' || s[inner.at] !== ')') return undefined;
    if (!s.startsWith(`)${previous})`, inner.at)) return undefined;
    // ALT's alternatives that spell out as a word list, and the others (`this\s+one`) with the words their strings
    // end with.
    const words: string[] = [];
    const open: Node[] = [];
    const endings: string[] = [];
    for (const alt of node.t === 'alt' ? node.alts : [node]) {
      const spelled = wordsOf(alt);
      if (spelled !== undefined) {
        words.push(...spelled);
        continue;
      }
      const ends = endingsOf(alt);
      if (ends === undefined) return undefined;
      open.push(alt);
      endings.push(...ends);
    }
    const guard: Node = { t: 'behind', ranges: atom.ranges, negate: true, start: true };
    const end = inner.at + previous.length + 2;
    const guarded = guardedWords(words, atom.ranges, endings);
    if (guarded.size === 0) return undefined;
    if (open.length === 0 && guarded.size === new Set(words).size) return { guard, words: undefined, end };
    const literal = (word: string): Node => ({
      t: 'seq',
      items: [...word].map((ch) => ({
        t: 'set',
        ranges: [[ch.codePointAt(0) as number, ch.codePointAt(0) as number]],
      })),
    });
    const others = [...new Set(words)].filter((w) => !guarded.has(w));
    const alternatives: Node[] = [
      { t: 'seq', items: [guard, { t: 'alt', alts: [...guarded].map(literal) }] },
      ...others.map(literal),
      ...open,
    ];
    return { guard, words: { t: 'alt', alts: alternatives }, end };
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
export function wordsOf(node: Node): string[] | undefined {
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

/**
 * The words of a list for which a word-start condition is exact: with the character before the word in X (`inX`,
 * code-point ranges), `(?<=(?<!X)(?:LIST))` after the word always fails. The look-behind may match any word of the
 * list that ends where this one ends: a shorter one (or the empty word) starts after a character of this word, and
 * fails when that character is in X; a longer one holds this word's character before in its own spelling, and cannot
 * match when that character of its spelling is outside X (the text's is in X). `endings`: words that the list's
 * other strings (not spelled out) end with, of which nothing else is known: a word ending with one of them, or one of
 * them ending with the word after a character in X, is not exact. The empty word is never one.
 */
export function guardedWords(words: string[], inX: Ranges, endings: readonly string[] = []): Set<string> {
  const set = new Set(words);
  const held = (code: number): boolean => inX.some(([lo, hi]) => code >= lo && code <= hi);
  /** Whether `longer` ends with `w` after a character in X. */
  const endsAfterX = (longer: string, w: string): boolean =>
    longer.length > w.length && longer.endsWith(w) && held(longer.charCodeAt(longer.length - w.length - 1));
  const out = new Set<string>();
  for (const w of set) {
    if (w === '') continue;
    let exact = !endings.some((e) => w.endsWith(e) || endsAfterX(e, w));
    for (const other of set) if (endsAfterX(other, w)) exact = false;
    for (let k = 1; k <= w.length; k++) if (set.has(w.slice(k)) && !held(w.charCodeAt(k - 1))) exact = false;
    if (exact) out.add(w);
  }
  return out;
}

/**
 * Words every string of `node` ends with (each string ends with one of them): the strings of its last items when
 * they are few (`\s+one` ends with "one"), else undefined.
 */
function endingsOf(node: Node): string[] | undefined {
  if (node.t !== 'seq') return undefined;
  let ends: string[] = [''];
  for (let k = node.items.length - 1; k >= 0; k--) {
    const item = wordsOf(node.items[k] as Node);
    if (item === undefined) break;
    const longer = ends.flatMap((e) => item.map((w) => w + e));
    if (longer.length > MAX_WORDS) break;
    ends = longer;
  }
  return ends.includes('') ? undefined : ends;
}
