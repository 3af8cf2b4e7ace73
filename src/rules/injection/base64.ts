/**
 * Base64 runs that decode to readable text: an instruction to the grader encoded so no phrase matches it
 * is still read by a model, which decodes base64 without being asked. A run must be long enough to hold a
 * sentence and decode to valid UTF-8 with no control characters and some words; identifiers, hashes and
 * paths that happen to use the alphabet decode to bytes that fail those tests.
 */

/** Shortest run considered (18 bytes decoded: a short sentence). */
const MIN_RUN = 24;
/** Standard and URL-safe alphabets (1), and padding (2), per ASCII code. */
const ALPHABET = new Uint8Array(128);
for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-') ALPHABET[ch.charCodeAt(0)] = 1;
ALPHABET['='.charCodeAt(0)] = 2;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export interface DecodedRun {
  /** Offset and end of the run in the text. */
  start: number;
  end: number;
  decoded: string;
}

/** The text a base64 run encodes, or undefined when it does not look like text. */
export function decodeTextRun(run: string): string | undefined {
  const body = run.replace(/=+$/, '');
  if (body.length < MIN_RUN || body.length % 4 === 1) return undefined;
  // A run of one case and no digits is a word or an identifier, not an encoding (encoded text mixes them).
  if (!/[A-Z]/.test(body) || !/[a-z]/.test(body)) return undefined;
  const bytes = Buffer.from(body.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return undefined;
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0x7f || code === 0xfffd) return undefined;
  }
  // Words: three or more letter runs, or (scripts without spaces) eight letters in all.
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const words = text.match(/\p{L}{2,}/gu)?.length ?? 0;
  return words >= 3 || letters >= 8 ? text : undefined;
}

const inAlphabet = (text: string, i: number): boolean => {
  const code = text.charCodeAt(i);
  return code < 128 && ALPHABET[code] === 1;
};

/**
 * Every run in `text` that decodes to readable text, in order. A run of MIN_RUN or more that starts at or after
 * `from` holds the character at from + MIN_RUN - 1; where that character is outside the alphabet, no such run
 * starts before it, so the search moves past it reading one character of MIN_RUN (ordinary prose). `from` is always
 * the text's start or a character after one outside the alphabet.
 */
export function decodedRuns(text: string): DecodedRun[] {
  const out: DecodedRun[] = [];
  let from = 0;
  for (let probe = MIN_RUN - 1; probe < text.length; probe = from + MIN_RUN - 1) {
    if (!inAlphabet(text, probe)) {
      from = probe + 1;
      continue;
    }
    // Back from the probe to the start of its run, not before `from`. A run starting after `from` is probed again
    // MIN_RUN - 1 characters after its start (a word of prose is left having read a few characters, not its end).
    let start = probe;
    while (start > from && inAlphabet(text, start - 1)) start--;
    if (start > from) {
      from = start;
      continue;
    }
    let i = probe + 1;
    while (i < text.length && inAlphabet(text, i)) i++;
    // A run of the alphabet, then up to two '=' that must end it.
    if (i - start >= MIN_RUN) {
      let end = i;
      while (end < text.length && end - i < 2 && text.charCodeAt(end) === 61) end++;
      const decoded = decodeTextRun(text.slice(start, end));
      if (decoded !== undefined) out.push({ start, end, decoded });
    }
    from = i + 1;
  }
  return out;
}
