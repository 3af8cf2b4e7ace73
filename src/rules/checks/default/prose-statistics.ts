import { LINE_HEADING, LINE_TABLE, type MarkdownFacts } from '../../../parse/markdown.js';
import { CANNOT_FOLLOW_ARTICLE, FUNCTION_WORD_LANGUAGES, LANGUAGES } from './function-words.js';

/**
 * How much information a skill's prose carries, measured for LOW_INFORMATION_PROSE. Only running prose counts:
 * fenced code, headings, table rows, HTML comments and tags, link targets and bare URLs are left out; inline code
 * stays in the sentence as a placeholder (so "the `x` flag" keeps its shape) but is not counted as a word.
 * One pass over the text that hashes words as it reads them (no string per word); cost is linear in its length.
 */
export interface ProseStatistics {
  /** Words of running prose. */
  words: number;
  /** Share of letters outside the Latin script (Greek, Cyrillic, CJK, Arabic, ...): those words are not read. */
  nonLatinShare: number;
  /** The language whose function words cover the most of the words in sentences, and that share. */
  language: string;
  /** Words in sentences of eight words or more: running text, not list fragments or labels. */
  sentenceWords: number;
  sentenceFunctionShare: number;
  /** The same share over all prose words (lists and fragments included). */
  functionShare: number;
  /** "the"/"an" followed by a word in the same sentence, and the share followed by a word that cannot follow it. */
  articles: number;
  articleMisfitShare: number;
  /**
   * Share of the three-word sequences in sentences that repeat an earlier one: recycled phrasing. A sentence that
   * repeats an earlier one word for word is left out here (one boilerplate line repeated through a real skill is
   * not recycled phrasing) and counted in repeatedSentenceShare instead.
   */
  repeatedTrigramShare: number;
  /** Share of the words in sentences that belong to a sentence repeating an earlier one word for word. */
  repeatedSentenceShare: number;
}

/**
 * Markup that is not prose. Each is replaced only when its marker occurs (one alternation costs twice as
 * much), and every pattern is bounded so that no input (10,000 unclosed backticks, "](" or "<" on one line)
 * makes it scan the rest of the text from each start: cost stays linear.
 */
const TAG = /<\/?[a-z][^<>\n]{0,200}>/gi;
const CODE_SPAN = /(`{1,16})[^`\n]{1,1000}?\1/g;
const LINK_TARGET = /\]\([^()\n]{0,1000}\)/g;
const URL = /(?:https?|ftp):\/\/\S+/gi;
/** Inline code stands in the sentence as this character: "the `x` flag" keeps its shape, and code is not a word. */
const CODE_MARK = 1;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+|^\s*>/;
const SENTENCE_MIN_WORDS = 8;

/** HTML comments removed with one forward scan: once a comment has no end, no later one has either. */
function withoutComments(text: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let open = text.indexOf('<!--'); open !== -1; open = text.indexOf('<!--', from)) {
    const close = text.indexOf('-->', open + 4);
    if (close === -1) break;
    parts.push(text.slice(from, open), ' ');
    from = close + 3;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** Prose without markup: HTML comments and tags, link targets and bare URLs removed; inline code as CODE_MARK. */
function withoutMarkup(prose: string): string {
  let text = prose;
  if (text.includes('<')) text = withoutComments(text).replace(TAG, ' ');
  if (text.includes('`')) text = text.replace(CODE_SPAN, ` ${String.fromCharCode(CODE_MARK)} `);
  if (text.includes('](')) text = text.replace(LINK_TARGET, ']');
  if (text.includes('://')) text = text.replace(URL, ' ');
  return text;
}

const isLatinLetter = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) || (c >= 0x1e00 && c <= 0x1eff);
const isOtherLetter = (c: number): boolean =>
  (c >= 0x370 && c <= 0x11ff) || (c >= 0x3040 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af);
const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;
/** 30 bits, so a hash is a small integer (the fastest Map key). */
const HASH_MASK = 0x3fffffff;

/**
 * FNV-1a of a lowercase word, as the tokenizer computes it. Two different words share a hash with
 * probability ~V^2/2^31 for V distinct words (0.02% for a typical skill): a merged count, never a crash.
 */
export function wordHash(word: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), FNV_PRIME);
  return h & HASH_MASK;
}

