/**
 * Where a phrase pattern can start matching, read off its source: the short literal strings one of
 * which every match begins with. The scanner (scan.ts) tries a pattern only where one of its starts
 * occurs, instead of letting the regex engine test every position of the text (a pattern that starts
 * with an alternation or a look-behind cannot skip ahead, and ~70 such scans were most of the cost).
 *
 * The analysis only has to be safe, not tight: a start set may admit positions where the pattern
 * fails (the regex is still what decides), but must never miss one where it matches. So everything
 * the analysis does not model (a `\p{L}` class, a negated class, a repetition after its first round,
 * an assertion in the middle) ends the known prefix there, which only makes it shorter. Syntax it does
 * not parse at all makes the whole pattern "unanalysable", and the scanner falls back to scanning it
 * over the whole text.
 */

/** A prefix every match on one path through the pattern begins with. */
interface Item {
  /** The literal text consumed so far on this path (at most `limit` characters). */
  s: string;
  /** Whether `s` is all the path has consumed so far (so what follows may be appended). */
  open: boolean;
  /** The path starts with `^`: the match begins at a line start (then `s` may be empty). */
  line: boolean;
}

export interface StartSet {
  /** Literal strings (lower case, 1 to `limit` code units); a match begins with one of them, or at a line start. */
  literals: string[];
  /** Some match may begin at a line start whatever follows (`^` in multiline mode). */
  lineStarts: boolean;
}

class Unsupported extends Error {}

const WHITE = new Set([' ', '\t', '\n', '\r']);
/** Characters with a meaning in a pattern (outside a class). */
const SPECIAL = new Set([...'\\^$.|?*+()[]{}']);
const QUANTIFIER = new Set([...'?*+{']);
/** Literals shorter than this may go on past white space. */
const SHORT = 3;

const EMPTY: Item[] = [{ s: '', open: true, line: false }];
/** An atom whose characters are not modelled: the known prefix ends before it. */
const UNKNOWN: Item[] = [{ s: '', open: false, line: false }];
/** Classes with more members than this are not expanded (they end the known prefix instead). */
const MAX_CLASS = 12;
/**
 * Most paths a sequence may fan out to: past it the prefixes so far are kept as they are (shorter
 * literals, more candidate positions, but a cheap analysis and a small trie).
 */
const MAX_PATHS = 32;

function dedupe(items: Item[]): Item[] {
  const seen = new Map<string, Item>();
  for (const it of items) seen.set(`${it.open ? 1 : 0}${it.line ? 1 : 0}${it.s}`, it);
  return [...seen.values()];
}

const close = (items: Item[]): Item[] => dedupe(items.map((it) => ({ ...it, open: false })));

class Parser {
  private i = 0;
  constructor(
    private readonly src: string,
    private readonly limit: number,
  ) {}

  parse(): Item[] {
    const items = this.disjunction();
    if (this.i !== this.src.length) throw new Unsupported(`unexpected ${this.src[this.i]}`);
    return items;
  }

  private peek(): string | undefined {
    return this.src[this.i];
  }

  private disjunction(): Item[] {
    let items = this.alternative();
    while (this.peek() === '|') {
      this.i++;
      items = dedupe([...items, ...this.alternative()]);
    }
    return items;
  }

  private alternative(): Item[] {
    let items = EMPTY;
    while (this.i < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      if (!items.some((it) => it.open)) {
        // Every path's prefix is complete: what follows cannot change the result, only move past it.
        this.skip(true);
        break;
      }
      items = this.seq(items, this.term());
    }
    return items;
  }

