/**
 * Many strings searched in a text in one pass (Aho-Corasick). Checking each with `text.includes()` costs
 * patterns x text, which a folder of thousands of files (or a line of thousands of links) turns into minutes; this
 * costs text + total pattern length.
 */

/** Trie over UTF-16 code units: per node, its children, its failure link and the patterns ending there. */
interface Automaton {
  children: Map<number, number>[];
  fail: number[];
  ends: string[][];
}

function buildAutomaton(patterns: Iterable<string>): Automaton {
  const children: Map<number, number>[] = [new Map()];
  const fail: number[] = [0];
  const ends: string[][] = [[]];
  for (const p of new Set(patterns)) {
    if (p === '') continue;
    let node = 0;
    for (let i = 0; i < p.length; i++) {
      const c = p.charCodeAt(i);
      let next = children[node]!.get(c);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        fail.push(0);
        ends.push([]);
        children[node]!.set(c, next);
      }
      node = next;
    }
    ends[node]!.push(p);
  }
  // Failure links breadth first.
  const queue: number[] = [...children[0]!.values()];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const [c, child] of children[node]!) {
      let f = fail[node]!;
      while (f !== 0 && !children[f]!.has(c)) f = fail[f]!;
      const target = children[f]!.get(c);
      fail[child] = target !== undefined && target !== child ? target : 0;
      queue.push(child);
    }
  }
  return { children, fail, ends };
}

/** The automaton's state after reading code unit `c` in state `node`: one map lookup for the common case. */
function step({ children, fail }: Automaton, node: number, c: number): number {
  let next = children[node]!.get(c);
  while (next === undefined && node !== 0) {
    node = fail[node]!;
    next = children[node]!.get(c);
  }
  return next ?? 0;
}

/** Which of `patterns` occur in `text`. */
export function occurringStrings(text: string, patterns: Iterable<string>): Set<string> {
  return stringSearcher(patterns)(text);
}

/**
 * The automaton as a table: each code unit that occurs in a pattern gets a column (every other one leads back to
 * the start, since no pattern holds it), and each state a row of next states with failure links already followed,
 * so reading a code unit is one table read. Rows x columns is at most the patterns' total length squared, and is
 * built only when that stays small; bigger pattern sets step through the maps.
 */
interface DenseTable {
  /** Column of an ASCII code unit (0: in no pattern). */
  ascii: Uint8Array;
  /** Column of any other code unit found in a pattern. */
  wide: Map<number, number>;
  columns: number;
  next: Int32Array;
}

const MAX_TABLE_CELLS = 1 << 20;

function denseTable({ children, fail }: Automaton): DenseTable | undefined {
  const column = new Map<number, number>();
  for (const node of children) for (const c of node.keys()) if (!column.has(c)) column.set(c, column.size + 1);
  const columns = column.size + 1;
  if (columns > 255 || children.length * columns > MAX_TABLE_CELLS) return undefined;
  const ascii = new Uint8Array(128);
  const wide = new Map<number, number>();
  for (const [c, col] of column) {
    if (c < 128) ascii[c] = col;
    else wide.set(c, col);
  }
  const next = new Int32Array(children.length * columns);
  // Breadth first, so a state's failure row is complete before the state's own row borrows from it.
  const queue = [0];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    const row = node * columns;
    const failRow = fail[node]! * columns;
    for (let col = 1; col < columns; col++) next[row + col] = node === 0 ? 0 : next[failRow + col]!;
    for (const [c, child] of children[node]!) {
      next[row + column.get(c)!] = child;
      queue.push(child);
    }
  }
  return { ascii, wide, columns, next };
}

/**
 * Up to this many patterns are each looked for with `includes`: V8's string search skips ahead and is linear in the
 * text, so this costs at most this many passes, which measured 2-40x less than the automaton's read of every code
 * unit (a skill names a few files; 16 patterns over the corpus's 1.3 MB of Markdown: 8.9 ms against 21 ms).
 */
const FEW_PATTERNS = 16;

/** `occurringStrings` with the patterns built once, for searching many texts for the same strings. */
export function stringSearcher(patterns: Iterable<string>): (text: string) => Set<string> {
  const distinct = [...new Set(patterns)].filter((p) => p !== '');
  if (distinct.length <= FEW_PATTERNS) return (text) => new Set(distinct.filter((p) => text.includes(p)));
  return automatonSearcher(distinct);
}

/** The search as one pass of the automaton, whatever the number of patterns; stops once every pattern is found. */
export function automatonSearcher(patterns: Iterable<string>): (text: string) => Set<string> {
  const automaton = buildAutomaton(patterns);
  const { fail, ends } = automaton;
  const table = denseTable(automaton);
  const patternCount = ends.reduce((n, e) => n + e.length, 0);
  return (text) => {
    const found = new Set<string>();
    if (fail.length === 1) return found; // no patterns: nothing to read
    const reported = new Uint8Array(fail.length); // a node's outputs are added once, however often it is reached
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (table === undefined) node = step(automaton, node, c);
      else node = table.next[node * table.columns + (c < 128 ? table.ascii[c]! : (table.wide.get(c) ?? 0))]!;
      if (node === 0 || reported[node] === 1) continue;
      for (let out = node; out !== 0 && reported[out] === 0; out = fail[out]!) {
        reported[out] = 1;
        for (const p of ends[out]!) found.add(p);
      }
      if (found.size === patternCount) break;
    }
    return found;
  };
}

/**
 * `text` with occurrences of the map's keys replaced by their values, in one pass: left to right, the first key to
 * end is replaced (the longest of those ending at the same place), and the search starts afresh after it, so
 * replaced text is never searched again. Linear in text + total key length whatever the keys.
 */
export function replaceOccurrences(text: string, replacements: ReadonlyMap<string, string>): string {
  const automaton = buildAutomaton(replacements.keys());
  const { children, fail, ends } = automaton;
  // The longest key that is a suffix of each node's string (0 for none), found breadth first through failure links;
  // a node holds at most one key of its own (keys are distinct), and it is the longest.
  const longest = new Int32Array(fail.length);
  const order: number[] = [0];
  for (let head = 0; head < order.length; head++) {
    const node = order[head]!;
    if (node !== 0) longest[node] = ends[node]!.length > 0 ? ends[node]![0]!.length : longest[fail[node]!]!;
    for (const child of children[node]!.values()) order.push(child);
  }
  let out = '';
  let copied = 0;
  let node = 0;
  for (let i = 0; i < text.length; i++) {
    node = step(automaton, node, text.charCodeAt(i));
    const length = longest[node]!;
    if (length === 0) continue;
    // The automaton restarted at the last replacement, so this key starts at or after `copied`.
    const start = i + 1 - length;
    out += text.slice(copied, start) + replacements.get(text.slice(start, i + 1))!;
    copied = i + 1;
    node = 0;
  }
  return out + text.slice(copied);
}
