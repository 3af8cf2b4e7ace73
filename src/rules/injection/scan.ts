/**
 * Every match of a table of phrase patterns in one lower-cased text, found without running each
 * pattern over the whole text.
 *
 * Each pattern's start set (prefixes.ts) and its anchors go into one trie. A single pass over the text,
 * through the trie's Aho-Corasick automaton (automaton.ts), notes where start literals occur (and the line
 * starts, for patterns that begin with `^`) and which patterns' anchors occur. A pattern with an anchor in the text
 * then runs sticky at its own candidate positions only, and only at those where its gate (gate.ts, a short pattern
 * that matches wherever the full one does) matches. This gives exactly the matches a global search
 * (`matchAll`) gives: the global search takes, from where the last match ended, the first position where
 * the pattern matches; every position where it can match is a candidate, candidates are visited in order,
 * and a sticky match at a position is the match the global search finds there (look-behinds and `^`/`$`
 * still see the whole text).
 *
 * A pattern whose start set cannot be read off its source is searched over the whole text, as before,
 * when one of its anchors occurs.
 */
import type { Phrase } from './phrase.js';
import { lineStartLiterals, startSet, type StartSet } from './prefixes.js';
import { PRECOMPUTED_SCANNERS } from './scanner-tables.generated.js';
import { PRECOMPUTED_START_SETS } from './start-sets.generated.js';
import { Automaton, wideStep } from './automaton.js';
import { gateSource } from './gate.js';
import { GateWalker, type GateAutomaton } from './gate-automaton.js';
import { refinedLiterals, unpackGateAutomaton } from './refine.js';
import { GATE_AUTOMATA, GATE_AUTOMATA_BY_TABLE } from './gate-automata.generated.js';
import { HAS_ANCHORS, HAS_STARTS, packTrie, TrieBuilder, unpackTrie, type CompactTrie } from './trie.js';
import { expandUnicodeClasses } from './unicode-classes.js';

export interface PhraseMatch {
  /** Offset of the match in the scanned text. */
  index: number;
  /** The matched text. */
  text: string;
  phrase: Phrase;
}

/** What a scanner needs besides the phrases: the trie, and which patterns start at line starts or have no start set. */
export interface ScannerTables {
  trie: CompactTrie;
  /** Patterns that may match at any line start (whatever follows it). */
  lineStart: number[];
  /** Patterns whose start set is unknown (searched over the whole text). */
  whole: number[];
  /** Each pattern's gate source (gate.ts), or null for none; built with the rest, as analysing them is not free. */
  gates: (string | null)[];
}

/**
 * The tables for a phrase table, built from its start sets and anchors. Short start literals are made longer where
 * the pattern's gate automaton allows few characters after them (refine.ts); the automata are the generated ones for
 * the table unless given (the generator gives freshly compiled ones), and none for a table without generated ones.
 */
export function buildScannerTables(
  phrases: readonly Phrase[],
  gates: readonly (GateAutomaton | undefined)[] = generatedGates(phrases),
): ScannerTables {
  const builder = new TrieBuilder();
  const lineStart: number[] = [];
  const whole: number[] = [];
  phrases.forEach((p, n) => {
    if (!p.flags.includes('y')) throw new Error(`phrase pattern ${p.source.slice(0, 40)} is not sticky`);
    for (const anchor of p.anchors) builder.add(checkedLiteral(anchor, false), n, 'anchors');
    const starts = startSetOf(p);
    if (starts === undefined) {
      whole.push(n);
      return;
    }
    const gate = gates[n];
    for (const short of starts.literals)
      for (const literal of refinedLiterals(short, gate)) builder.add(checkedLiteral(literal, false), n, 'starts');
    if (!starts.lineStarts) return;
    // A match at a line start mostly begins with known text (`^[ \t>*-]*(?:system|...)`): trying the
    // pattern only where that text follows a line break spares it most lines of a document. Held with a `\n`
    // before it, as the walk reads the text's start and every line break as one: the walk then reports the
    // literal at line starts only, not wherever its text occurs ("-", "*", " " are in most lines).
    const lineLiterals = lineStartLiterals(p.source);
    if (lineLiterals === undefined) lineStart.push(n);
    else
      for (const short of lineLiterals)
        for (const literal of refinedLiterals(short, gate))
          builder.add(`\n${checkedLiteral(literal, true)}`, n, 'lineStarts');
  });
  return { trie: builder.freeze(), lineStart, whole, gates: phrases.map((p) => gateSource(p.source) ?? null) };
}