  /**
   * Move to the end of the current alternative (`atBar`) or group: the next `|` or `)` outside any
   * nested group or class. The source is a valid pattern (it compiled), so only escapes, classes and
   * parentheses need tracking.
   */
  private skip(atBar: boolean): void {
    let depth = 0;
    for (; this.i < this.src.length; this.i++) {
      const ch = this.src[this.i];
      if (ch === '\\') this.i++;
      else if (ch === '[') {
        for (this.i++; this.i < this.src.length && this.src[this.i] !== ']'; this.i++)
          if (this.src[this.i] === '\\') this.i++;
      } else if (ch === '(') depth++;
      else if (ch === ')') {
        if (depth === 0) return;
        depth--;
      } else if (ch === '|' && depth === 0 && atBar) return;
    }
  }

  /** Every path of `a` followed by every path of `b`. */
  private seq(a: Item[], b: Item[]): Item[] {
    // The common step, one more literal on every path: no fan-out, no duplicates.
    const only = b.length === 1 ? (b[0] as Item) : undefined;
    if (only !== undefined && only.s !== '' && !only.line && !WHITE.has(only.s[0] as string)) {
      return a.map((x) => {
        if (!x.open) return x;
        const s = x.s + only.s;
        return s.length >= this.limit
          ? { s: s.slice(0, this.limit), open: false, line: x.line }
          : { s, open: only.open, line: x.line };
      });
    }
    // Too many paths: keep the prefixes so far. Not an empty one, though: that would allow any start.
    const fanOut = a.filter((x) => x.open).length * b.length > MAX_PATHS;
    const out: Item[] = [];
    for (const x of a) {
      if (!x.open || (fanOut && x.s !== '')) {
        out.push({ ...x, open: false });
        continue;
      }
      for (const y of b) {
        // A literal of a few letters stops before white space: the gaps between words allow a space, a
        // tab or a line break, and spelling out every mix multiplies the paths for little selectivity.
        // A short word goes on into the next one ('a esta', 'de este'): alone it would occur everywhere.
        if (x.s.length >= SHORT && WHITE.has(y.s[0] as string)) {
          out.push({ ...x, open: false });
          continue;
        }
        const s = x.s + y.s;
        // `^` only counts where nothing has been consumed yet; later it is a constraint the scan ignores.
        const line = x.line || (y.line && x.s === '');
        out.push(s.length >= this.limit ? { s: s.slice(0, this.limit), open: false, line } : { s, open: y.open, line });
      }
    }
    return dedupe(out);
  }

  private term(): Item[] {
    const ch = this.peek() as string;
    if (ch === '^') {
      this.i++;
      return [{ s: '', open: true, line: true }];
    }
    if (ch === '$') {
      this.i++;
      return EMPTY;
    }
    if (ch === '\\' && (this.src[this.i + 1] === 'b' || this.src[this.i + 1] === 'B')) {
      this.i += 2;
      return EMPTY;
    }
    if (
      this.src.startsWith('(?=', this.i) ||
      this.src.startsWith('(?!', this.i) ||
      this.src.startsWith('(?<=', this.i) ||
      this.src.startsWith('(?<!', this.i)
    ) {
      // A look-around consumes nothing: parse it (to move past it) and ignore what it requires.
      this.i += this.src[this.i + 2] === '<' ? 4 : 3;
      this.skip(false);
      this.expect(')');
      return EMPTY;
    }
    return this.quantified(this.atom());
  }

  private expect(ch: string): void {
    if (this.peek() !== ch) throw new Unsupported(`expected ${ch}`);
    this.i++;
  }

