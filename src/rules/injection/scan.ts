/**
 * Every match of a table of phrase patterns in one lower-cased text, found without running each
 * pattern over the whole text.
 *
 * Each pattern's start set (prefixes.ts) and its anchors go into one trie. A single pass over the text
 * walks the trie from every position and notes where start literals occur (and the line starts, for
 * patterns that begin with `^`) and which patterns' anchors occur. A pattern with an anchor in the text
 * then runs sticky at its own candidate positions only. This gives exactly the matches a global search
 * (`matchAll`) gives: the global search takes, from where the last match ended, the first position where
 * the pattern matches; every position where it can match is a candidate, candidates are visited in order,
 * and a sticky match at a position is the match the global search finds there (look-behinds and `^`/`$`
 * still see the whole text).
 *
 * A pattern whose start set cannot be read off its source is searched over the whole text, as before,
 * when one of its anchors occurs.
 */
import type { Phrase } from './phrase.js';
import { startSet, type StartSet } from './prefixes.js';
import { PRECOMPUTED_START_SETS } from './start-sets.generated.js';

export interface PhraseMatch {
  /** Offset of the match in the scanned text. */
  index: number;
  /** The matched text. */
  text: string;
  phrase: Phrase;
}

/**
 * The trie while it is built: a map of children per node. Node 0 is the root. Frozen into a CompactTrie
 * before the first scan.
 */
class TrieBuilder {
  readonly children: Map<number, number>[] = [new Map()];
  /** Per node: patterns whose start literal ends there, and patterns one of whose anchors ends there. */
  readonly starts: (number[] | undefined)[] = [undefined];
  readonly anchors: (number[] | undefined)[] = [undefined];

  add(literal: string, pattern: number, table: 'starts' | 'anchors'): void {
    let node = 0;
    for (let i = 0; i < literal.length; i++) {
      const code = literal.charCodeAt(i);
      const kids = this.children[node] as Map<number, number>;
      let child = kids.get(code);
      if (child === undefined) {
        child = this.children.length;
        kids.set(code, child);
        this.children.push(new Map());
        this.starts.push(undefined);
        this.anchors.push(undefined);
      }
      node = child;
    }
    const list = (this[table][node] ??= []);
    if (!list.includes(pattern)) list.push(pattern);
  }

  /**
   * The scanning form. Why: the first layout (a 128-wide Int32 row per node, nodes in insertion order) took
   * 1 MB, and a walk of ~1.3 steps per character spent most of its time on cache misses. Here ASCII codes
   * that occur on some edge get a small class number (44 of them for the injection tables), rows are that
   * wide and 16-bit, and nodes are numbered breadth first, so the rows the walks touch most sit together.
   */
  freeze(): CompactTrie {
    const order: number[] = [0];
    for (let k = 0; k < order.length; k++) for (const child of (this.children[order[k] as number] as Map<number, number>).values()) order.push(child);
    const renumber = new Int32Array(order.length);
    order.forEach((old, id) => (renumber[old] = id));
    const classOf = new Uint8Array(128);
    let classes = 0;
    for (const kids of this.children) for (const code of kids.keys()) if (code < 128 && classOf[code] === 0) classOf[code] = ++classes;
    const stride = classes + 1;
    const table = order.length < 0xffff ? new Uint16Array(order.length * stride) : new Uint32Array(order.length * stride);
    const other = new Map<number, number>();
    const starts: (number[] | undefined)[] = [];
    const anchors: (number[] | undefined)[] = [];
    const flags = new Uint8Array(order.length);
    order.forEach((old, id) => {
      starts.push(this.starts[old]);
      anchors.push(this.anchors[old]);
      flags[id] = (this.starts[old] ? HAS_STARTS : 0) | (this.anchors[old] ? HAS_ANCHORS : 0);
      for (const [code, child] of this.children[old] as Map<number, number>) {
        if (code < 128) table[id * stride + (classOf[code] as number)] = renumber[child] as number;
        else other.set(id * 65536 + code, renumber[child] as number);
      }
    });
    return { classOf, stride, table, other, starts, anchors, flags };
  }
}

/**
 * The frozen trie: `table[node * stride + classOf[code]]` is the child for an ASCII code unit (class 0 and
 * child 0: none; the root is never a child), other code units go through `other` (key `node * 65536 + code`).
 */
interface CompactTrie {
  readonly classOf: Uint8Array;
  readonly stride: number;
  readonly table: Uint16Array | Uint32Array;
  readonly other: ReadonlyMap<number, number>;
  readonly starts: readonly (number[] | undefined)[];
  readonly anchors: readonly (number[] | undefined)[];
  /** Per node, HAS_STARTS and HAS_ANCHORS bits. */
  readonly flags: Uint8Array;
}

const HAS_STARTS = 1;
const HAS_ANCHORS = 2;

/** The compiled form of one phrase table. */
class PhraseScanner {
  private readonly trie: CompactTrie;
  /** Non-sticky copies of the patterns whose start set is unknown (searched over the whole text), by number. */
  private readonly whole = new Map<number, RegExp>();
  /** Patterns that may match at any line start. */
  private readonly lineStart: number[] = [];