/** The generated gate automata of a phrase table's patterns (none for a table without generated tables). */
function generatedGates(phrases: readonly Phrase[]): (GateAutomaton | undefined)[] {
  const indexes = GATE_AUTOMATA_BY_TABLE[scannerTablesKey(phrases)];
  return phrases.map((_, n) => {
    const index = indexes?.[n] ?? -1;
    return index === -1 ? undefined : unpackGateAutomaton(GATE_AUTOMATA[index] as string);
  });
}

/**
 * A literal the walk can find: the walk reads \r, U+2028 and U+2029 as \n (all are line breaks to `^`), which is
 * exact only while no literal holds one of them and only line-start literals begin with a \n.
 */
function checkedLiteral(literal: string, atLineStart: boolean): string {
  if (/[\r\u2028\u2029]/.test(literal) || (!atLineStart && literal.startsWith('\n')))
    throw new Error(`phrase literal ${JSON.stringify(literal)}: the scanner's walk cannot find it`);
  return literal;
}

/** The generated form of a phrase table's scanner tables (JSON), keyed by scannerTablesKey. */
export function packScannerTables(tables: ScannerTables): string {
  return JSON.stringify({
    lineStart: tables.lineStart,
    whole: tables.whole,
    gates: tables.gates,
    trie: packTrie(tables.trie),
  });
}

function unpackScannerTables(packed: string): ScannerTables {
  const { lineStart, whole, gates, trie } = JSON.parse(packed) as {
    lineStart: number[];
    whole: number[];
    gates: (string | null)[];
    trie: number[];
  };
  return { trie: unpackTrie(trie), lineStart, whole, gates };
}

/**
 * Which generated tables belong to a phrase table: its size and the lengths of its sources and anchors.
 * Cheap on purpose (hashing ~50 KB of pattern source cost ~2 ms per process); an edit that keeps every
 * length is caught by test/rules/injection-start-sets.test.ts, which compares the generated tables with
 * freshly built ones.
 */
export function scannerTablesKey(phrases: readonly Phrase[]): string {
  let sources = 0;
  let anchors = 0;
  for (const p of phrases) {
    sources += p.source.length;
    for (const a of p.anchors) anchors += a.length + 1;
  }
  return `${phrases.length}:${sources}:${anchors}`;
}