  private atom(): Item[] {
    const ch = this.peek() as string;
    if (ch === '(') {
      if (this.src.startsWith('(?:', this.i)) this.i += 3;
      else if (this.src.startsWith('(?<', this.i)) throw new Unsupported('named group');
      else if (this.src.startsWith('(?', this.i)) throw new Unsupported('group modifier');
      else this.i += 1;
      const inner = this.disjunction();
      this.expect(')');
      return inner;
    }
    if (ch === '[') return this.charClass();
    if (ch === '.') {
      this.i++;
      return UNKNOWN;
    }
    if (ch === '\\') return this.escape(false).items;
    if ('*+?{})]|'.includes(ch)) throw new Unsupported(`unexpected ${ch}`);
    // A run of plain characters is one literal (one step of the analysis instead of one per letter),
    // up to white space (which `seq` treats specially) and short of a character a quantifier applies to.
    let end = this.i + 1;
    while (
      end < this.src.length &&
      !SPECIAL.has(this.src[end] as string) &&
      !WHITE.has(this.src[end] as string) &&
      !WHITE.has(ch)
    )
      end++;
    if (end < this.src.length && end - this.i > 1 && QUANTIFIER.has(this.src[end] as string)) end--;
    // Never split a surrogate pair: with the u flag a quantifier applies to the whole code point.
    if (end < this.src.length && end > this.i + 1 && /[\udc00-\udfff]/.test(this.src[end] as string)) end--;
    const lit =
      end === this.i + 1 ? String.fromCodePoint(this.src.codePointAt(this.i) as number) : this.src.slice(this.i, end);
    this.i += lit.length;
    return [{ s: lit, open: true, line: false }];
  }

  /** An escape: a literal character (`chars` set) or a class the analysis does not expand. */
  private escape(inClass: boolean): { items: Item[]; chars?: string[] } {
    this.i++; // the backslash
    const e = this.peek();
    if (e === undefined) throw new Unsupported('trailing backslash');
    this.i++;
    const lit = (c: string) => ({ items: [{ s: c, open: true, line: false }], chars: [c] });
    if (e === 'n') return lit('\n');
    if (e === 't') return lit('\t');
    if (e === 'r') return lit('\r');
    if (e === 'f') return lit('\f');
    if (e === 'v') return lit('\v');
    if (e === 'u') {
      if (this.peek() === '{') {
        const end = this.src.indexOf('}', this.i);
        if (end === -1) throw new Unsupported('bad \\u{}');
        const cp = parseInt(this.src.slice(this.i + 1, end), 16);
        this.i = end + 1;
        return lit(String.fromCodePoint(cp));
      }
      const hex = this.src.slice(this.i, this.i + 4);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Unsupported('bad \\u');
      this.i += 4;
      return lit(String.fromCharCode(parseInt(hex, 16)));
    }
    if (e === 'x') {
      const hex = this.src.slice(this.i, this.i + 2);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new Unsupported('bad \\x');
      this.i += 2;
      return lit(String.fromCharCode(parseInt(hex, 16)));
    }
    if (e === 'p' || e === 'P') {
      const end = this.src.indexOf('}', this.i);
      if (this.peek() !== '{' || end === -1) throw new Unsupported('bad \\p');
      this.i = end + 1;
      return { items: UNKNOWN };
    }
    if ('dDsSwW'.includes(e)) return { items: UNKNOWN };
    if (/[0-9]/.test(e) || e === 'k' || e === 'c') throw new Unsupported(`escape \\${e}`);
    if (inClass && e === 'b') return lit('\b');
    // With the u flag only syntax characters may be escaped; each stands for itself.
    if (!'^$\\.*+?()[]{}|/-'.includes(e)) throw new Unsupported(`escape \\${e}`);
    return lit(e);
  }

