/**
 * Whether a text can hold a credential of any catalogue format: the same answer as one expression over every format
 * (`(?<![token])(?:body|body|...)`) tried at every position, at a small part of its cost. That expression spent most
 * of its time on prose where no format can start; here it is tried only where a match is possible.
 *
 * Why that is the same answer: every format but the three named below is made of token characters (a format body
 * may also hold one `.` or `:` between its parts, as SendGrid's and Telegram's do) and holds a run of at least
 * MIN_RUN token characters, which starts at most LOOKBACK characters after the match. So the expression is tried
 * only at token starts up to LOOKBACK characters before each run of MIN_RUN token characters or more. The three
 * others hold other characters anywhere (`/`, `.`) and start with a literal, so their own expression finds them fast.
 * test/rules/secret-candidates.test.ts compares this with the whole-text expression, down to each format's shortest
 * match.
 *
 * Cost: the runs are found reading about one character in MIN_RUN of prose; runs are at least MIN_RUN + 1 apart, so
 * each position is tried at most once, and each try is bounded by the longest format: linear in the text.
 */
import { SECRET_FORMATS, TOKEN_CHARS, secretFormatPattern } from '../../data/secret-formats.js';

/** The shortest run of token characters every other format's match holds (`xoxb-` and ten, `sk-ant-` and eight). */
const MIN_RUN = 15;
/** How far a match may start before that run: Telegram's ten digits and a colon, SendGrid's `SG.`. */
const LOOKBACK = 11;
/** Formats with characters other than token characters inside: each found by its own literal-led expression. */
const OWN_PATTERN_IDS: ReadonlySet<string> = new Set(['gitlab-token', 'slack-webhook', 'jwt']);

const OWN_PATTERNS = SECRET_FORMATS.filter((f) => OWN_PATTERN_IDS.has(f.id)).map((f) => secretFormatPattern(f, ''));
/** Every format's body at a token start, tried at one position (sticky). */
const ANY_FORMAT_AT = new RegExp(
  `(?<![${TOKEN_CHARS}])(?:${SECRET_FORMATS.map((f) => `(?:${f.body})`).join('|')})`,
  'y',
);

/** The catalogue's token characters (all ASCII) as a table, read off TOKEN_CHARS so the two cannot drift apart. */
const TOKEN_CODES = (() => {
  const token = new RegExp(`[${TOKEN_CHARS}]`);
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = token.test(String.fromCharCode(c)) ? 1 : 0;
  return table;
})();
const isTokenCode = (c: number): boolean => c < 128 && TOKEN_CODES[c] === 1;

/** True when some catalogue format matches somewhere in `text`, at a token start. */
export function mayHoldSecret(text: string): boolean {
  for (const pattern of OWN_PATTERNS) if (pattern.test(text)) return true;
  const n = text.length;
  // `end` is the last position of a window of MIN_RUN characters; text before the window's start is known to
  // hold no run of MIN_RUN token characters that has not been tried.
  for (let end = MIN_RUN - 1; end < n; ) {
    if (!isTokenCode(text.charCodeAt(end))) {
      end += MIN_RUN;
      continue;
    }
    let start = end;
    while (start > end - MIN_RUN + 1 && isTokenCode(text.charCodeAt(start - 1))) start--;
    if (start > end - MIN_RUN + 1) {
      end = start - 1 + MIN_RUN; // the character before `start` is not a token character
      continue;
    }
    // A run of MIN_RUN or more: find where it really starts and ends, and try each token start shortly before it.
    while (start > 0 && isTokenCode(text.charCodeAt(start - 1))) start--;
    let runEnd = end + 1;
    while (runEnd < n && isTokenCode(text.charCodeAt(runEnd))) runEnd++;
    for (let at = Math.max(0, start - LOOKBACK); at <= start; at++) {
      if (at < start && !(isTokenCode(text.charCodeAt(at)) && (at === 0 || !isTokenCode(text.charCodeAt(at - 1)))))
        continue;
      ANY_FORMAT_AT.lastIndex = at;
      if (ANY_FORMAT_AT.test(text)) return true;
    }
    end = runEnd + MIN_RUN;
  }
  return false;
}
