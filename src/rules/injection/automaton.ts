/**
 * The phrase trie (trie.ts) turned into an Aho-Corasick automaton, so the scanner reads each character of
 * a text once instead of walking the trie from every position. Why: start literals and anchors include
 * single letters and punctuation, so ~87% of positions of ordinary prose entered the trie and the walk
 * took ~2.3 trie steps per character, with a hard-to-predict inner loop; it was the scan's largest cost.
 *
 * Derived from the frozen trie when a scanner is built (a few thousand nodes: well under a millisecond),
 * so the generated tables (scanner-tables.generated.ts) keep their format.
 */
import { HAS_ANCHORS, HAS_LINE_STARTS, HAS_STARTS, type CompactTrie } from './trie.js';

export interface Automaton {
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
  /** Per state, HAS_STARTS / HAS_ANCHORS when some literal ending here (the state's string or a suffix of it) is one. */
  readonly flags: Uint8Array;
  /**
   * Start literals ending at a state, flattened with their patterns: for state `s`, pairs (literal length,
   * pattern) in `starts[startsFrom[s]]` up to `starts[startsFrom[s + 1]]`. A pattern stored as `~p`
   * (negative) is pattern `p` for which the literal counts only where it begins at a line start.
   */
  readonly startsFrom: Int32Array;
  readonly starts: Int32Array;
  /** Per state, the patterns one of whose anchors ends here (undefined: none). */
  readonly anchors: readonly (readonly number[] | undefined)[];
}

/** The automaton of a frozen trie. States are the trie's nodes, numbered as there. */
export function buildAutomaton(trie: CompactTrie): Automaton {
  const { classOf, stride, table, other } = trie;
  const nodes = trie.flags.length;
  // Edges outside ASCII, by parent node, to walk them breadth first with the ASCII ones.
  const wideEdges = new Map<number, [number, number][]>();
  const wide = new Uint8Array(65536);
  for (const [key, child] of other) {
    const parent = Math.floor(key / 65536);
    const code = key % 65536;
    wide[code] = 1;
    let list = wideEdges.get(parent);
    if (list === undefined) wideEdges.set(parent, (list = []));
    list.push([code, child]);
  }
  const next = nodes < 0xffff ? new Uint16Array(nodes * stride) : new Uint32Array(nodes * stride);
  const fail = new Int32Array(nodes);
  const depth = new Int32Array(nodes);
  const order: number[] = [0];
  for (let c = 1; c < stride; c++) {
    const child = table[c] as number;
    next[c] = child;
    if (child !== 0) {
      depth[child] = 1;
      order.push(child);
    }
  }
  for (const [, child] of wideEdges.get(0) ?? []) {
    depth[child] = 1;
    order.push(child);
  }
  // Breadth first: a state's failure link is shallower, so its row is complete when the state's is filled.
  for (let k = 1; k < order.length; k++) {
    const s = order[k] as number;
    const f = fail[s] as number;
    for (let c = 1; c < stride; c++) {
      const child = table[s * stride + c] as number;
      if (child === 0) {
        next[s * stride + c] = next[f * stride + c] as number;
        continue;
      }
      next[s * stride + c] = child;
      fail[child] = next[f * stride + c] as number;
      depth[child] = (depth[s] as number) + 1;
      order.push(child);
    }
    for (const [code, child] of wideEdges.get(s) ?? []) {
      fail[child] = wideStep(other, fail, f, code);
      depth[child] = (depth[s] as number) + 1;
      order.push(child);
    }
  }
  if (order.length !== nodes) throw new Error(`automaton: ${nodes - order.length} trie nodes unreachable`);

  // Outputs: a state reports every literal its string ends with, found along its failure links.
  const flags = new Uint8Array(nodes);
  const startsFrom = new Int32Array(nodes + 1);
  const starts: number[] = [];
  const anchors: (number[] | undefined)[] = new Array<number[] | undefined>(nodes).fill(undefined);
  for (let s = 0; s < nodes; s++) {
    startsFrom[s] = starts.length;
    let patterns: number[] | undefined;
    for (let t = s; t !== 0; t = fail[t] as number) {
      const flag = trie.flags[t] as number;
      if ((flag & HAS_STARTS) !== 0) for (const p of trie.starts[t] as number[]) starts.push(depth[t] as number, p);
      if ((flag & HAS_LINE_STARTS) !== 0) for (const p of trie.lineStarts[t] as number[]) starts.push(depth[t] as number, ~p);
      if ((flag & HAS_ANCHORS) !== 0) {
        patterns ??= [];
        for (const p of trie.anchors[t] as number[]) if (!patterns.includes(p)) patterns.push(p);
      }
    }
    anchors[s] = patterns;
    flags[s] = (starts.length > (startsFrom[s] as number) ? HAS_STARTS : 0) | (patterns ? HAS_ANCHORS : 0);
  }
  startsFrom[nodes] = starts.length;
  return { classOf, stride, next, fail, other, wide, flags, startsFrom, starts: Int32Array.from(starts), anchors };
}

/** The state after a code unit outside ASCII, from `state`: the trie edge, else the failure links'. */
export function wideStep(other: ReadonlyMap<number, number>, fail: Int32Array, state: number, code: number): number {
  for (let s = state; ; s = fail[s] as number) {
    const child = other.get(s * 65536 + code);
    if (child !== undefined) return child;
    if (s === 0) return 0;
  }
}
