/** Small text helpers shared by the parser and the checks. */

/** 1-based line and column of a character offset. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * 1-based line and column of character offsets in `text`, by binary search over line starts computed once: calling
 * positionAt() once per match re-counted lines from the start each time (quadratic in the number of matches).
 */
export function positionLocator(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

/** The line half of positionLocator. */
export function lineLocator(text: string): (offset: number) => number {
  const at = positionLocator(text);
  return (offset) => at(offset).line;
}

/**
 * `text.startsWith(prefix)` and `text.endsWith(suffix)` for long arguments (a whole body): V8 compares those
 * character by character (~60 us for a 10 KB skill, more than re-scanning it), a slice and === compare memory.
 */
export const startsWithText = (text: string, prefix: string): boolean =>
  text.length >= prefix.length && text.slice(0, prefix.length) === prefix;
export const endsWithText = (text: string, suffix: string): boolean =>
  text.length >= suffix.length && text.slice(text.length - suffix.length) === suffix;

/** Count of non-overlapping matches of a global regex. */
export function countMatches(text: string, re: RegExp): number {
  if (!re.global) throw new Error(`countMatches needs a global regex: ${re}`);
  let n = 0;
  re.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text)) !== null) {
    n++;
    // A zero-length match would otherwise loop forever.
    if (match[0].length === 0) re.lastIndex++;
  }
  return n;
}

export function clamp(value: number, low = 0, high = 1): number {
  return Math.min(high, Math.max(low, value));
}

/** Number of `\n`-separated pieces, like `text.split('\n').length`, without building the array. */
export function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

// Every C0 and C1 control character but newline and tab: matching them is the point.
// eslint-disable-next-line no-control-regex
const CONTROLS = new RegExp('[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]', 'g');

/**
 * Text from a log, an agent or a model, made safe to print on a terminal: a control character other than newline
 * and tab (ESC starting a colour, a screen clear, a window-title or clipboard sequence; a carriage return that
 * overwrites the line) is shown as its `\u001b` escape instead of being obeyed by the reader's terminal.
 */
export const visibleControls = (text: string): string =>
  text.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Length in characters as the Agent Skills spec counts them: Unicode code points, so an emoji or a CJK extension
 * character outside the Basic Multilingual Plane is one character, not the two UTF-16 units `text.length` counts.
 */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}
