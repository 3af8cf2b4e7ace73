/** Fixed-width text layout helpers for the text reporter. Widths count UTF-16 code units: every glyph we emit is one column. */
export declare const ELLIPSIS = "\u2026";
/** Cut to at most `width` columns, ending in an ellipsis when cut. */
export declare function fit(text: string, width: number): string;
/** Cut from the left (keeps the end of a path), starting with an ellipsis when cut. */
export declare function fitLeft(text: string, width: number): string;
export declare function padEnd(text: string, width: number): string;
export declare function padStart(text: string, width: number): string;
/**
 * Word-wrap to `width` columns. The first line starts with `first`, the others with `rest` (both counted in the
 * width). Words longer than a line are split.
 */
export declare function wrap(text: string, width: number, first?: string, rest?: string): string[];
