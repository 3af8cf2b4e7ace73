import { CANNOT_FOLLOW_ARTICLE, FUNCTION_WORD_LANGUAGES, LANGUAGES } from './function-words.js';
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
function withoutComments(text) {
    const parts = [];
    let from = 0;
    for (let open = text.indexOf('<!--'); open !== -1; open = text.indexOf('<!--', from)) {
        const close = text.indexOf('-->', open + 4);
        if (close === -1)
            break;
        parts.push(text.slice(from, open), ' ');
        from = close + 3;
    }
    parts.push(text.slice(from));
    return parts.join('');
}
/** Prose without markup: HTML comments and tags, link targets and bare URLs removed; inline code as CODE_MARK. */
function withoutMarkup(prose) {
    let text = prose;
    if (text.includes('<'))
        text = withoutComments(text).replace(TAG, ' ');
    if (text.includes('`'))
        text = text.replace(CODE_SPAN, ` ${String.fromCharCode(CODE_MARK)} `);
    if (text.includes(']('))
        text = text.replace(LINK_TARGET, ']');
    if (text.includes('://'))
        text = text.replace(URL, ' ');
    return text;
}
const isLatinLetter = (c) => (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) || (c >= 0x1e00 && c <= 0x1eff);
const isOtherLetter = (c) => (c >= 0x370 && c <= 0x11ff) || (c >= 0x3040 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af);
const isSpace = (c) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;
/** 30 bits, so a hash is a small integer (the fastest Map key). */
const HASH_MASK = 0x3fffffff;
/**
 * FNV-1a of a lowercase word, as the tokenizer computes it. Two different words share a hash with
 * probability ~V^2/2^31 for V distinct words (0.02% for a typical skill): a merged count, never a crash.
 */
export function wordHash(word) {
    let h = FNV_OFFSET;
    for (let i = 0; i < word.length; i++)
        h = Math.imul(h ^ word.charCodeAt(i), FNV_PRIME);
    return h & HASH_MASK;
}
const FUNCTION_WORD_MASKS = new Map([...FUNCTION_WORD_LANGUAGES].map(([w, mask]) => [wordHash(w), mask]));
const NOT_AFTER_ARTICLE = new Set([...CANNOT_FOLLOW_ARTICLE].map(wordHash));
const THE = wordHash('the');
const AN = wordHash('an');
/** The code placeholder in a sentence: never a word hash (those are >= 0). */
const CODE = -1;
/**
 * A trigram of word ids as an exact key. Ids below 2^10 pack into a small integer (the common case, and the
 * fastest Set key); below 2^17 into a negative double (never equal to a small-integer key); beyond, a string.
 */
function trigramKey(a, b, c) {
    if (a < 1024 && b < 1024 && c < 1024)
        return (a * 1024 + b) * 1024 + c;
    const wide = 2 ** 17;
    if (a < wide && b < wide && c < wide)
        return -((a * wide + b) * wide + c) - 1;
    return `${a} ${b} ${c}`;
}
/**
 * Running prose as text: one line per block (paragraph, list item, quote), a hard-wrapped paragraph joined
 * into one line so its sentences are not cut at the wrap. Code, headings and table rows are left out.
 */
