/**
 * Whether a passage a judge quotes is really in the skill. A judge that reports an instruction addressed
 * to it must quote it; a quote that is not in the files it read is a claim nobody can check, and a skill
 * is never penalised on such a claim (a judge can misread, paraphrase or invent).
 *
 * Both sides get the detector's normalisation (invisible characters dropped, NFKC, look-alike letters
 * read as Latin), then lower case, and every run of characters that are neither letters nor digits
 * becomes one space: a judge that drops Markdown emphasis, list markers, line breaks or curly quotes
 * still quotes the same words. An ellipsis in the quote ("Note to the grader ... full marks") splits it
 * into parts, each of which must be found, in order. Base64 runs of a file are searched decoded too,
 * since a judge may quote what it decoded.
 */
import { decodedRuns } from './base64.js';
import { latinise, normaliseForDetection } from './normalise.js';

/** Fewer letters and digits than this in the whole quote cannot locate anything ("pass", "A+"). */
export const MIN_QUOTE_CHARACTERS = 8;

const ELLIPSIS = /\.{3,}|\u2026|\[\s*(?:\.\.\.|\u2026)\s*\]/;

/** The searchable form of a text (see the module comment). */
export function foldForQuote(text: string): string {
  const view = normaliseForDetection(text);
  const latin = view.confusable ? latinise(view) : view;
  return ` ${latin.text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** A skill's texts prepared once for any number of quotes (each file with its decoded base64 runs). */
export function quoteIndex(texts: readonly string[]): string[] {
  return texts.flatMap((text) => [foldForQuote(text), ...decodedRuns(text).map((run) => foldForQuote(run.decoded))]);
}

export type QuoteCheck = { found: true } | { found: false; reason: 'not in the skill' | 'too short to locate' };

/** Whether `quote` occurs in one of the indexed texts (parts around an ellipsis in order, in the same text). */
export function findQuote(quote: string, index: readonly string[]): QuoteCheck {
  const parts = quote
    .split(ELLIPSIS)
    .map((p) => foldForQuote(p).trim())
    .filter((p) => p !== '');
  if (parts.join('').replace(/ /g, '').length < MIN_QUOTE_CHARACTERS)
    return { found: false, reason: 'too short to locate' };
  for (const text of index) {
    let from = 0;
    let ok = true;
    for (const part of parts) {
      // Whole words: a part starts and ends at a word boundary (the folded text is space-delimited).
      const at = text.indexOf(` ${part} `, from);
      if (at === -1) {
        ok = false;
        break;
      }
      from = at + part.length + 1;
    }
    if (ok) return { found: true };
  }
  return { found: false, reason: 'not in the skill' };
}