  private charClass(): Item[] {
    this.i++; // [
    if (this.peek() === '^') {
      this.skipClass();
      return UNKNOWN;
    }
    const chars: string[] = [];
    let unknown = false;
    let prev: string | undefined;
    while (this.peek() !== ']') {
      if (this.i >= this.src.length) throw new Unsupported('unterminated class');
      let c: string | undefined;
      if (this.peek() === '\\') {
        const e = this.escape(true);
        if (e.chars === undefined) {
          unknown = true;
          prev = undefined;
          continue;
        }
        c = e.chars[0] as string;
      } else if (this.peek() === '-' && prev !== undefined && this.src[this.i + 1] !== ']') {
        this.i++;
        const hiCh = this.peek() === '\\' ? this.escape(true).chars?.[0] : this.takeCodePoint();
        if (hiCh === undefined) throw new Unsupported('bad range');
        const lo = prev.codePointAt(0) as number;
        const hi = hiCh.codePointAt(0) as number;
        if (hi - lo > MAX_CLASS) unknown = true;
        else for (let cp = lo + 1; cp <= hi; cp++) chars.push(String.fromCodePoint(cp));
        prev = undefined;
        continue;
      } else {
        c = this.takeCodePoint();
      }
      chars.push(c);
      prev = c;
    }
    this.i++; // ]
    if (unknown || chars.length > MAX_CLASS) return UNKNOWN;
    return [...new Set(chars)].map((s) => ({ s, open: true, line: false }));
  }

  private takeCodePoint(): string {
    const c = String.fromCodePoint(this.src.codePointAt(this.i) as number);
    this.i += c.length;
    return c;
  }

  private skipClass(): void {
    while (this.peek() !== ']') {
      if (this.i >= this.src.length) throw new Unsupported('unterminated class');
      if (this.peek() === '\\') this.escape(true);
      else this.i++;
    }
    this.i++;
  }

  /** A quantifier after an atom: the first round is modelled, a second only as far as its first round. */
  private quantified(atom: Item[]): Item[] {
    const q = this.peek();
    let min: number;
    let max: number;
    if (q === '?') [min, max] = [0, 1];
    else if (q === '*') [min, max] = [0, Infinity];
    else if (q === '+') [min, max] = [1, Infinity];
    else if (q === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) throw new Unsupported('bad quantifier');
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return atom;
    this.i++;
    if (this.peek() === '?') this.i++; // lazy: same set of paths
    if (max === 0) return EMPTY;
    // One round, then (if more are allowed) possibly a second whose own continuation is not followed:
    // `[ \t]+` gives ' ' (still open: the next word may follow) and '  ' (closed).
    const rounds = max === 1 ? atom : this.seq(atom, dedupe([...EMPTY, ...close(atom)]));
    return min === 0 ? dedupe([...EMPTY, ...rounds]) : rounds;
  }
}

/** Every path's prefix, or undefined when the source uses syntax the analysis does not read. */
function prefixItems(source: string, limit: number): Item[] | undefined {
  try {
    return new Parser(source, limit).parse();
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

/**
 * Of a set of literals, those that do not extend another: a longer one adds no position the shorter one does not
 * already give.
 */
function shortest(found: Set<string>): string[] {
  return [...found].filter((s) => ![...found].some((t) => t !== s && s.startsWith(t)));
}

/**
 * The start set of a pattern, with literals up to `limit` code units (a longer literal rules out more
 * positions). Returns undefined when a match may begin anywhere or the source uses syntax not modelled.
 */
export function startSet(source: string, limit = 6): StartSet | undefined {
  const items = prefixItems(source, limit);
  if (items === undefined) return undefined;
  const lineStarts = items.some((it) => it.line);
  const found = new Set<string>();
  for (const it of items) {
    if (it.line) continue;
    if (it.s === '') return undefined; // a path that can begin with anything
    found.add(it.s);
  }
  return { literals: shortest(found), lineStarts };
}

/**
 * For a pattern whose start set allows line starts: the literals a match that begins at a line start (its
 * path begins with `^`) begins with, so the scanner can try it at the line starts followed by one of them
 * instead of at every line start. Undefined when such a match may begin with anything there (nothing is
 * known after the `^`), or the pattern has no such path.
 */
export function lineStartLiterals(source: string, limit = 6): string[] | undefined {
  const items = prefixItems(source, limit);
  if (items === undefined) return undefined;
  const found = new Set<string>();
  for (const it of items) {
    if (!it.line) continue;
    if (it.s === '') return undefined;
    found.add(it.s);
  }
  return found.size === 0 ? undefined : shortest(found);
}
