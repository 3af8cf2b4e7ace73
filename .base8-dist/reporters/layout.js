/** Fixed-width text layout helpers for the text reporter. Widths count UTF-16 code units: every glyph we emit is one column. */
export const ELLIPSIS = '…';
/** Cut to at most `width` columns, ending in an ellipsis when cut. */
export function fit(text, width) {
    if (width <= 0)
        return '';
    const line = text.replace(/\s*\r?\n\s*/g, ' ');
    return line.length <= width ? line : `${line.slice(0, Math.max(0, width - 1))}${ELLIPSIS}`;
}
/** Cut from the left (keeps the end of a path), starting with an ellipsis when cut. */
export function fitLeft(text, width) {
    if (width <= 0)
        return '';
    const line = text.replace(/\s*\r?\n\s*/g, ' ');
    return line.length <= width ? line : `${ELLIPSIS}${line.slice(line.length - (width - 1))}`;
}
export function padEnd(text, width) {
    return text.length >= width ? text : text + ' '.repeat(width - text.length);
}
export function padStart(text, width) {
    return text.length >= width ? text : ' '.repeat(width - text.length) + text;
}
/**
 * Word-wrap to `width` columns. The first line starts with `first`, the others with `rest` (both counted in the
 * width). Words longer than a line are split.
 */
export function wrap(text, width, first = '', rest = first) {
    const words = text.split(/\s+/).filter((w) => w.length > 0);
    const lines = [];
    let prefix = first;
    let line = '';
    const room = () => Math.max(1, width - prefix.length);
    const flush = () => {
        lines.push(prefix + line);
        prefix = rest;
        line = '';
    };
    for (let word of words) {
        if (line.length > 0 && line.length + 1 + word.length > room())
            flush();
        while (word.length > room() && line.length === 0) {
            line = word.slice(0, room());
            word = word.slice(room());
            flush();
        }
        if (word.length === 0)
            continue;
        line = line.length > 0 ? `${line} ${word}` : word;
    }
    if (line.length > 0 || lines.length === 0)
        lines.push(prefix + line);
    return lines;
}
//# sourceMappingURL=layout.js.map