const FUNCTION_WORD_MASKS = new Map<number, number>(
  [...FUNCTION_WORD_LANGUAGES].map(([w, mask]) => [wordHash(w), mask]),
);
const NOT_AFTER_ARTICLE = new Set([...CANNOT_FOLLOW_ARTICLE].map(wordHash));
const THE = wordHash('the');
const AN = wordHash('an');
/** The code placeholder in a sentence: never a word hash (those are >= 0). */
const CODE = -1;

/**
 * A trigram of word ids as an exact key. Ids below 2^10 pack into a small integer (the common case, and the
 * fastest Set key); below 2^17 into a negative double (never equal to a small-integer key); beyond, a string.
 */
function trigramKey(a: number, b: number, c: number): number | string {
  if (a < 1024 && b < 1024 && c < 1024) return (a * 1024 + b) * 1024 + c;
  const wide = 2 ** 17;
  if (a < wide && b < wide && c < wide) return -((a * wide + b) * wide + c) - 1;
  return `${a} ${b} ${c}`;
}

/**
 * Running prose as text: one line per block (paragraph, list item, quote), a hard-wrapped paragraph joined
 * into one line so its sentences are not cut at the wrap. Code, headings and table rows are left out.
 */
export function runningProse(md: MarkdownFacts): string {
  const { proseTexts: texts, proseTextLines: at, lineKinds: kinds } = md;
  const blocks: string[] = [];
  let open = false;
  let previous = -2; // the body line of the last text read
  for (let k = 0; k < texts.length; k++) {
    const i = at[k]!;
    const kind = kinds[i]!;
    // A blank or code line between two texts closes the block, as does a heading or a table row.
    if (i !== previous + 1) open = false;
    previous = i;
    if ((kind & (LINE_HEADING | LINE_TABLE)) !== 0) {
      open = false;
      continue;
    }
    if (open && !LIST_ITEM.test(md.proseLines[i]!)) blocks[blocks.length - 1] += ` ${texts[k]}`;
    else blocks.push(texts[k]!);
    open = true;
  }
  return blocks.join('\n');
}

/**
 * A random odd multiplier per process for the word-id table's slots (multiply-shift hashing): word hashes are FNV-1a,
 * which anyone can compute, so with fixed slots a text could be written whose words all share a few slots and make
 * every lookup walk a long run. Slots only place ids; which id a word gets does not depend on them.
 */
const SLOT_MULTIPLIER = (Math.floor(Math.random() * 0x80000000) * 2 + 1) | 0;

/** Accumulates the statistics one sentence at a time. */
class Tally {
  /**
   * Word hash -> small id: an open-addressing table (linear probing, at most half full; -1 marks a free slot, as
   * hashes are >= 0), cheaper per word than a Map. Each id's hash in `hashes`.
   */
  private slotHashes = new Int32Array(1024).fill(-1);
  private slotIds = new Int32Array(1024);
  /** 32 - log2(slots): a slot is the top bits of the hash times SLOT_MULTIPLIER. */
  private slotShift = 22;
  private readonly hashes: number[] = [];
  /** Counts per id over all prose and over sentences. */
  private readonly allCount: number[] = [];
  private readonly sentenceCount: number[] = [];
  private readonly trigrams = new Set<number | string>();
  /**
   * The sentences of eight words or more read so far: their word ids one after another in `remembered` (sentence k
   * from `starts[k]`, `lengths[k]` ids), the first sentence with each hash of its ids, and the next with the same
   * hash after each (-1: none). Flat lists, so remembering a sentence allocates nothing of its own.
   */
  private readonly sentences = new Map<number, number>();
  private readonly remembered: number[] = [];
  private readonly starts: number[] = [];
  private readonly lengths: number[] = [];
  private readonly nextSame: number[] = [];
  words = 0;
  sentenceWords = 0;
  trigramCount = 0;
  repeatedTrigrams = 0;
  repeatedSentenceWords = 0;
  articles = 0;
  misfits = 0;
  /** The ids of the long sentence being added (reused: a sentence allocates nothing unless it is remembered). */
  private kept = new Int32Array(64);