/** The compiled form of one phrase table. */
class PhraseScanner {
  private readonly automaton: Automaton;
  /**
   * Per automaton state, 2 when start literals or anchors end there (a walk keeps the pair it stored), else 0. Anchors
   * are read from the walk's output: states where only an anchor ends are ~3% of it over the corpus, while marking
   * every state the walk passed cost a store per character and a pass over all states per text.
   */
  private readonly keep: Uint8Array;
  /** The walk's output buffer, reused from text to text (see walk). */
  private hits = new Int32Array(0);
  /** The candidate (pattern, position) pairs of a text, reused likewise (see collectCandidates). */
  private readonly pairs: { pairs: Int32Array } = { pairs: new Int32Array(0) };
  /** The candidate positions grouped by pattern (groupByPattern), reused likewise. */
  private grouped = new Int32Array(0);
  /**
   * Per-text working arrays, allocated once per scanner instead of once per text: a scan of a short text cost ~0.02 ms
   * in allocating and zeroing them. Each is cleared before a text's use (see matches) except `visited`, which holds
   * per state the number of the last text whose output held it (`texts` counts them).
   */
  private readonly visited: Int32Array;
  private texts = 0;
  private readonly anchored: Uint8Array;
  private readonly counts: Int32Array;
  private readonly unordered: Uint8Array;
  private readonly idle: Uint8Array;
  private readonly last: Int32Array;
  /** Non-sticky copies of the patterns whose start set is unknown (searched over the whole text), by number. */
  private readonly whole = new Map<number, RegExp>();
  /** Patterns that may match at any line start. */
  private readonly lineStart: number[];
  /** The same as (literal length, pattern) pairs of a one-character literal: what a line start (state -1) reports. */
  private readonly lineStartPairs: Int32Array;
  /** Each pattern's gate source (gate.ts; null: none), and the gate compiled on first use. */
  private readonly gateSources: readonly (string | null)[];
  private readonly gates: (RegExp | undefined)[];
  /**
   * Each pattern's gate automaton (gate-automaton.ts), as generated (an index into GATE_AUTOMATA; -1: none), and
   * the automaton opened on first use. A pattern with one never compiles a gate pattern.
   */
  private readonly automata: readonly number[] | undefined;
  private readonly walkers: (GateWalker | undefined)[];
  /** Patterns with no anchors: tried wherever their start literals occur, whatever else the text holds. */
  private readonly unanchored: number[] = [];
  /** The state after a `\n` from the start: where a walk starts and goes after every line break. */
  private readonly lineState: number;

  constructor(
    private readonly phrases: readonly Phrase[],
    tables: ScannerTables,
    automata?: readonly number[],
  ) {
    this.automata = automata;
    this.walkers = new Array<GateWalker | undefined>(phrases.length);
    phrases.forEach((p, n) => {
      if (p.anchors.length === 0) this.unanchored.push(n);
    });
    this.automaton = new Automaton(tables.trie);
    const states = this.automaton.flags.length;
    this.visited = new Int32Array(states);
    this.idle = new Uint8Array(states);
    this.anchored = new Uint8Array(phrases.length);
    this.counts = new Int32Array(phrases.length + 1);
    this.unordered = new Uint8Array(phrases.length);
    this.last = new Int32Array(phrases.length);
    this.keep = this.automaton.flags.map((flag) => ((flag & (HAS_STARTS | HAS_ANCHORS)) !== 0 ? 2 : 0));
    const { classOf, next, wide } = this.automaton;
    // The walk reads \r, U+2028 and U+2029 as \n, which needs a trie with none of them (checkedLiteral).
    if (classOf[13] !== 0 || wide[0x2028] !== 0 || wide[0x2029] !== 0)
      throw new Error('phrase scanner: a literal holds a line break other than \\n');
    this.lineState = next[classOf[10] as number] as number;
    this.lineStart = tables.lineStart;
    this.lineStartPairs = Int32Array.from(tables.lineStart.flatMap((p) => [1, p]));
    this.gateSources = tables.gates;
    this.gates = new Array<RegExp | undefined>(phrases.length);
    for (const n of tables.whole) {
      const p = phrases[n] as Phrase;
      this.whole.set(n, new RegExp(expandUnicodeClasses(p.source), p.flags.replace('y', '')));
    }
  }

  /** One pass over the text (walkText): where start literals occur and which patterns have an anchor in it. */
  private walk(text: string): { hits: Int32Array; count: number; anchored: Uint8Array } {
    // At most two pairs per position (a literal end and a line start): a buffer that size, kept for the
    // next text, leaves the loop without a bounds check.
    let hits = this.hits;
    if (hits.length < 4 * text.length + 4) {
      hits = new Int32Array(4 * text.length + 4);
      // Kept for the next text only up to 4 MB: a scanner lives as long as the process.
      if (hits.length <= KEPT_HITS) this.hits = hits;
    }
    const count = walkText(this.automaton, this.keep, text, hits, this.lineStart.length > 0, this.lineState);
    const anchored = this.anchored;
    anchored.fill(0);
    for (const p of this.unanchored) anchored[p] = 1;
    // Text numbers wrap long after any process ends; at the wrap, every state is marked unseen again.
    if (this.texts === 0x7fffffff) {
      this.texts = 0;
      this.visited.fill(0);
    }
    readStates(this.automaton, hits, count, this.visited, ++this.texts, anchored);
    return { hits, count, anchored };
  }

