/**
 * The fence marker that opens or closes fenced code in Markdown, read in place: the detector (detect.ts) asks it of
 * every line, and slicing each line to run a pattern on it cost more than the test.
 */

export const BACKTICK = 96;
const TILDE = 126;

/**
 * The fence marker (`/^ {0,3}(`{3,}|~{3,})/` on the line) of the line starting at `start` in `text`: its character
 * code, its length and where it ends in the line; undefined for none.
 */
export function fenceMarker(text: string, start: number): { ch: number; len: number; end: number } | undefined {
  let i = start;
  while (i - start < 3 && text.charCodeAt(i) === 32) i++;
  const ch = text.charCodeAt(i);
  if (ch !== BACKTICK && ch !== TILDE) return undefined;
  let j = i + 1;
  while (text.charCodeAt(j) === ch) j++;
  return j - i >= 3 ? { ch, len: j - i, end: j - start } : undefined;
}
