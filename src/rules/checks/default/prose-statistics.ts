import { markdownExtension, type MarkdownFacts } from '../../../parse/markdown.js';
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

/**
 * HTML comments removed with one forward scan: once a comment has no end, no later one has either. `unclosed`
 * says the scan stopped at one (text added after this text could close it).
 */
function withoutComments(text: string): { text: string; unclosed: boolean } {
  const parts: string[] = [];
  let from = 0;
  let unclosed = false;
  for (let open = text.indexOf('<!--'); open !== -1; open = text.indexOf('<!--', from)) {
    const close = text.indexOf('-->', open + 4);
    if (close === -1) {
      unclosed = true;
      break;
    }
    parts.push(text.slice(from, open), ' ');
    from = close + 3;
  }
  parts.push(text.slice(from));
  return { text: parts.join(''), unclosed };
}

/**
 * Prose without markup: HTML comments and tags, link targets and bare URLs removed; inline code as CODE_MARK.
 * Only comments span lines (every other pattern stops at a line break), so the markup of two texts joined by a
 * line break is the two texts' markup joined, unless the first ends inside an open comment (`unclosed`).
 */
function withoutMarkup(prose: string): { text: string; unclosed: boolean } {
  let text = prose;
  let unclosed = false;
  if (text.includes('<')) {
    const comments = withoutComments(text);
    unclosed = comments.unclosed;
    text = comments.text.replace(TAG, ' ');
  }
  if (text.includes('`')) text = text.replace(CODE_SPAN, ` ${String.fromCharCode(CODE_MARK)} `);
  if (text.includes('](')) text = text.replace(LINK_TARGET, ']');
  if (text.includes('://')) text = text.replace(URL, ' ');
  return { text, unclosed };
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
 * into one line so its sentences are not cut at the wrap. Code, headings and table rows are left out. `after`:
 * only the lines after that body line (a blank one, so no block spans it).
 */
export function runningProse(md: MarkdownFacts, after = 0): string {
  const skip = new Set<number>();
  for (const h of md.headings) if (h.line > after) for (let k = 0; k < h.lines; k++) skip.add(h.line + k);
  for (const t of md.tables) if (t.line > after) for (let k = 0; k <= t.rows; k++) skip.add(t.line + k);
  const blocks: string[] = [];
  let open = false;
  for (let i = after; i < md.proseLines.length; i++) {
    const line = md.proseLines[i]!;
    if (line.trim() === '' || skip.has(i + 1) || md.codeLines.has(i + 1)) {
      open = false;
      continue;
    }
    if (open && !LIST_ITEM.test(line)) blocks[blocks.length - 1] += ` ${line.trim()}`;
    else blocks.push(line.trim());
    open = true;
  }
  return blocks.join('\n');
}

/**
 * Accumulates the statistics one sentence at a time. A tally made with a `parent` continues the parent's text
 * (same ids, counts and trigrams, as if its sentences followed the parent's) without changing the parent: its
 * own new words and trigrams are kept beside the parent's, and its counts start from copies of the parent's.
 */
class Tally {
  /** Word hash -> small id (this tally's new words; the parent's are looked up there), and each id's hash. */
  private readonly ids = new Map<number, number>();
  private readonly hashes: number[] = [];
  /** Counts per id (the parent's ids included) over all prose and over sentences. */
  private readonly allCount: number[];
  private readonly sentenceCount: number[];
  private readonly trigrams = new Set<number | string>();
  /** The sentences of eight words or more read so far, as their word ids joined. */
  private readonly sentences = new Set<string>();
  private readonly firstId: number;
  words: number;
  sentenceWords: number;
  trigramCount: number;
  repeatedTrigrams: number;
  repeatedSentenceWords: number;
  articles: number;
  misfits: number;
  private readonly kept: number[] = [];

  constructor(private readonly parent?: Tally) {
    this.firstId = parent ? parent.idCount : 0;
    this.allCount = parent ? parent.allCount.slice() : [];
    this.sentenceCount = parent ? parent.sentenceCount.slice() : [];
    this.words = parent?.words ?? 0;
    this.sentenceWords = parent?.sentenceWords ?? 0;
    this.trigramCount = parent?.trigramCount ?? 0;
    this.repeatedTrigrams = parent?.repeatedTrigrams ?? 0;
    this.repeatedSentenceWords = parent?.repeatedSentenceWords ?? 0;
    this.articles = parent?.articles ?? 0;
    this.misfits = parent?.misfits ?? 0;
  }

  get idCount(): number {
    return this.firstId + this.ids.size;
  }

  /** The id of a word already read (by this tally or its parent), else undefined. */
  private lookup(h: number): number | undefined {
    return this.parent?.lookup(h) ?? this.ids.get(h);
  }

  private idOf(h: number): number {
    let id = this.lookup(h);
    if (id === undefined) {
      id = this.idCount;
      this.ids.set(h, id);
      this.hashes.push(h);
      this.allCount.push(0);
      this.sentenceCount.push(0);
    }
    return id;
  }

  private hashOf(id: number): number {
    return id < this.firstId ? this.parent!.hashOf(id) : this.hashes[id - this.firstId]!;
  }

  private seen(key: number | string): boolean {
    return this.trigrams.has(key) || this.parent?.seen(key) === true;
  }

  private sentenceSeen(key: string): boolean {
    return this.sentences.has(key) || this.parent?.sentenceSeen(key) === true;
  }

  /** `sentence`: word hashes and CODE, in order. */
  add(sentence: readonly number[]): void {
    const n = sentence.length;
    if (n === 0) return;
    let wordCount = 0;
    for (let i = 0; i < n; i++) if (sentence[i] !== CODE) wordCount++;
    const long = wordCount >= SENTENCE_MIN_WORDS;
    const kept = this.kept;
    kept.length = 0;
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
        kept.push(id);
      }
    }
    this.sentenceWords += kept.length;
    if (kept.length === 0) return;
    const key = kept.join(' ');
    if (this.sentenceSeen(key)) {
      this.repeatedSentenceWords += kept.length;
      return;
    }
    this.sentences.add(key);
    for (let i = 0; i + 2 < kept.length; i++) {
      const key = trigramKey(kept[i]!, kept[i + 1]!, kept[i + 2]!);
      this.trigramCount++;
      if (this.seen(key)) this.repeatedTrigrams++;
      else this.trigrams.add(key);
    }
  }

  /** Occurrences of each language's function words, over all prose and over sentences (integer sums: order-free). */
  hits(): { all: number[]; sentences: number[] } {
    const all = new Array<number>(LANGUAGES.length).fill(0);
    const sentences = new Array<number>(LANGUAGES.length).fill(0);
    for (let id = 0; id < this.allCount.length; id++) {
      const mask = FUNCTION_WORD_MASKS.get(this.hashOf(id));
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

/** A computation's end state, from which the statistics of a longer text (the same text and more lines) continue. */
interface Resumable {
  tally: Tally;
  latin: number;
  other: number;
  /** The text ends inside an HTML comment: text added after it could close the comment, so it cannot resume. */
  unclosed: boolean;
}

/**
 * By Markdown facts: a tip's simulation that leaves the body alone shares the original's facts, so its statistics too.
 */
const statisticsCache = new WeakMap<MarkdownFacts, ProseStatistics>();
const resumable = new WeakMap<MarkdownFacts, Resumable>();

export function proseStatistics(md: MarkdownFacts): ProseStatistics {
  let stats = statisticsCache.get(md);
  if (stats === undefined) statisticsCache.set(md, (stats = extendedStatistics(md) ?? computeProseStatistics(md)));
  return stats;
}

function computeProseStatistics(md: MarkdownFacts): ProseStatistics {
  const { text, unclosed } = withoutMarkup(runningProse(md));
  const state: Resumable = { tally: new Tally(), latin: 0, other: 0, unclosed };
  tokenize(text.toLowerCase(), state);
  resumable.set(md, state);
  return finish(state);
}

/**
 * The statistics of a body that extends another's by lines after a blank one (an appended section, see
 * extendMarkdown), continued from the base's end state. Exact: running prose is one block per line, so the
 * extended text is the base's, a line break, and the new lines' text; markup and lowercasing never cross that
 * line break (unless a comment is open, then it is recomputed), and the tokenizer's state after a line break
 * is its start state.
 */
function extendedStatistics(md: MarkdownFacts): ProseStatistics | undefined {
  const extension = markdownExtension(md);
  const base = extension && resumable.get(extension.base);
  if (extension === undefined || base === undefined || base.unclosed) return undefined;
  const added = runningProse(md, extension.from);
  if (added === '') return proseStatistics(extension.base);
  const state: Resumable = { tally: new Tally(base.tally), latin: base.latin, other: base.other, unclosed: true };
  tokenize(withoutMarkup(added).text.toLowerCase(), state);
  return finish(state);
}

/** Read `text` (lowercased, without markup) into `state`, as the sentences following what it holds. */
function tokenize(text: string, state: Resumable): void {
  const tally = state.tally;
  const sentence: number[] = [];
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
      sentence.push(h & HASH_MASK);
      h = FNV_OFFSET;
      inWord = false;
    }
    if (c === CODE_MARK) sentence.push(CODE);
    else if (
      c === 0x0a ||
      ((c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3b || c === 0x3a) && isSpace(at(i + 1)))
    ) {
      tally.add(sentence);
      sentence.length = 0;
    } else if (isOtherLetter(c)) other++;
  }
  tally.add(sentence);

  state.latin += latin;
  state.other += other;
}

function finish({ tally, latin, other }: Resumable): ProseStatistics {
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