  private idOf(h: number): number {
    const mask = this.slotHashes.length - 1;
    let slot = Math.imul(h, SLOT_MULTIPLIER) >>> this.slotShift;
    for (let held = this.slotHashes[slot]!; held !== -1; held = this.slotHashes[slot]!) {
      if (held === h) return this.slotIds[slot]!;
      slot = (slot + 1) & mask;
    }
    const id = this.hashes.length;
    this.slotHashes[slot] = h;
    this.slotIds[slot] = id;
    this.hashes.push(h);
    this.allCount.push(0);
    this.sentenceCount.push(0);
    if (2 * this.hashes.length > this.slotHashes.length) this.widen();
    return id;
  }

  /** Twice the slots, every id placed again: amortised constant per word. */
  private widen(): void {
    const size = 2 * this.slotHashes.length;
    const mask = size - 1;
    this.slotHashes = new Int32Array(size).fill(-1);
    this.slotIds = new Int32Array(size);
    this.slotShift--;
    for (let id = 0; id < this.hashes.length; id++) {
      let slot = Math.imul(this.hashes[id]!, SLOT_MULTIPLIER) >>> this.slotShift;
      while (this.slotHashes[slot] !== -1) slot = (slot + 1) & mask;
      this.slotHashes[slot] = this.hashes[id]!;
      this.slotIds[slot] = id;
    }
  }

  /** The first `n` entries of `sentence`: word hashes and CODE, in order. */
  add(sentence: Int32Array, n: number): void {
    if (n === 0) return;
    let wordCount = 0;
    for (let i = 0; i < n; i++) if (sentence[i] !== CODE) wordCount++;
    const long = wordCount >= SENTENCE_MIN_WORDS;
    if (long && wordCount > this.kept.length) this.kept = new Int32Array(Math.max(wordCount, 2 * this.kept.length));
    const kept = this.kept;
    let keptCount = 0;
    for (let i = 0; i < n; i++) {
      const h = sentence[i]!;
      if ((h === THE || h === AN) && i + 1 < n) {
        this.articles++;
        if (NOT_AFTER_ARTICLE.has(sentence[i + 1]!)) this.misfits++;
      }
      if (h === CODE) continue;
      const id = this.idOf(h);
      this.words++;
      this.allCount[id]!++;
      if (long) {
        this.sentenceCount[id]!++;
        kept[keptCount++] = id;
      }
    }
    this.sentenceWords += keptCount;
    if (keptCount === 0) return;
    if (this.seenBefore(kept, keptCount)) {
      this.repeatedSentenceWords += keptCount;
      return;
    }
    for (let i = 0; i + 2 < keptCount; i++) {
      const seen = this.trigrams.size;
      this.trigrams.add(trigramKey(kept[i]!, kept[i + 1]!, kept[i + 2]!));
      this.trigramCount++;
      if (this.trigrams.size === seen) this.repeatedTrigrams++;
    }
  }

  /** Whether a sentence with the first `n` of these word ids was read before; if not, it is remembered. */
  private seenBefore(ids: Int32Array, n: number): boolean {
    let h = FNV_OFFSET;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ ids[i]!, FNV_PRIME);
    let k = this.sentences.get(h);
    let last = -1;
    for (; k !== undefined && k !== -1; k = this.nextSame[k]) {
      if (this.isSentence(k, ids, n)) return true;
      last = k;
    }
    const index = this.starts.length;
    if (last === -1) this.sentences.set(h, index);
    else this.nextSame[last] = index;
    this.starts.push(this.remembered.length);
    this.lengths.push(n);
    this.nextSame.push(-1);
    for (let i = 0; i < n; i++) this.remembered.push(ids[i]!);
    return false;
  }

  /** Whether remembered sentence `k` is exactly the first `n` of `ids`. */
  private isSentence(k: number, ids: Int32Array, n: number): boolean {
    if (this.lengths[k] !== n) return false;
    const start = this.starts[k]!;
    for (let i = 0; i < n; i++) if (this.remembered[start + i] !== ids[i]) return false;
    return true;
  }

  /** Occurrences of each language's function words, over all prose and over sentences (integer sums: order-free). */
  hits(): { all: number[]; sentences: number[] } {
    const all = new Array<number>(LANGUAGES.length).fill(0);
    const sentences = new Array<number>(LANGUAGES.length).fill(0);
    for (let id = 0; id < this.allCount.length; id++) {
      const mask = FUNCTION_WORD_MASKS.get(this.hashes[id]!);
      if (mask === undefined) continue;
      for (let bit = 0; bit < LANGUAGES.length; bit++) {
        if (mask & (1 << bit)) {
          all[bit]! += this.allCount[id]!;
          sentences[bit]! += this.sentenceCount[id]!;
        }
      }
    }
    return { all, sentences };
  }
}

