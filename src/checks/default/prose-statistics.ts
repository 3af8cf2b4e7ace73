import type { MarkdownFacts } from '../../parse/markdown.js';
import { CANNOT_FOLLOW_ARTICLE, FUNCTION_WORD_LANGUAGES, LANGUAGES } from './function-words.js';

/**
 * How much information a skill's prose carries, measured for LOW_INFORMATION_PROSE. Only running prose counts:
 * fenced code, headings, table rows, HTML comments and tags, link targets and bare URLs are left out; inline code
 * stays in the sentence as a placeholder (so "the `x` flag" keeps its shape) but is not counted as a word.
 * One pass over the text; cost is linear in its length.
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
  /** Share of the three-word sequences in sentences that repeat an earlier one: recycled phrasing. */
  repeatedTrigramShare: number;
}

const LATIN_WORD = /[a-z\u00c0-\u024f\u1e00-\u1eff]+(?:['\u2019][a-z\u00c0-\u024f\u1e00-\u1eff]+)*/g;
const CODE_SPAN = /(`+)[^`\n]+?\1/g;
const LINK_TARGET = /\]\([^)\n]*\)/g;
const URL = /\b(?:https?|ftp):\/\/\S+/gi;
const HTML = /<!--[\s\S]*?-->|<\/?[a-z][^>\n]{0,200}>/gi;
/** Inline code stands in the sentence as this token. */
const CODE_TOKEN = 'codespanplaceholder';
/** Sentence ends: . ! ? followed by a space or the end (not "SKILL.md" or "0.5"), ; and : likewise, and block breaks. */
const SENTENCE_BREAK = /[.!?;:]+(?=\s|$)|\n/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+|^\s*>/;
const SENTENCE_MIN_WORDS = 8;

/**
 * Running prose as text: one line per block (paragraph, list item, quote), a hard-wrapped paragraph joined
 * into one line so its sentences are not cut at the wrap. Code, headings and table rows are left out.
 */
export function runningProse(md: MarkdownFacts): string {
  const skip = new Set<number>();
  for (const h of md.headings) for (let k = 0; k < h.lines; k++) skip.add(h.line + k);
  for (const t of md.tables) for (let k = 0; k <= t.rows; k++) skip.add(t.line + k);
  const blocks: string[] = [];
  let open = false;
  for (let i = 0; i < md.proseLines.length; i++) {
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
 * Letters of the Latin script, and letters of other scripts (Greek, Cyrillic, Armenian, Hebrew, Arabic, Indic,
 * Thai, Georgian, Hangul, kana, CJK): counted only to know when the prose is not in a Latin-script language.
 */
function countScripts(text: string): { latin: number; other: number } {
  let latin = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f) || (c >= 0x1e00 && c <= 0x1eff)) latin++;
    else if ((c >= 0x370 && c <= 0x10ff) || (c >= 0x1100 && c <= 0x11ff) || (c >= 0x3040 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af)) other++;
  }
  return { latin, other };
}

export function proseStatistics(md: MarkdownFacts): ProseStatistics {
  const text = runningProse(md)
    .replace(HTML, ' ')
    .replace(CODE_SPAN, ` ${CODE_TOKEN} `)
    .replace(LINK_TARGET, ']')
    .replace(URL, ' ')
    .toLowerCase();
  const { latin, other } = countScripts(text);

  const allHits = new Array<number>(LANGUAGES.length).fill(0);
  const sentenceHits = new Array<number>(LANGUAGES.length).fill(0);
  const count = (hits: number[], word: string) => {
    const mask = FUNCTION_WORD_LANGUAGES.get(word);
    if (mask === undefined) return;
    for (let bit = 0; bit < hits.length; bit++) if (mask & (1 << bit)) hits[bit]!++;
  };
  const trigrams = new Set<string>();
  let words = 0;
  let sentenceWords = 0;
  let trigramCount = 0;
  let repeatedTrigrams = 0;
  let articles = 0;
  let misfits = 0;
  for (const sentence of text.split(SENTENCE_BREAK)) {
    const tokens = sentence.match(LATIN_WORD);
    if (!tokens) continue;
    const long = tokens.length >= SENTENCE_MIN_WORDS;
    const kept: string[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const w = tokens[i]!;
      if ((w === 'the' || w === 'an') && i + 1 < tokens.length) {
        articles++;
        if (CANNOT_FOLLOW_ARTICLE.has(tokens[i + 1]!)) misfits++;
      }
      if (w === CODE_TOKEN) continue;
      words++;
      count(allHits, w);
      if (long) {
        count(sentenceHits, w);
        kept.push(w);
      }
    }
    sentenceWords += kept.length;
    for (let i = 0; i + 2 < kept.length; i++) {
      const key = `${kept[i]} ${kept[i + 1]} ${kept[i + 2]}`;
      trigramCount++;
      if (trigrams.has(key)) repeatedTrigrams++;
      else trigrams.add(key);
    }
  }

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
    articles,
    articleMisfitShare: articles === 0 ? 0 : misfits / articles,
    repeatedTrigramShare: trigramCount === 0 ? 0 : repeatedTrigrams / trigramCount,
  };
}
