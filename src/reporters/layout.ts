/**
 * Fixed-width text layout helpers for the text reporter. Widths count UTF-16 code units: every glyph we emit is one
 * column.
 */

export const ELLIPSIS = '…';

/**
 * Text on one line: line breaks and tabs a folder name (or a message quoting one) may hold are shown escaped (`\n`,
 * `\r`, `\t`), as `ls -b` does, so a path cannot break a table row or a `file:line:col` line that editors and CI
 * annotate from.
 */
export function oneLine(path: string): string {
  return /[\t\n\r]/.test(path)
    ? path.replace(/[\t\n\r]/g, (ch) => (ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : '\\t'))
    : path;
}

/** Cut to at most `width` columns, ending in an ellipsis when cut. */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  const line = text.replace(/\s*\r?\n\s*/g, ' ');
  return line.length <= width ? line : `${line.slice(0, Math.max(0, width - 1))}${ELLIPSIS}`;
}

/** Cut from the left (keeps the end of a path), starting with an ellipsis when cut. */
export function fitLeft(text: string, width: number): string {
  if (width <= 0) return '';
  const line = text.replace(/\s*\r?\n\s*/g, ' ');
  return line.length <= width ? line : `${ELLIPSIS}${line.slice(line.length - (width - 1))}`;
}

export function padEnd(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

export function padStart(text: string, width: number): string {
  return text.length >= width ? text : ' '.repeat(width - text.length) + text;
}

/**
 * Word-wrap to `width` columns. The first line starts with `first`, the others with `rest` (both counted in the
 * width). Words longer than a line are split.
 */
export function wrap(text: string, width: number, first = '', rest = first): string[] {
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  const lines: string[] = [];
  let prefix = first;
  let line = '';
  const room = () => Math.max(1, width - prefix.length);
  const flush = () => {
    lines.push(prefix + line);
    prefix = rest;
    line = '';
  };
  for (let word of words) {
    if (line.length > 0 && line.length + 1 + word.length > room()) flush();
    while (word.length > room() && line.length === 0) {
      line = word.slice(0, room());
      word = word.slice(room());
      flush();
    }
    if (word.length === 0) continue;
    line = line.length > 0 ? `${line} ${word}` : word;
  }
  if (line.length > 0 || lines.length === 0) lines.push(prefix + line);
  return lines;
}
