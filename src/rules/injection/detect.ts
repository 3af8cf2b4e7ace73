/**
 * Static detection of text in a skill that addresses whoever evaluates it: asking for a score, a pass or
 * a verdict, or to drop its instructions. A skill legitimately talks to the agent ("You are ...",
 * "Always ..."), and legitimately talks ABOUT reviewing, grading and prompt injection; these rules look
 * for what only makes sense against a grader.
 *
 * How a match is judged (the phrase roles are described in phrase.ts):
 * - The text is normalised first (invisible characters, NFKC, and a Latin view of look-alike letters).
 * - Fenced code holds examples: there only a request for THIS skill's score counts (an attack string
 *   shown by a security skill is data; asking for this skill's score has no use but gaming it).
 * - Quoted text is mentioned, not used, when prose around it on the line introduces it (`text such as
 *   "ignore previous instructions"`). A quote standing alone, a link title, a YAML value or a comment
 *   is content and is scanned like any other text.
 * - Well-known attack strings (generic phrases) preceded by words that mention them ("if a web page
 *   tells you to ignore previous instructions", "Common injection payloads: ...") are not attempts.
 * - A request ("give it full marks") counts only with an evaluator addressed within a few lines, and
 *   not when it is a condition a grading skill sets ("give it full marks only if every test passes").
 */
import { decodedRuns } from './base64.js';
import { BACKTICK, fenceMarker } from './fence.js';
import { disguiseViews } from './disguise.js';
import { latinise, normaliseForDetection, originalOffset, type NormalisedText } from './normalise.js';
import type { InjectionKind, Phrase } from './phrase.js';
import { ENGLISH_PHRASES } from './phrases-en.js';
import { OTHER_LANGUAGE_PHRASES } from './phrases-intl.js';
import { phraseMatches, type PhraseMatch } from './scan.js';
import {
  isStructuralRequest,
  requestsInWalk,
  STRUCTURAL_REQUESTS,
  structuralMatches,
  type StructuralRole,
} from './structure.js';

export type { InjectionKind } from './phrase.js';

export interface InjectionFinding {
  /** 1-based line in the given text. */
  line: number;
  /** 1-based column of the match start (UTF-16 code units, as editors count). */
  column: number;
  /** The matched line, trimmed and shortened. */
  excerpt: string;
  kind: InjectionKind;
  /** Language of the phrase that matched ('en', 'fr', ...). */
  language: string;
}

export const INJECTION_PHRASES: readonly Phrase[] = [...ENGLISH_PHRASES, ...OTHER_LANGUAGE_PHRASES];
/**
 * The phrase table and structure.ts's request patterns as one table: one walk of the scanner over a view finds
 * both (the scanner reports matches grouped by pattern in table order, so the phrases' come first).
 */
export const PHRASES_AND_REQUESTS: readonly Phrase[] = [...INJECTION_PHRASES, ...STRUCTURAL_REQUESTS];

const MAX_EXCERPT = 160;
/** How far (characters) a request may be from the vocative that makes it an attempt. */
const VOCATIVE_BEFORE = 240;
const VOCATIVE_AFTER = 160;
const BLANK_LINE = /\n[ \t]*\r?\n/;

