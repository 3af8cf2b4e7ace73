/** Small text helpers shared by the parser and the checks. */
/** 1-based line and column of a character offset. */
export declare function positionAt(text: string, offset: number): {
    line: number;
    column: number;
};
/**
 * 1-based line of character offsets in `text`, by binary search over line starts computed once: calling
 * positionAt() once per match re-counted lines from the start each time (quadratic in the number of matches).
 */
export declare function lineLocator(text: string): (offset: number) => number;
/** Count of non-overlapping matches of a global regex. */
export declare function countMatches(text: string, re: RegExp): number;
export declare function clamp(value: number, low?: number, high?: number): number;
/** Number of `\n`-separated pieces, like `text.split('\n').length`, without building the array. */
export declare function lineCount(text: string): number;
