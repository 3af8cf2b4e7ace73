/**
 * Undo the cheap disguises an injection uses before the phrase patterns run: invisible characters
 * (zero-width space/joiners, word joiner, BOM, soft hyphen, bidi controls) are dropped, compatibility
 * forms are folded with NFKC (full-width `ｉｇｎｏｒｅ`, mathematical bold letters), and, in a second
 * view, Cyrillic and Greek look-alikes become the Latin letters they imitate (`іgnоrе`).
 *
 * The look-alike view is separate because folding Cyrillic in place would break the Russian patterns:
 * each view keeps a map back to the original offsets so findings point at the real line and column.
 */

/** Characters that render as nothing (or only change direction) and can split a word without showing. */
const INVISIBLE_RANGES: readonly [number, number][] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
];

/**
 * Cyrillic, Greek and a few Latin-extension letters that look like basic Latin ones (after the Unicode
 * confusables list, restricted to the letters a phrase could be spelled with).
 */
const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic lower case
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  ɡ: 'g',
  ԍ: 'g',
  ү: 'y',
  ѵ: 'v',
  ꙇ: 'i',
  // Cyrillic upper case
  А: 'A',
  В: 'B',
  Е: 'E',
  Ё: 'E',
  З: '3',
  І: 'I',
  Ї: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ѕ: 'S',
  Ԁ: 'D',
  Ԛ: 'Q',
  Ԝ: 'W',
  Һ: 'H',
  Ӏ: 'I',
  Ү: 'Y',
  Ѵ: 'V',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ϲ: 'c',
  ϳ: 'j',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  Ϲ: 'C',
  // Latin look-alikes outside ASCII that NFKC keeps
  ı: 'i',
  ȷ: 'j',
  ɑ: 'a',
  ɩ: 'i',
  ɪ: 'i',
  ʟ: 'l',
  ᴀ: 'a',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ɢ: 'g',
  ʜ: 'h',
  ᴊ: 'j',
  ᴋ: 'k',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
};
const CONFUSABLE_CHARS = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'g');

/**
 * Per UTF-16 code unit, INVISIBLE and CONFUSABLE bits (every confusable is one code unit): one table load
 * per character instead of a range search or a character-class regex over the whole text.
 */
const INVISIBLE = 1;
const CONFUSABLE = 2;
const KIND = new Uint8Array(65536);
for (const [lo, hi] of INVISIBLE_RANGES) KIND.fill(INVISIBLE, lo, hi + 1);
for (const ch of Object.keys(CONFUSABLES)) KIND[ch.charCodeAt(0)] = (KIND[ch.charCodeAt(0)] as number) | CONFUSABLE;
const isInvisible = (code: number): boolean => ((KIND[code] as number) & INVISIBLE) !== 0;

/** A rewritten text and, per code unit of it, the offset in the original it came from. */
export interface NormalisedText {
  text: string;
  /** `origin[i]` is the original offset of `text[i]`; undefined when the text was unchanged (identity). */
  origin: Int32Array | undefined;
  /** Whether the text holds a letter that only the look-alike view would change (hasConfusables of it). */
  confusable: boolean;
  /**
   * Set by normaliseForDetection only: whether the original text holds an invisible character (holdsInvisible of it),
   * noted while it reads the non-ASCII runs so that no other pass over the text has to ask.
   */
  invisible?: boolean;
}

export function originalOffset(view: NormalisedText, offset: number): number {
  if (view.origin === undefined) return offset;
  if (offset < view.origin.length) return view.origin[offset] as number;
  return view.origin.length === 0 ? 0 : (view.origin[view.origin.length - 1] as number) + 1;
}

/**
 * Invisible characters dropped and NFKC applied, run by run of non-ASCII text (ASCII is already
 * normal, so a plain-English file is returned as is and costs one scan). NFKC of a run can change its
 * length (ligatures); its characters then map proportionally onto the run, which keeps columns close.
 * Most texts hold only runs that neither step changes (dashes, arrows, quotes): they too are returned as
 * they are, and the rewritten text and its offsets are built only from the first run that changes.
 */
