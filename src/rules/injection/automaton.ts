/**
 * The phrase trie (trie.ts) turned into an Aho-Corasick automaton, so the scanner reads each character of
 * a text once instead of walking the trie from every position. Why: start literals and anchors include
 * single letters and punctuation, so ~87% of positions of ordinary prose entered the trie and the walk
 * took ~2.3 trie steps per character, with a hard-to-predict inner loop; it was the scan's largest cost.
 *
 * Derived from the frozen trie when a scanner is built, so the generated tables (scanner-tables.generated.ts)
 * keep their format. That happens on every cold start, so the build reads only the trie's edges (a row
 * starts as a native copy of its failure link's row), and what a state reports is worked out the first
 * time a walk needs it: ~1 ms for both phrase tables where a plain build took ~7 ms before V8 optimised it.
 */
import { HAS_ANCHORS, HAS_LINE_STARTS, HAS_STARTS, type CompactTrie } from './trie.js';

export class Automaton {
  /** Same ASCII classes as the trie's. */
  readonly classOf: Uint8Array;
  readonly stride: number;
  /** `next[state * stride + class]`: the state after an ASCII code unit (class 0: no literal holds it, so the root). */
  readonly next: Uint16Array | Uint32Array;
  /** Per state, the longest proper suffix of its string that is also a trie node (Aho-Corasick failure link). */
  readonly fail: Int32Array;
  /** The trie's edges for code units outside ASCII (key `node * 65536 + code`). */
  readonly other: ReadonlyMap<number, number>;
  /** Per code unit, 1 when some literal holds it outside ASCII: any other code unit leads back to the root. */
  readonly wide: Uint8Array;
  /**
   * Per state, HAS_STARTS / HAS_ANCHORS when some literal ending here (the state's string or a suffix of it) is one.
   */
  readonly flags: Uint8Array;
  private readonly depth: Int32Array;
  /** Per state, its startsAt list once worked out (undefined before). */
  readonly startLists: (Int32Array | undefined)[];
  private readonly anchorLists: (readonly number[] | undefined)[];

  constructor(private readonly trie: CompactTrie) {
    const { classOf, stride, table, other, edges } = trie;
    const nodes = trie.flags.length;
    this.classOf = classOf;
    this.stride = stride;
    this.other = other;
    const next = nodes < 0xffff ? new Uint16Array(nodes * stride) : new Uint32Array(nodes * stride);
    const fail = new Int32Array(nodes);
    const depth = new Int32Array(nodes);
    const flags = new Uint8Array(nodes);
    const wide = new Uint8Array(65536);
    // Edges outside ASCII as (parent, code, child), by parent (the map holds them in the order they were added).
    const wideEdges: number[] = [];
    for (const [key, child] of other) {
      wideEdges.push(Math.floor(key / 65536), key % 65536, child);
      wide[key % 65536] = 1;
    }
    let edge = 0;
    let wideEdge = 0;
    for (let s = 0; s < nodes; s++) {
      const f = fail[s] as number;
      // Breadth-first numbering (freeze()): the failure link is shallower, so its row is already complete.
      if (s > 0 && f >= s) throw new Error('automaton: trie nodes are not numbered breadth first');
      if (s > 0) next.copyWithin(s * stride, f * stride, f * stride + stride);
      const row = s * stride;
      for (; edge < edges.length && (edges[edge] as number) < row + stride; edge++) {
        const index = edges[edge] as number;
        if (index < row) throw new Error('automaton: trie edges out of order');
        const child = table[index] as number;
        next[index] = child;
        // The root's children fail to the root; deeper ones to where the failure link goes on the same code.
        fail[child] = s === 0 ? 0 : (next[f * stride + (index - row)] as number);
        depth[child] = (depth[s] as number) + 1;
      }
      for (; wideEdge < wideEdges.length && wideEdges[wideEdge] === s; wideEdge += 3) {
        const child = wideEdges[wideEdge + 2] as number;
        fail[child] = s === 0 ? 0 : wideStep(other, fail, f, wideEdges[wideEdge + 1] as number);
        depth[child] = (depth[s] as number) + 1;
      }
      const own = trie.flags[s] as number;
      flags[s] =
        (s === 0 ? 0 : (flags[f] as number)) |
        ((own & (HAS_STARTS | HAS_LINE_STARTS)) !== 0 ? HAS_STARTS : 0) |
        (own & HAS_ANCHORS);
    }
    if (edge !== edges.length || wideEdge !== wideEdges.length) throw new Error('automaton: trie edges out of order');
    this.next = next;
    this.fail = fail;
    this.depth = depth;
    this.wide = wide;
    this.flags = flags;
    this.startLists = new Array<Int32Array | undefined>(nodes).fill(undefined);
    this.anchorLists = new Array<readonly number[] | undefined>(nodes).fill(undefined);
  }

  /**
   * The start literals ending at a state, with their patterns: pairs (literal length, pattern). A pattern
   * stored as `~p` (negative) is pattern `p` for which the literal counts only where it begins at a line
   * start. Empty when the state reports none.
   */
  startsAt(state: number): Int32Array {
    return this.startLists[state] ?? this.listStarts(state);
  }

  private listStarts(state: number): Int32Array {
    const pairs: number[] = [];
    for (let t = state; t !== 0; t = this.fail[t] as number) {
      const flag = this.trie.flags[t] as number;
      if ((flag & HAS_STARTS) !== 0)
        for (const p of this.trie.starts[t] as number[]) pairs.push(this.depth[t] as number, p);
      if ((flag & HAS_LINE_STARTS) !== 0)
        for (const p of this.trie.lineStarts[t] as number[]) pairs.push(this.depth[t] as number, ~p);
    }
    return (this.startLists[state] = Int32Array.from(pairs));
  }

  /** The patterns one of whose anchors ends at a state. */
  anchorsAt(state: number): readonly number[] {
    let list = this.anchorLists[state];
    if (list === undefined) {
      const patterns: number[] = [];
      for (let t = state; t !== 0; t = this.fail[t] as number) {
        if (((this.trie.flags[t] as number) & HAS_ANCHORS) === 0) continue;
        for (const p of this.trie.anchors[t] as number[]) if (!patterns.includes(p)) patterns.push(p);
      }
      this.anchorLists[state] = list = patterns;
    }
    return list;
  }
}

/** The state after a code unit outside ASCII, from `state`: the trie edge, else the failure links'. */
export function wideStep(other: ReadonlyMap<number, number>, fail: Int32Array, state: number, code: number): number {
  for (let s = state; ; s = fail[s] as number) {
    const child = other.get(s * 65536 + code);
    if (child !== undefined) return child;
    if (s === 0) return 0;
  }
}
