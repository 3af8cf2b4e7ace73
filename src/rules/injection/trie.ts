/**
 * The trie the phrase scanner (scan.ts) walks: every pattern's start literals and anchors, built from the
 * phrase tables, frozen into flat arrays, and packed into a list of numbers so that a table's trie can be
 * generated at build time (scanner-tables.generated.ts; building it cost ~10 ms per process).
 */

/**
 * The trie while it is built: a map of children per node. Node 0 is the root. Frozen into a CompactTrie
 * before the first scan.
 */
export class TrieBuilder {
  readonly children: Map<number, number>[] = [new Map()];
  /**
   * Per node: patterns whose start literal ends there, patterns one of whose anchors ends there, and
   * patterns whose start literal ends there but counts only where it begins at a line start.
   */
  readonly starts: (number[] | undefined)[] = [undefined];
  readonly anchors: (number[] | undefined)[] = [undefined];
  readonly lineStarts: (number[] | undefined)[] = [undefined];

  add(literal: string, pattern: number, table: 'starts' | 'anchors' | 'lineStarts'): void {
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
        this.lineStarts.push(undefined);
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
    for (let k = 0; k < order.length; k++)
      for (const child of (this.children[order[k] as number] as Map<number, number>).values()) order.push(child);
    const renumber = new Int32Array(order.length);
    order.forEach((old, id) => (renumber[old] = id));
    const classOf = new Uint8Array(128);
    let classes = 0;
    for (const kids of this.children)
      for (const code of kids.keys()) if (code < 128 && classOf[code] === 0) classOf[code] = ++classes;
    const stride = classes + 1;
    const table =
      order.length < 0xffff ? new Uint16Array(order.length * stride) : new Uint32Array(order.length * stride);
    const other = new Map<number, number>();
    const starts: (number[] | undefined)[] = [];
    const anchors: (number[] | undefined)[] = [];
    const lineStarts: (number[] | undefined)[] = [];
    const flags = new Uint8Array(order.length);
    order.forEach((old, id) => {
      starts.push(this.starts[old]);
      anchors.push(this.anchors[old]);
      lineStarts.push(this.lineStarts[old]);
      flags[id] =
        (this.starts[old] ? HAS_STARTS : 0) |
        (this.anchors[old] ? HAS_ANCHORS : 0) |
        (this.lineStarts[old] ? HAS_LINE_STARTS : 0);
      for (const [code, child] of this.children[old] as Map<number, number>) {
        if (code < 128) table[id * stride + (classOf[code] as number)] = renumber[child] as number;
        else other.set(id * 65536 + code, renumber[child] as number);
      }
    });
    return { classOf, stride, table, other, edges: edgesOf(table), starts, anchors, lineStarts, flags };
  }
}

/** The indexes of a table's non-zero entries, ascending. */
function edgesOf(table: Uint16Array | Uint32Array): Int32Array {
  const edges: number[] = [];
  table.forEach((child, index) => {
    if (child !== 0) edges.push(index);
  });
  return Int32Array.from(edges);
}

/**
 * The frozen trie: `table[node * stride + classOf[code]]` is the child for an ASCII code unit (class 0 and
 * child 0: none; the root is never a child), other code units go through `other` (key `node * 65536 + code`).
 */
export interface CompactTrie {
  readonly classOf: Uint8Array;
  readonly stride: number;
  readonly table: Uint16Array | Uint32Array;
  readonly other: ReadonlyMap<number, number>;
  /**
   * The indexes of `table`'s edges (non-zero entries), ascending, i.e. by parent node: the automaton is
   * built from them without reading the mostly empty rows (automaton.ts; it is built on every cold start).
   */
  readonly edges: Int32Array;
  readonly starts: readonly (number[] | undefined)[];
  readonly anchors: readonly (number[] | undefined)[];
  readonly lineStarts: readonly (number[] | undefined)[];
  /** Per node, HAS_STARTS, HAS_ANCHORS and HAS_LINE_STARTS bits. */
  readonly flags: Uint8Array;
}

export const HAS_STARTS = 1;
export const HAS_ANCHORS = 2;
export const HAS_LINE_STARTS = 4;

/**
 * The trie as a flat list of numbers (what the generated table holds): node count, stride, the 128 ASCII
 * classes, then counted sections of (table index, child), (other key, child), and per node with patterns
 * (node, count, pattern...) for starts, anchors and line starts. The flags follow from the pattern sections.
 */
export function packTrie(trie: CompactTrie): number[] {
  const out = [trie.flags.length, trie.stride, ...trie.classOf];
  const table: number[] = [];
  trie.table.forEach((child, index) => {
    if (child !== 0) table.push(index, child);
  });
  out.push(table.length / 2, ...table, trie.other.size);
  for (const [key, child] of trie.other) out.push(key, child);
  for (const lists of [trie.starts, trie.anchors, trie.lineStarts]) {
    const entries: number[] = [];
    let count = 0;
    lists.forEach((list, node) => {
      if (list === undefined) return;
      entries.push(node, list.length, ...list);
      count++;
    });
    out.push(count, ...entries);
  }
  return out;
}

/**
 * The trie packTrie packed. Runs once per table in a fresh process, in V8's interpreter: reads are plain indexing
 * (a reader closure called per number cost about three times as much there).
 */
export function unpackTrie(data: readonly number[]): CompactTrie {
  const nodes = data[0] as number;
  const stride = data[1] as number;
  const classOf = Uint8Array.from(data.slice(2, 130));
  let at = 130;
  const table = nodes < 0xffff ? new Uint16Array(nodes * stride) : new Uint32Array(nodes * stride);
  // Packed in ascending index order (packTrie reads the table front to back), which edges keeps.
  const edges = new Int32Array(data[at++] as number);
  for (let n = 0; n < edges.length; n++, at += 2) {
    const index = data[at] as number;
    edges[n] = index;
    table[index] = data[at + 1] as number;
  }
  const other = new Map<number, number>();
  for (let n = data[at++] as number; n > 0; n--, at += 2) other.set(data[at] as number, data[at + 1] as number);
  const flags = new Uint8Array(nodes);
  const lists = [HAS_STARTS, HAS_ANCHORS, HAS_LINE_STARTS].map((flag) => {
    const byNode: (number[] | undefined)[] = new Array<number[] | undefined>(nodes).fill(undefined);
    for (let n = data[at++] as number; n > 0; n--) {
      const node = data[at] as number;
      const count = data[at + 1] as number;
      byNode[node] = data.slice(at + 2, at + 2 + count);
      at += 2 + count;
      flags[node] = (flags[node] as number) | flag;
    }
    return byNode;
  });
  if (at !== data.length) throw new Error(`packed trie: ${data.length - at} numbers left over`);
  const [starts, anchors, lineStarts] = lists as [
    (number[] | undefined)[],
    (number[] | undefined)[],
    (number[] | undefined)[],
  ];
  return { classOf, stride, table, other, edges, starts, anchors, lineStarts, flags };
}