  constructor(private readonly phrases: readonly Phrase[]) {
    const builder = new TrieBuilder();
    phrases.forEach((p, n) => {
      if (!p.flags.includes('y')) throw new Error(`phrase pattern ${p.source.slice(0, 40)} is not sticky`);
      for (const anchor of p.anchors) builder.add(anchor, n, 'anchors');
      const starts = startSetOf(p);
      if (starts === undefined) {
        this.whole.set(n, new RegExp(p.source, p.flags.replace('y', '')));
        return;
      }
      for (const literal of starts.literals) builder.add(literal, n, 'starts');
      if (starts.lineStarts) this.lineStart.push(n);
    });
    this.trie = builder.freeze();
  }

  /**
   * One pass over the text: which patterns have an anchor in it, and where start literals occur (as
   * pairs of position and trie node; node -1 stands for a line start).
   */
  private walk(text: string): { hits: Int32Array; count: number; anchored: Uint8Array } {
    const { classOf, stride, table, other, anchors, flags } = this.trie;
    const anchored = new Uint8Array(this.phrases.length);
    let hits = new Int32Array(1024);
    let count = 0;
    const lineStarts = this.lineStart.length > 0;
    const n = text.length;
    let previous = 10; // as if a line break came before the text: position 0 is a line start
    for (let i = 0; i < n; i++) {
      const first = text.charCodeAt(i);
      if (count + 4 > hits.length) {
        const grown = new Int32Array(hits.length * 2);
        grown.set(hits);
        hits = grown;
      }
      // `^` in multiline mode matches after \n, \r, U+2028 and U+2029.
      if (lineStarts && (previous === 10 || previous === 13 || previous === 0x2028 || previous === 0x2029)) {
        hits[count++] = i;
        hits[count++] = -1;
      }
      previous = first;
      let node = first < 128 ? (table[classOf[first] as number] as number) : (other.get(first) ?? 0);
      for (let j = i + 1; node !== 0; j++) {
        const flag = flags[node] as number;
        if (flag !== 0) {
          if ((flag & HAS_STARTS) !== 0) {
            if (count + 2 > hits.length) {
              const grown = new Int32Array(hits.length * 2);
              grown.set(hits);
              hits = grown;
            }
            hits[count++] = i;
            hits[count++] = node;
          }
          if ((flag & HAS_ANCHORS) !== 0) for (const p of anchors[node] as number[]) anchored[p] = 1;
        }
        if (j >= n) break;
        const code = text.charCodeAt(j);
        node = code < 128 ? (table[node * stride + (classOf[code] as number)] as number) : (other.get(node * 65536 + code) ?? 0);
      }
    }
    return { hits, count, anchored };
  }

  matches(text: string): PhraseMatch[] {
    const { hits, count, anchored } = this.walk(text);
    // Candidate positions per pattern, ascending, only for patterns whose anchors occur: a pattern cannot
    // match without one (and a pattern that starts with optional space is not tried along every run of
    // spaces in a text that cannot hold it).
    const candidates: number[][] = this.phrases.map(() => []);
    for (let h = 0; h < count; h += 2) {
      const at = hits[h] as number;
      const node = hits[h + 1] as number;
      for (const p of node === -1 ? this.lineStart : (this.trie.starts[node] as number[])) {
        if (anchored[p] === 0) continue;
        const list = candidates[p] as number[];
        if (list[list.length - 1] !== at) list.push(at);
      }
    }
    const out: PhraseMatch[] = [];
    this.phrases.forEach((phrase, p) => {
      if (anchored[p] === 0) return;
      const whole = this.whole.get(p);
      if (whole !== undefined) {
        for (const m of text.matchAll(whole)) out.push({ index: m.index, text: m[0], phrase });
        return;
      }
      const at0 = candidates[p] as number[];
      // No candidate position: the pattern is never compiled (a large Unicode pattern costs ~0.3 ms to parse).
      if (at0.length === 0) return;
      const re = phrase.re;
      let from = 0; // where the previous match ended: a global search never returns overlapping matches
      for (const at of at0) {
        if (at < from) continue;
        re.lastIndex = at;
        const m = re.exec(text);
        if (m === null) continue;
        out.push({ index: at, text: m[0], phrase });
        from = at + Math.max(1, m[0].length);
      }
    });
    return out;
  }
}

/** FNV-1a (32 bits) of a pattern source with its length: the key of its precomputed start set. */
export function startSetKey(source: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) h = Math.imul(h ^ source.charCodeAt(i), 16777619);
  return `${source.length}:${(h >>> 0).toString(36)}`;
}

/**
 * Start sets by phrase: the look-alike view's table (English) shares its phrases with the full one. Read from
 * the table computed at build time (start-sets.generated.ts; analysing all patterns cost ~40 ms per process)
 * when it has the pattern, else analysed here (a pattern edited since the table was generated: correct, only
 * slower; a test fails until the table is regenerated).
 */
const startSets = new WeakMap<Phrase, StartSet | undefined>();
function startSetOf(p: Phrase): StartSet | undefined {
  if (!startSets.has(p)) {
    const known = PRECOMPUTED_START_SETS[startSetKey(p.source)];
    startSets.set(p, known === undefined ? startSet(p.source) : (known ?? undefined));
  }
  return startSets.get(p);
}

const scanners = new WeakMap<readonly Phrase[], PhraseScanner>();

/** Every match of every phrase in `text` (already lower case), grouped by phrase in table order. */
export function phraseMatches(text: string, phrases: readonly Phrase[]): PhraseMatch[] {
  let scanner = scanners.get(phrases);
  if (scanner === undefined) scanners.set(phrases, (scanner = new PhraseScanner(phrases)));
  return scanner.matches(text);
}
