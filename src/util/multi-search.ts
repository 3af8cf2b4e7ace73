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

/** The automaton's state after reading code unit `c` in state `node`. */
function step({ children, fail }: Automaton, node: number, c: number): number {
  while (node !== 0 && !children[node]!.has(c)) node = fail[node]!;
  return children[node]!.get(c) ?? 0;
}

/** Which of `patterns` occur in `text`. */
export function occurringStrings(text: string, patterns: Iterable<string>): Set<string> {
  return stringSearcher(patterns)(text);
}

/** `occurringStrings` with the patterns built once, for searching many texts for the same strings. */
export function stringSearcher(patterns: Iterable<string>): (text: string) => Set<string> {
  const automaton = buildAutomaton(patterns);
  const { fail, ends } = automaton;
  return (text) => {
    const found = new Set<string>();
    const reported = new Uint8Array(fail.length); // a node's outputs are added once, however often it is reached
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      node = step(automaton, node, text.charCodeAt(i));
      for (let out = node; out !== 0 && reported[out] === 0; out = fail[out]!) {
        reported[out] = 1;
        for (const p of ends[out]!) found.add(p);
      }
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