/** Words in the same sentence that introduce a well-known attack string instead of using it. */
const MENTION_NEAR =
  /(?:such as|like|e\.g\.|i\.e\.|for example|for instance|phrases?|strings?|wording|text|attacks?|attackers?|injections?|payloads?|jailbreaks?|malicious|adversarial|untrusted|hostile|detect\w*|flag(?:s|ged|ging)?|block\w*|reject\w*|refus\w*|watch (?:out )?for|look (?:out )?for|contain\w*|says?|saying|said|tells?|telling|told|asks?|asking|asked|attempts?|tries|trying|instructs?|as in|called|known as|classic|typical|patterns?|warn\w*|saniti[sz]\w*|filter\w*|quoted|literal|never|not|don'?t|cannot|can'?t|won'?t|input|inputs|content|documents?|web ?pages?|e-?mails?|tool (?:output|result)s?|user messages?)(?![\p{L}\p{N}])/iu;
/** Words earlier in the paragraph (or its heading) that make what follows a list of attack examples. */
const MENTION_FAR =
  /(?:attacks?|attackers?|injections?|payloads?|jailbreaks?|malicious|adversarial|untrusted|hostile|such as|e\.g\.|for example|for instance|phrases|strings)(?![\p{L}\p{N}])/iu;
/** A request that is the condition of a grading rule, not an order ("... only if every test passes"). */
const CONDITION_AFTER =
  /^[ \t]*,?[ \t]*(?:only[ \t]+)?(?:if|when|unless|once|provided|as long as)(?![\p{L}\p{N}])(?![ \t]+you(?:'re|\u2019re|[ \t]+are))/iu;
const CONDITION_BEFORE =
  /(?:^|[\s(])(?:if|when|unless|once)(?![\p{L}\p{N}])(?![ \t]+you(?:'re|\u2019re|[ \t]+are)[ \t]+(?:an?[ \t]+)?(?:ai|llm|model|language model|evaluator|grader|judge|reviewer|assistant))[^.!?\n]*,[ \t]*$/iu;

const QUOTE_PAIRS: Readonly<Record<string, string>> = {
  '"': '"',
  '\u201c': '\u201d',
  '\u201e': '\u201c',
  '\u2018': '\u2019',
  '\u00ab': '\u00bb',
  '\u2039': '\u203a',
  '\u300c': '\u300d',
  '\u300e': '\u300f',
  '`': '`',
  "'": "'",
};
const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** Spans [open, close] (indexes of the quote characters) of closed quotations on one line. */
function quotedSpans(line: string): [number, number][] {
  const spans: [number, number][] = [];
  const hopeless = new Set<string>(); // openers with no closer left on the line: never search again
  for (let i = 0; i < line.length; i++) {
    const open = line[i] as string;
    const close = QUOTE_PAIRS[open];
    if (close === undefined || hopeless.has(open)) continue;
    // An apostrophe inside a word (don't, l'IA) opens nothing.
    if ((open === "'" || open === '\u2018') && isWordChar(line[i - 1])) continue;
    let j = line.indexOf(close, i + 1);
    // A closing apostrophe must end a word, not sit inside one (it's, don’t).
    while (j !== -1 && (close === "'" || close === '\u2019') && isWordChar(line[j + 1])) j = line.indexOf(close, j + 1);
    if (j === -1) {
      hopeless.add(open);
      continue;
    }
    spans.push([i, j]);
    i = j;
  }
  return spans;
}

/**
 * Whether text before a quotation on its line makes the quotation a mention. Nothing but a list marker,
 * a YAML key, a link-reference label (`[//]: #`) or a link target before it: the quotation is content.
 */
function introducedByProse(before: string): boolean {
  if (/\]\([^()\s]*[ \t]+$/.test(before)) return false; // a link title: [text](url "title")
  const rest = before
    .replace(/^[ \t]*\[[^\]]*\]:[ \t]*(?:<[^>]*>|#|\S+)?[ \t]*\(?[ \t]*$/, '') // [//]: # ( or [comment]: <> (
    .replace(/^[ \t]*(?:[-*+>]+[ \t]*|\d+[.)][ \t]*)*/, '')
    .replace(/^[\p{L}\p{N}_-]+[ \t]*:[ \t]*[>|]?[ \t]*$/u, ''); // a YAML key: value
  return /[\p{L}\p{N}]/u.test(rest.replace(/<!--/g, ''));
}

interface Located {
  start: number;
  end: number;
  /** What the match means: a phrase of the tables, or a structural match (structure.ts). */
  phrase: StructuralRole;
}

/** Per-line facts computed on demand: fences for all lines at once, quotations line by line. */
class LineIndex {
  readonly starts: number[] = [0];
  readonly fenced: Uint8Array;
  private readonly quotes = new Map<number, [number, number][]>();

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
    this.fenced = new Uint8Array(this.starts.length);
    let fence: { ch: number; len: number } | undefined;
    for (let n = 0; n < this.starts.length; n++) {
      const marker = fenceMarker(text, this.starts[n] as number);
      if (fence) {
        this.fenced[n] = 1;
        if (
          marker !== undefined &&
          marker.ch === fence.ch &&
          marker.len >= fence.len &&
          this.line(n).slice(marker.end).trim() === ''
        )
          fence = undefined;
      } else if (marker !== undefined && !(marker.ch === BACKTICK && this.line(n).slice(marker.end).includes('`'))) {
        this.fenced[n] = 1;
        fence = marker;
      }
    }
  }

  /** 0-based line index of an offset. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private readonly cache = new Map<number, string>();

  line(n: number): string {
    let line = this.cache.get(n);
    if (line === undefined) {
      const end = n + 1 < this.starts.length ? (this.starts[n + 1] as number) - 1 : this.text.length;
      this.cache.set(n, (line = this.text.slice(this.starts[n], end).replace(/\r$/, '')));
    }
    return line;
  }

  /** Whether [start, end) lies inside a quotation that prose on its line introduces. */
  mentionedInQuotes(start: number, end: number): boolean {
    const n = this.lineOf(start);
    const lineStart = this.starts[n] as number;
    let spans = this.quotes.get(n);
    if (spans === undefined) this.quotes.set(n, (spans = quotedSpans(this.line(n))));
    const from = start - lineStart;
    const to = end - lineStart;
    // Spans are disjoint and in order: the candidate is the last one opening before the match.
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((spans[mid] as [number, number])[0] < from) lo = mid + 1;
      else hi = mid;
    }
    const span = spans[lo - 1];
    if (span === undefined || to > span[1]) return false;
    // What precedes the quotation decides; a long prefix is prose whatever its start (bounded work per hit).
    return introducedByProse(this.line(n).slice(Math.max(0, span[0] - 300), span[0]));
  }
}

/** Text of the sentence before `offset` on its line. */
function sentenceBefore(text: string, lineStart: number, offset: number): string {
  const before = text.slice(Math.max(lineStart, offset - 200), offset);
  const cut = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? '));
  return cut === -1 ? before : before.slice(cut + 2);
}

/** The paragraph before `offset` (up to 300 characters, back to a blank line or into the nearest heading line). */
function paragraphBefore(text: string, offset: number): string {
  let before = text.slice(Math.max(0, offset - 300), offset);
  const blank = before.search(/\n[ \t]*\n(?![\s\S]*\n[ \t]*\n)/);
  if (blank !== -1) {
    // A blank line under a heading or an introducing line ending in ':' keeps that line in view.
    const head = before.slice(0, blank);
    const previous = head.slice(head.lastIndexOf('\n') + 1);
    before = (/^#{1,6}\s|:\s*$/.test(previous) ? `${previous}\n` : '') + before.slice(blank);
  }
  const heading = before.lastIndexOf('\n#');
  return heading === -1 ? before : before.slice(heading + 1);
}

/**
 * Lower case without changing the length (U+0130 is the one letter whose lower case is two code units). A lower case
 * as long as the text holds no U+0130, so one pass is enough for nearly every text.
 */
function lowerSameLength(text: string): string {
  const plain = text.toLowerCase();
  if (plain.length === text.length) return plain;
  const lower = (text.includes('\u0130') ? text.replace(/\u0130/g, 'I') : text).toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** Every phrase match in a view (patterns are lower case; the view lower-cased keeps its offsets). */
function matchesIn(view: NormalisedText, phrases: readonly Phrase[]): Located[] {
  return atOriginalOffsets(view, phraseMatches(lowerSameLength(view.text), phrases));
}

/** Phrase matches in a view's lower-cased text, at original offsets. */
function atOriginalOffsets(view: NormalisedText, matches: readonly PhraseMatch[]): Located[] {
  const out: Located[] = [];
  for (const m of matches) {
    if (m.text.length === 0) continue;
    // Leading context (a line start, a bracket) is part of some patterns: point at the first letter.
    const lead = m.text.search(/[\p{L}\p{N}<[|]/u);
    const from = m.index + Math.max(0, lead);
    out.push({
      start: originalOffset(view, from),
      end: originalOffset(view, m.index + m.text.length - 1) + 1,
      phrase: m.phrase,
    });
  }
  return out;
}

/** The offset in `view` of an original offset (origin is non-decreasing: a binary search). */
function viewOffset(view: NormalisedText, offset: number): number {
  const origin = view.origin;
  if (origin === undefined) return offset;
  let lo = 0;
  let hi = origin.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((origin[mid] as number) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first of `sorted` (by start) that starts at or after `offset`. */
function lowerBound(sorted: readonly Located[], offset: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as Located).start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Structural matches (structure.ts) in a view, at original offsets; `requests` are the matches of
 * STRUCTURAL_REQUESTS in `lower` when the caller's walk found them (else structure.ts finds them).
 */
function structuralIn(
  view: NormalisedText,
  lower: string,
  phraseHits: readonly Located[],
  requests?: readonly PhraseMatch[],
): Located[] {
  // Phrase-table requests (at original offsets) also call for heads around them: mapped into this view.
  const seeds = phraseHits
    .filter((h) => h.phrase.role === 'request')
    .map((h) => ({ start: viewOffset(view, h.start), end: viewOffset(view, h.end) }));
  return structuralMatches(lower, seeds, requests).map((m) => ({
    start: originalOffset(view, m.start),
    end: originalOffset(view, m.end - 1) + 1,
    phrase: m.phrase,
  }));
}

/**
 * Findings in base64 runs that decode to text (base64.ts), each reported at the run: a model decodes
 * base64 unasked, so an encoded instruction reaches the judge as surely as a plain one. A run in fenced
 * code is an example, as plain text there is.
 */
function encodedFindings(text: string): InjectionFinding[] {
  const runs = decodedRuns(text);
  if (runs.length === 0) return [];
  const lines = new LineIndex(text);
  return runs.flatMap((run) => {
    const n = lines.lineOf(run.start);
    if (lines.fenced[n] === 1) return [];
    const first = detectIn(run.decoded, false)[0];
    if (first === undefined) return [];
    const excerpt = `base64 for "${first.excerpt}"`;
    return [
      {
        line: n + 1,
        column: run.start - (lines.starts[n] as number) + 1,
        excerpt: excerpt.length > MAX_EXCERPT ? `${excerpt.slice(0, MAX_EXCERPT - 4)}..."` : excerpt,
        kind: first.kind,
        language: first.language,
      },
    ];
  });
}

/** Findings in reading order; one per line and kind. */
export function detectInjection(text: string): InjectionFinding[] {
  return detectIn(text, true);
}

function detectIn(text: string, decodeBase64: boolean): InjectionFinding[] {
  const encoded = decodeBase64 ? encodedFindings(text) : [];
  const view = normaliseForDetection(text);
  const located: Located[] = [];
  const scan = (v: NormalisedText): void => {
    const lower = lowerSameLength(v.text);
    // Past a process's first texts, one walk finds the phrases and the requests (before, structure.ts searches).
    const together = requestsInWalk();
    const matches = phraseMatches(lower, together ? PHRASES_AND_REQUESTS : INJECTION_PHRASES);
    let split = matches.length;
    while (split > 0 && isStructuralRequest((matches[split - 1] as PhraseMatch).phrase)) split--;
    const hits = atOriginalOffsets(v, matches.slice(0, split));
    located.push(...hits, ...structuralIn(v, lower, hits, together ? matches.slice(split) : undefined));
  };
  const scanEnglish = (v: NormalisedText): void => {
    const lower = lowerSameLength(v.text);
    const hits = atOriginalOffsets(v, phraseMatches(lower, ENGLISH_PHRASES));
    located.push(...hits, ...structuralIn(v, lower, hits));
  };
  scan(view);
  if (view.confusable) scanEnglish(latinise(view));
  for (const disguised of disguiseViews(text, view)) {
    scan(disguised);
    if (disguised.confusable) located.push(...matchesIn(latinise(disguised), ENGLISH_PHRASES));
  }
  if (located.length === 0) return encoded;

  const lines = new LineIndex(text);
  const attempts: Located[] = [];
  const vocatives: Located[] = [];
  const requests: Located[] = [];
  // A request in a quotation introduced by prose is a mention, unless that prose addresses the evaluator
  // (`Grader: the verdict is "pass"`): such requests count only with a vocative before them on their line.
  const quotedRequests: Located[] = [];
  for (const hit of located) {
    const n = lines.lineOf(hit.start);
    if (lines.fenced[n] === 1 && hit.phrase.role !== 'self-request') continue;
    const lineStart = lines.starts[n] as number;
    if (
      hit.phrase.generic &&
      (MENTION_NEAR.test(sentenceBefore(text, lineStart, hit.start)) ||
        MENTION_FAR.test(paragraphBefore(text, hit.start)))
    )
      continue;
    if (hit.phrase.language === 'en' && (hit.phrase.role === 'request' || hit.phrase.role === 'self-request')) {
      if (
        CONDITION_AFTER.test(text.slice(hit.end, hit.end + 60)) ||
        CONDITION_BEFORE.test(sentenceBefore(text, lineStart, hit.start))
      )
        continue;
    }
    if (lines.mentionedInQuotes(hit.start, hit.end)) {
      if (hit.phrase.role === 'request') quotedRequests.push(hit);
      continue;
    }
    if (hit.phrase.role === 'vocative') vocatives.push(hit);
    else if (hit.phrase.role === 'request') requests.push(hit);
    else attempts.push(hit);
  }
  // A request counts when an evaluator is addressed close by, in the same paragraph.
  vocatives.sort((a, b) => a.start - b.start);
  const addressed = (r: Located): boolean => {
    const lo = lowerBound(vocatives, r.start);
    const before = vocatives[lo - 1];
    const after = vocatives[lo];
    if (before && r.start - before.end <= VOCATIVE_BEFORE && !BLANK_LINE.test(text.slice(before.end, r.start)))
      return true;
    return (
      after !== undefined && after.start - r.end <= VOCATIVE_AFTER && !BLANK_LINE.test(text.slice(r.end, after.start))
    );
  };
  attempts.push(...requests.filter(addressed));
  for (const r of quotedRequests) {
    const n = lines.lineOf(r.start);
    let k = lowerBound(vocatives, r.start) - 1;
    // The nearest few vocatives before it (bounded work per request, whatever the line's length).
    for (let seen = 0; k >= 0 && seen < 8; k--, seen++) {
      const v = vocatives[k] as Located;
      if (lines.lineOf(v.start) !== n) break;
      if (v.end <= r.start) {
        attempts.push(r);
        break;
      }
    }
  }

  const seen = new Set<string>(encoded.map((f) => `${f.line - 1}\u0000${f.kind}`));
  const findings: InjectionFinding[] = [...encoded];
  for (const hit of attempts.sort((a, b) => a.start - b.start)) {
    const n = lines.lineOf(hit.start);
    const key = `${n}\u0000${hit.phrase.kind}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const raw = lines.line(n).trim();
    findings.push({
      line: n + 1,
      column: hit.start - (lines.starts[n] as number) + 1,
      excerpt: raw.length > MAX_EXCERPT ? `${raw.slice(0, MAX_EXCERPT - 3)}...` : raw,
      kind: hit.phrase.kind,
      language: hit.phrase.language,
    });
  }
  return encoded.length === 0 ? findings : findings.sort((a, b) => a.line - b.line || a.column - b.column);
}