/** What the tokenizer has read so far. */
interface TokenState {
  tally: Tally;
  latin: number;
  other: number;
}

/** By Markdown facts: one computation per body, whichever check asks first. */
const statisticsCache = new WeakMap<MarkdownFacts, ProseStatistics>();

export function proseStatistics(md: MarkdownFacts): ProseStatistics {
  let stats = statisticsCache.get(md);
  if (stats === undefined) statisticsCache.set(md, (stats = computeProseStatistics(md)));
  return stats;
}

function computeProseStatistics(md: MarkdownFacts): ProseStatistics {
  const state: TokenState = { tally: new Tally(), latin: 0, other: 0 };
  tokenize(withoutMarkup(runningProse(md)).toLowerCase(), state);
  return finish(state);
}

/** Read `text` (lowercased, without markup) into `state`. */
function tokenize(text: string, state: TokenState): void {
  const tally = state.tally;
  // The sentence being read: word hashes (30 bits) and CODE, reused from one sentence to the next.
  let sentence = new Int32Array(64);
  let length = 0;
  const push = (value: number): void => {
    if (length === sentence.length) {
      const wider = new Int32Array(2 * length);
      wider.set(sentence);
      sentence = wider;
    }
    sentence[length++] = value;
  };
  let latin = 0;
  let other = 0;
  let h = FNV_OFFSET;
  let inWord = false;
  // Words: runs of Latin letters, with an apostrophe inside ("don't"). Sentence ends: . ! ? ; : before a space or
  // the end (not "SKILL.md" or "0.5"), and line breaks (each line is one block). Everything else separates words.
  // Past the end reads as a space (never NaN, which would make every comparison below a slow float compare).
  const at = (i: number): number => (i < text.length ? text.charCodeAt(i) : 0x20);
  for (let i = 0; i <= text.length; i++) {
    const c = at(i);
    if (isLatinLetter(c)) {
      latin++;
      h = Math.imul(h ^ c, FNV_PRIME);
      inWord = true;
      continue;
    }
    if (inWord && (c === 0x27 || c === 0x2019) && isLatinLetter(at(i + 1))) {
      h = Math.imul(h ^ 0x27, FNV_PRIME); // both apostrophes hash alike
      continue;
    }
    if (inWord) {
      push(h & HASH_MASK);
      h = FNV_OFFSET;
      inWord = false;
    }
    if (c === CODE_MARK) push(CODE);
    else if (
      c === 0x0a ||
      ((c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3b || c === 0x3a) && isSpace(at(i + 1)))
    ) {
      tally.add(sentence, length);
      length = 0;
    } else if (isOtherLetter(c)) other++;
  }
  tally.add(sentence, length);

  state.latin += latin;
  state.other += other;
}

function finish({ tally, latin, other }: TokenState): ProseStatistics {
  const { words, sentenceWords } = tally;
  const { all: allHits, sentences: sentenceHits } = tally.hits();

  // The language is chosen on the sentences when there are any, else on all the prose.
  const basis = sentenceWords > 0 ? sentenceHits : allHits;
  let best = 0;
  for (let bit = 1; bit < basis.length; bit++) if (basis[bit]! > basis[best]!) best = bit;
  return {
    words,
    nonLatinShare: other + latin === 0 ? 0 : other / (other + latin),
    language: LANGUAGES[best]!,
    sentenceWords,
    sentenceFunctionShare: sentenceWords === 0 ? 0 : sentenceHits[best]! / sentenceWords,
    functionShare: words === 0 ? 0 : Math.max(...allHits) / words,
    articles: tally.articles,
    articleMisfitShare: tally.articles === 0 ? 0 : tally.misfits / tally.articles,
    repeatedTrigramShare: tally.trigramCount === 0 ? 0 : tally.repeatedTrigrams / tally.trigramCount,
    repeatedSentenceShare: sentenceWords === 0 ? 0 : tally.repeatedSentenceWords / sentenceWords,
  };
}