  matches(text: string): PhraseMatch[] {
    const { hits, count, anchored } = this.walk(text);
    const patterns = this.phrases.length;
    // Candidates as (pattern, position) pairs in one reused buffer, grouped by pattern with a counting sort: no
    // list per pattern and text.
    const counts = this.counts;
    counts.fill(0);
    const unordered = this.unordered;
    unordered.fill(0);
    this.idle.fill(0);
    this.last.fill(-1);
    const buffer = this.pairs;
    const noted = collectCandidates(
      this.automaton,
      this.lineStartPairs,
      hits,
      count,
      anchored,
      buffer,
      counts,
      unordered,
      this.idle,
      this.last,
    );
    if (this.grouped.length < noted >> 1) this.grouped = new Int32Array(Math.max(noted >> 1, 2 * this.grouped.length));
    const grouped = groupByPattern(buffer.pairs, noted, counts, patterns, this.grouped);
    // Kept for the next text only up to 4 MB, as the walk's output.
    if (buffer.pairs.length > KEPT_HITS) buffer.pairs = new Int32Array(0);
    if (this.grouped.length > KEPT_HITS) this.grouped = new Int32Array(0);
    const out: PhraseMatch[] = [];
    for (let p = 0; p < patterns; p++) {
      if (anchored[p] === 1) this.run(p, text, grouped, counts, unordered[p] === 1, out);
    }
    return out;
  }

  /**
   * Pattern `p`'s matches at its candidate positions (`grouped` from `counts[p]` to `counts[p + 1]`, out of order
   * when `unordered`), added to `out`. Each position is gated just before the pattern runs there.
   */
  private run(
    p: number,
    text: string,
    grouped: Int32Array,
    counts: Int32Array,
    unordered: boolean,
    out: PhraseMatch[],
  ): void {
    const phrase = this.phrases[p] as Phrase;
    const whole = this.whole.get(p);
    if (whole !== undefined) {
      for (const m of text.matchAll(whole)) out.push({ index: m.index, text: m[0], phrase });
      return;
    }
    const first = counts[p] as number;
    const after = counts[p + 1] as number;
    if (first === after) return;
    // A literal that ends after a shorter one which starts later leaves positions out of order: sorted, once.
    if (unordered) grouped.subarray(first, after).sort();
    const automaton = this.automata?.[p] ?? -1;
    const walker =
      automaton === -1 ? undefined : (this.walkers[p] ??= new GateWalker(GATE_AUTOMATA[automaton] as string));
    const gate = walker === undefined ? this.gateOf(p) : undefined;
    // Compiled at the first position its gate admits: a pattern whose gate admits none is never compiled (a large
    // Unicode pattern costs ~0.3 ms to parse and more to compile).
    let re: RegExp | undefined;
    let from = 0; // where the previous match ended: a global search never returns overlapping matches
    let previous = -1;
    for (let k = first; k < after; k++) {
      const at = grouped[k] as number;
      if (at === previous || at < from) continue;
      previous = at;
      if (walker !== undefined ? !walker.admits(text, at) : gate !== undefined && !gateAdmits(gate, text, at)) continue;
      re ??= phrase.re;
      re.lastIndex = at;
      const m = re.exec(text);
      if (m === null) continue;
      out.push({ index: at, text: m[0], phrase });
      from = at + Math.max(1, m[0].length);
    }
  }

  /** Pattern `p`'s gate as a regular expression (gate.ts), compiled on first use; undefined when it has none. */
  private gateOf(p: number): RegExp | undefined {
    const source = this.gateSources[p];
    if (source === null || source === undefined) return undefined;
    return (this.gates[p] ??= new RegExp(source, (this.phrases[p] as Phrase).flags));
  }
}

