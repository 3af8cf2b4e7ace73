/**
 * Long base64 blobs: 200 or more characters of the base64 alphabet (upper and lower case letters and digits all
 * present, so hex digests and long words are not blobs), on one line or wrapped over consecutive lines. A model
 * decodes them as easily as it reads prose, a reviewer does not, so a payload hides well in one. Not flagged: an
 * image data URI (`data:image/png;base64,...`, which renders as an image), and PEM blocks (`-----BEGIN ...`), which
 * `embedded-secret` judges. Fenced code is not exempt: `echo ... | base64 -d | sh` lives there.
 */
import { positionOf, quote, sourceLines, type SecurityHit, type SecuritySource } from './source.js';

export const MIN_BLOB = 200;
const RUN = /[A-Za-z0-9+/]{40,}={0,2}/g;
const IMAGE_URI = /data:image\/[a-z0-9.+-]{1,30};base64,$/i;
const WRAPPED_LINE = /^\s{0,8}[A-Za-z0-9+/]{40,}={0,2}\s*$/;

const mixed = (run: string): boolean => /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);

/** What the blob decodes to, when that is mostly printable text: shown in the message. */
function decodedText(blob: string): string | undefined {
  const bytes = Buffer.from(blob.replace(/\s+/g, '').slice(0, 400), 'base64');
  const text = bytes.toString('latin1');
  const printable = text.replace(/[^\x20-\x7e\t\n\r]/g, '').length;
  return text.length > 0 && printable / text.length >= 0.9 ? text : undefined;
}

function hit(line: number, column: number, blob: string): SecurityHit {
  const decoded = decodedText(blob);
  const what = decoded === undefined ? 'binary data' : `text: "${quote(decoded, 60)}"`;
  return {
    line,
    column,
    message:
      `base64 blob of ${blob.replace(/\s+/g, '').length} characters (decodes to ${what}); a model reads it, a ` +
      `reviewer does not`,
  };
}

const RUN_MIN = 40;
const ALPHABET = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') ALPHABET[c.charCodeAt(0)] = 1;
const inAlphabet = (c: number): boolean => c < 128 && ALPHABET[c] === 1;

/**
 * Whether `text` holds RUN_MIN base64-alphabet characters in a row. It looks at the last character of each window
 * a run could fill and skips a whole window past any other character, so prose (short words) is read about one
 * character in eight; a regex tried the run at every position, and this test alone cost more than the rest of
 * the security rules together.
 */
export function hasBase64Run(text: string): boolean {
  const length = text.length;
  let i = RUN_MIN - 1;
  while (i < length) {
    if (!inAlphabet(text.charCodeAt(i))) {
      i += RUN_MIN;
      continue;
    }
    let run = 1;
    for (let j = i - 1; run < RUN_MIN && j >= 0 && inAlphabet(text.charCodeAt(j)); j--) run++;
    if (run >= RUN_MIN) return true;
    for (i++; i < length && inAlphabet(text.charCodeAt(i)); i++) if (++run >= RUN_MIN) return true;
    // text[i] ends the run: the next run that could be long enough ends RUN_MIN characters later.
    i += RUN_MIN;
  }
  return false;
}

export function findBase64Blobs(source: SecuritySource): SecurityHit[] {
  if (!hasBase64Run(source.text)) return [];
  const out: SecurityHit[] = [];
  const lines = sourceLines(source.text);
  let pem = false;
  let wrapped: { line: number; column: number; text: string } | undefined;
  const closeWrapped = (): void => {
    if (wrapped !== undefined && wrapped.text.length >= MIN_BLOB && mixed(wrapped.text) && wrapped.text.includes('\n'))
      out.push(hit(wrapped.line, wrapped.column, wrapped.text));
    wrapped = undefined;
  };
  for (const line of lines) {
    if (/-----BEGIN [A-Z0-9 ]{1,60}-----/.test(line.text)) pem = true;
    if (pem) {
      if (/-----END [A-Z0-9 ]{1,60}-----/.test(line.text)) pem = false;
      closeWrapped();
      continue;
    }
    let single = false;
    for (const m of line.text.matchAll(RUN)) {
      if (m[0].length < MIN_BLOB || !mixed(m[0]) || IMAGE_URI.test(line.text.slice(Math.max(0, m.index - 40), m.index)))
        continue;
      out.push(hit(line.number, m.index + 1, m[0]));
      single = true;
    }
    if (!single && WRAPPED_LINE.test(line.text)) {
      const text = line.text.trim();
      if (wrapped === undefined) wrapped = { ...positionOf(lines, line.offset + line.text.indexOf(text)), text };
      else wrapped.text += `\n${text}`;
    } else {
      closeWrapped();
    }
  }
  closeWrapped();
  return out;
}