export function runningProse(md) {
    const skip = new Set();
    for (const h of md.headings)
        for (let k = 0; k < h.lines; k++)
            skip.add(h.line + k);
    for (const t of md.tables)
        for (let k = 0; k <= t.rows; k++)
            skip.add(t.line + k);
    const blocks = [];
    let open = false;
    for (let i = 0; i < md.proseLines.length; i++) {
        const line = md.proseLines[i];
        if (line.trim() === '' || skip.has(i + 1) || md.codeLines.has(i + 1)) {
            open = false;
            continue;
        }
        if (open && !LIST_ITEM.test(line))
            blocks[blocks.length - 1] += ` ${line.trim()}`;
        else
            blocks.push(line.trim());
        open = true;
    }
    return blocks.join('\n');
}
/** Accumulates the statistics one sentence at a time. */
class Tally {
    /** Word hash -> small id, with counts per id over all prose and over sentences. */
    ids = new Map();
    allCount = [];
    sentenceCount = [];
    trigrams = new Set();
    words = 0;
    sentenceWords = 0;
    trigramCount = 0;
    repeatedTrigrams = 0;
    articles = 0;
    misfits = 0;
    kept = [];
    /** `sentence`: word hashes and CODE, in order. */
    add(sentence) {
        const n = sentence.length;
        if (n === 0)
            return;
        let wordCount = 0;
        for (let i = 0; i < n; i++)
            if (sentence[i] !== CODE)
                wordCount++;
        const long = wordCount >= SENTENCE_MIN_WORDS;
        const kept = this.kept;
        kept.length = 0;
        for (let i = 0; i < n; i++) {
            const h = sentence[i];
            if ((h === THE || h === AN) && i + 1 < n) {
                this.articles++;
                if (NOT_AFTER_ARTICLE.has(sentence[i + 1]))
                    this.misfits++;
            }
            if (h === CODE)
                continue;
            let id = this.ids.get(h);
            if (id === undefined) {
                id = this.ids.size;
                this.ids.set(h, id);
                this.allCount.push(0);
                this.sentenceCount.push(0);
            }
            this.words++;
            this.allCount[id]++;
            if (long) {
                this.sentenceCount[id]++;
                kept.push(id);
            }
        }
        this.sentenceWords += kept.length;
        for (let i = 0; i + 2 < kept.length; i++) {
            const key = trigramKey(kept[i], kept[i + 1], kept[i + 2]);
            this.trigramCount++;
            if (this.trigrams.has(key))
                this.repeatedTrigrams++;
            else
                this.trigrams.add(key);
        }
    }
}
export function proseStatistics(md) {
    const text = withoutMarkup(runningProse(md)).toLowerCase();
    const tally = new Tally();
    const sentence = [];
    let latin = 0;
    let other = 0;
    let h = FNV_OFFSET;
    let inWord = false;
    // Words: runs of Latin letters, with an apostrophe inside ("don't"). Sentence ends: . ! ? ; : before a space or
    // the end (not "SKILL.md" or "0.5"), and line breaks (each line is one block). Everything else separates words.
    // Past the end reads as a space (never NaN, which would make every comparison below a slow float compare).
    const at = (i) => (i < text.length ? text.charCodeAt(i) : 0x20);
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
        if (c === CODE_MARK)
            sentence.push(CODE);
        else if (c === 0x0a || ((c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3b || c === 0x3a) && isSpace(at(i + 1)))) {
            tally.add(sentence);
            sentence.length = 0;
        }
        else if (isOtherLetter(c))
            other++;
    }
    tally.add(sentence);
    const { ids, allCount, sentenceCount, words, sentenceWords } = tally;
    const allHits = new Array(LANGUAGES.length).fill(0);
    const sentenceHits = new Array(LANGUAGES.length).fill(0);
    for (const [hash, id] of ids) {
        const mask = FUNCTION_WORD_MASKS.get(hash);
        if (mask === undefined)
            continue;
        for (let bit = 0; bit < LANGUAGES.length; bit++) {
            if (mask & (1 << bit)) {
                allHits[bit] += allCount[id];
                sentenceHits[bit] += sentenceCount[id];
            }
        }
    }
    // The language is chosen on the sentences when there are any, else on all the prose.
    const basis = sentenceWords > 0 ? sentenceHits : allHits;
    let best = 0;
    for (let bit = 1; bit < basis.length; bit++)
        if (basis[bit] > basis[best])
            best = bit;
    return {
        words,
        nonLatinShare: other + latin === 0 ? 0 : other / (other + latin),
        language: LANGUAGES[best],
        sentenceWords,
        sentenceFunctionShare: sentenceWords === 0 ? 0 : sentenceHits[best] / sentenceWords,
        functionShare: words === 0 ? 0 : Math.max(...allHits) / words,
        articles: tally.articles,
        articleMisfitShare: tally.articles === 0 ? 0 : tally.misfits / tally.articles,
        repeatedTrigramShare: tally.trigramCount === 0 ? 0 : tally.repeatedTrigrams / tally.trigramCount,
    };
}
//# sourceMappingURL=prose-statistics.js.map