/** Whether a sticky gate pattern matches at `at`. */
function gateAdmits(gate: RegExp, text: string, at: number): boolean {
  gate.lastIndex = at;
  return gate.test(text);
}

/*
 * The scanner's loops are functions of their own, each holding one loop and little else. Why: on a process's first
 * texts V8 compiles whatever holds a hot loop with its optimising compiler, on another thread, in CPU time the
 * process pays; a small function compiles in a fraction of the time a method holding several steps took, and it
 * does not leave the optimised code at once for a step after the loop that has never run.
 */

/**
 * One pass over the text, through the automaton: stores pairs (end offset of start literals or anchors, the automaton
 * state there; state -1: a line start at that offset) in `hits`, and returns how many numbers it stored. The loop body has no branch that depends on the text's letters (outputs are stored always and
 * kept or overwritten), because those branches, mispredicted on every few characters, were its cost.
 */
function walkText(
  automaton: Automaton,
  keep: Uint8Array,
  text: string,
  hits: Int32Array,
  lineStarts: boolean,
  lineState: number,
): number {
  const { classOf, stride, next, fail, other, wide } = automaton;
  const n = text.length;
  let count = 0;
  if (lineStarts && n > 0) {
    hits[count++] = 0; // position 0 is a line start
    hits[count++] = -1;
  }
  // As if a `\n` came before the text: line-start literals (held after a `\n`) are found at its start.
  let state = lineState;
  // `^` in multiline mode matches after \n, \r, U+2028 and U+2029 (not at the very end: no pattern that starts with `^`
  // matches the empty string there). No literal holds \r, U+2028 or U+2029 (checkedLiteral), so the walk is at the
  // root after one and goes on as after a \n: line-start literals (held after a \n) are found after every line break.
  // ASCII and other code units take separate paths, each testing only its own line breaks: one comparison for most
  // characters (a shared test of all four was ~20% of the loop).
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      state = next[state * stride + (classOf[code] as number)] as number;
      hits[count] = i;
      hits[count + 1] = state;
      count += keep[state] as number;
      if (code <= 13) {
        if (code === 13) state = lineState;
        if (lineStarts && (code === 10 || code === 13) && i + 1 < n) {
          hits[count++] = i + 1;
          hits[count++] = -1;
        }
      }
    } else {
      state = wide[code] === 0 ? 0 : wideStep(other, fail, state, code);
      hits[count] = i;
      hits[count + 1] = state;
      count += keep[state] as number;
      if (code === 0x2028 || code === 0x2029) {
        state = lineState;
        if (lineStarts && i + 1 < n) {
          hits[count++] = i + 1;
          hits[count++] = -1;
        }
      }
    }
  }
  return count;
}

/**
 * For each state in the walk's output (`hits`, `count` numbers) not seen before in this text (`visited[state]` is not
 * `text`, and is set to it): marks in `anchored` the patterns one of whose anchors ends there, and works out its start
 * literals (so the candidate loop reads them, with no call that the optimising compiler would inline).
 */
function readStates(
  automaton: Automaton,
  hits: Int32Array,
  count: number,
  visited: Int32Array,
  text: number,
  anchored: Uint8Array,
): void {
  const flags = automaton.flags;
  for (let h = 1; h < count; h += 2) {
    const s = hits[h] as number;
    if (s === -1 || visited[s] === text) continue;
    visited[s] = text;
    if (((flags[s] as number) & HAS_ANCHORS) !== 0) for (const p of automaton.anchorsAt(s)) anchored[p] = 1;
    automaton.startsAt(s);
  }
}

/**
 * Candidate (pattern, position) pairs from the walk's output, in `buffer.pairs` (grown as needed), only for patterns
 * whose anchors occur: a pattern cannot match without one (and a pattern that starts with optional space is not tried
 * along every run of spaces in a text that cannot hold it). Counts each pattern's positions in `counts[p + 1]`, marks
 * in `unordered` the patterns whose positions are out of order, and returns how many numbers it stored. `idle` (per
 * state) comes zeroed, `last` (per pattern) filled with -1.
 */