export function normaliseForDetection(text: string): NormalisedText {
  if (!/[\u0080-\uffff]/.test(text)) return { text, origin: undefined, confusable: false, invisible: false };
  let out: OffsetWriter | undefined;
  let confusable = false;
  let invisible = false;
  for (const run of text.matchAll(/[\u0080-\uffff]+/g)) {
    const start = run.index;
    const value = run[0];
    let kinds = 0;
    for (let i = 0; i < value.length; i++) kinds |= KIND[value.charCodeAt(i)] as number;
    let stripped = value;
    let kept: number[] | undefined;
    if ((kinds & INVISIBLE) !== 0) {
      invisible = true;
      kept = [];
      stripped = '';
      for (let i = 0; i < value.length; i++) {
        if (isInvisible(value.charCodeAt(i))) continue;
        stripped += value[i] as string;
        kept.push(start + i);
      }
    }
    const folded = stripped.normalize('NFKC');
    if (kept === undefined && folded === value) {
      // Unchanged: copied with the text around it.
      if ((kinds & CONFUSABLE) !== 0) confusable = true;
      continue;
    }
    if (!confusable)
      for (let i = 0; i < folded.length; i++)
        if (((KIND[folded.charCodeAt(i)] as number) & CONFUSABLE) !== 0) confusable = true;
    out ??= new OffsetWriter(text);
    out.copyTo(start);
    kept ??= Array.from({ length: value.length }, (_, k) => start + k);
    out.parts.push(folded);
    if (folded.length === kept.length) for (const k of kept) out.put(k);
    else
      for (let i = 0; i < folded.length; i++)
        out.put(kept[Math.min(kept.length - 1, Math.floor((i * kept.length) / folded.length))] ?? start);
    out.last = start + value.length;
  }
  if (out === undefined) return { text, origin: undefined, confusable, invisible };
  out.copyTo(text.length);
  return { text: out.parts.join(''), origin: out.origin.slice(0, out.size), confusable, invisible };
}

/**
 * The rewritten text as parts, and per code unit of it the original offset (a typed array, grown when NFKC lengthens a
 * run).
 */
class OffsetWriter {
  readonly parts: string[] = [];
  origin: Int32Array;
  size = 0;
  /** Original offset up to which the text is written. */
  last = 0;

  constructor(private readonly text: string) {
    this.origin = new Int32Array(text.length + 16);
  }

  put(offset: number): void {
    if (this.size === this.origin.length) this.grow(this.size + 1);
    this.origin[this.size++] = offset;
  }

  /** Writes the original text from `last` up to `end` unchanged (each offset maps to itself). */
  copyTo(end: number): void {
    if (end <= this.last) return;
    this.parts.push(this.text.slice(this.last, end));
    if (this.size + end - this.last > this.origin.length) this.grow(this.size + end - this.last);
    for (let i = this.last; i < end; i++) this.origin[this.size++] = i;
    this.last = end;
  }

  private grow(need: number): void {
    const grown = new Int32Array(Math.max(need, this.origin.length * 2));
    grown.set(this.origin);
    this.origin = grown;
  }
}

/**
 * The text with each invisible character replaced by a space (same length, same offsets), or undefined when no
 * invisible character sits between two letters or digits: for zero-width characters used as word separators
 * (`Whoever\u200bgrades`), which dropping them would glue together. Emoji variation selectors and joiners
 * (after a symbol) do not call for this view.
 */
export function invisibleAsSpace(text: string): string | undefined {
  if (!holdsInvisible(text)) return undefined; // one native scan for the usual text
  let out: string[] | undefined;
  let last = 0;
  let between = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80 || !isInvisible(code)) continue;
    if (!between) {
      let j = i + 1;
      while (j < text.length && isInvisible(text.charCodeAt(j))) j++;
      between = WORD_CHAR.test(text[i - 1] ?? '') && WORD_CHAR.test(text[j] ?? '');
    }
    (out ??= []).push(text.slice(last, i), ' ');
    last = i + 1;
  }
  return out === undefined || !between ? undefined : out.join('') + text.slice(last);
}
const WORD_CHAR = /[\p{L}\p{N}]/u;
const hex = (code: number): string => code.toString(16).padStart(4, '0');
const ANY_INVISIBLE = new RegExp(`[${INVISIBLE_RANGES.map(([lo, hi]) => `\\u${hex(lo)}-\\u${hex(hi)}`).join('')}]`);

/** Whether the text holds an invisible character. */
export const holdsInvisible = (text: string): boolean => ANY_INVISIBLE.test(text);

/**
 * True when the text holds a letter that only the look-alike view would change (normaliseForDetection tells it for its
 * view).
 */
export function hasConfusables(text: string): boolean {
  CONFUSABLE_CHARS.lastIndex = 0;
  return CONFUSABLE_CHARS.test(text);
}

/** The look-alike view: same length and offsets as `view`, each confusable letter replaced by its Latin twin. */
export function latinise(view: NormalisedText): NormalisedText {
  return {
    text: view.text.replace(CONFUSABLE_CHARS, (ch) => CONFUSABLES[ch] ?? ch),
    origin: view.origin,
    confusable: false,
  };
}