function collectCandidates(
  automaton: Automaton,
  lineStartPairs: Int32Array,
  hits: Int32Array,
  count: number,
  anchored: Uint8Array,
  buffer: { pairs: Int32Array },
  counts: Int32Array,
  unordered: Uint8Array,
  idle: Uint8Array,
  last: Int32Array,
): number {
  const startLists = automaton.startLists;
  let pairs = buffer.pairs;
  let np = 0;
  // `last`: the last position noted per pattern (-1: none), to drop repeats without reading the pairs back.
  // `idle`: per state, 1 when none of the patterns it reports has an anchor in this text (0: not known yet, 2: some
  // has): most walks pass states such as " " (another script's pattern may begin with a blank) thousands of times.
  for (let h = 0; h < count; h += 2) {
    const end = hits[h] as number;
    const state = hits[h + 1] as number;
    let starts = lineStartPairs;
    if (state !== -1) {
      if (idle[state] === 1) continue;
      starts = startLists[state] as Int32Array;
      if (idle[state] === 0) {
        idle[state] = 1;
        for (let k = 1; k < starts.length; k += 2) {
          const p = starts[k] as number;
          if (anchored[p < 0 ? ~p : p] === 1) idle[state] = 2;
        }
        if (idle[state] === 1) continue;
      }
    }
    if (np + starts.length > pairs.length) {
      const grown = new Int32Array(Math.max(np + starts.length, 2 * pairs.length, 1024));
      grown.set(pairs);
      buffer.pairs = pairs = grown;
    }
    for (let k = 0; k < starts.length; k += 2) {
      let p = starts[k + 1] as number;
      let at = end + 1 - (starts[k] as number);
      if (p < 0) {
        // A line-start literal, found with the line break before it (or the one read before the text).
        at++;
        p = ~p;
      }
      if (anchored[p] === 0 || last[p] === at) continue;
      if (at < (last[p] as number)) unordered[p] = 1;
      last[p] = at;
      pairs[np] = p;
      pairs[np + 1] = at;
      np += 2;
      counts[p + 1] = (counts[p + 1] as number) + 1;
    }
  }
  return np;
}

/**
 * The positions of the first `np` numbers of `pairs`, grouped by pattern in the order they were noted (a counting
 * sort), into `grouped` (at least np / 2 long). Turns `counts` (positions per pattern, at p + 1) into where each
 * pattern's positions begin.
 */
function groupByPattern(
  pairs: Int32Array,
  np: number,
  counts: Int32Array,
  patterns: number,
  grouped: Int32Array,
): Int32Array {
  for (let p = 0; p < patterns; p++) counts[p + 1] = (counts[p + 1] as number) + (counts[p] as number);
  // Each pattern's next slot, kept at p + 1 and moved back after: counts[p + 1] ends where counts[p + 2] began.
  for (let k = 0; k < np; k += 2) {
    const p = pairs[k] as number;
    const at = counts[p] as number;
    grouped[at] = pairs[k + 1] as number;
    counts[p] = at + 1;
  }
  for (let p = patterns; p > 0; p--) counts[p] = counts[p - 1] as number;
  counts[0] = 0;
  return grouped;
}

/** Most entries of the walk's output buffer a scanner keeps between texts (4 MB: texts up to ~256 K characters). */
const KEPT_HITS = 1 << 20;

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
  if (scanner === undefined) {
    // Generated at build time for the injection tables; built here for any other (or an edited) table.
    const key = scannerTablesKey(phrases);
    const packed = PRECOMPUTED_SCANNERS[key];
    // The gate automata go with the generated tables: a table edited since has regular-expression gates only.
    scanner =
      packed === undefined
        ? new PhraseScanner(phrases, buildScannerTables(phrases))
        : new PhraseScanner(phrases, unpackScannerTables(packed), GATE_AUTOMATA_BY_TABLE[key]);
    scanners.set(phrases, scanner);
  }
  return scanner.matches(text);
}
