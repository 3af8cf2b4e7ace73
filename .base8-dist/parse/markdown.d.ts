/**
 * A fast, line-based Markdown block parser (CommonMark/GFM subset) that builds a section tree.
 *
 * Why not mdast-util-from-markdown: it costs ~25 ms per corpus skill, and static scoring must stay near 1 ms.
 * The checks only need block structure (headings, fenced code, tables, paragraphs, lists) and inline links and
 * code spans, which a line scanner gets right for real skills. Known simplifications: indented code blocks and
 * HTML blocks are treated as prose; setext headings are recognised.
 */
export interface Heading {
    depth: number;
    text: string;
    /** 1-based body line. */
    line: number;
    /** Lines the heading occupies: 1 for ATX (`## x`), 2 for setext (text plus underline). */
    lines: 1 | 2;
}
export interface CodeBlock {
    lang: string;
    fenced: true;
    startLine: number;
    endLine: number;
    value: string;
    /** False when the file ended before the closing fence. */
    closed: boolean;
}
export interface Table {
    line: number;
    rows: number;
    columns: number;
}
export interface Link {
    url: string;
    /** The local file the link points at (anchor and query removed); undefined for URLs and bare #anchors. */
    path: string | undefined;
    text: string;
    line: number;
    column: number;
}
/** A heading with the blocks under it, up to the next heading of the same or a higher level. */
export interface Section {
    heading: Heading | undefined;
    startLine: number;
    endLine: number;
    children: Section[];
}
export interface MarkdownFacts {
    headings: Heading[];
    codeBlocks: CodeBlock[];
    tables: Table[];
    links: Link[];
    inlineCode: {
        value: string;
        line: number;
    }[];
    /** Section tree: the root has no heading and spans the whole body. */
    root: Section;
    /** 1-based body lines inside fenced code (fence lines included). */
    codeLines: Set<number>;
    /** 1-based body lines that are fence delimiters. */
    fenceLines: Set<number>;
    /** Body lines with code blanked out, so prose checks never see code. Same length as the body's lines. */
    proseLines: string[];
    lineCount: number;
}
/** A code span in one line: [start, end) of the whole span including its backticks, and the text between them. */
export interface CodeSpan {
    start: number;
    end: number;
    content: string;
}
/**
 * Code spans of one line, in order, exactly as the regex /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g finds them (the
 * rule this parser has always used), in linear time: the regex retried every shorter opener inside a long run of
 * backticks, quadratic on a line of backticks. Its semantics, spelled out: an opener is the tail of a backtick run
 * (from some position to the run's end, so it is followed by text), the closer is the next later run of exactly the
 * opener's length, and the leftmost opener that has a closer wins.
 */
export declare function codeSpans(line: string): CodeSpan[];
/** The local path of a link target, or undefined for URLs (`scheme:`, `//host`) and bare `#anchors`. */
export declare function linkPath(url: string): string | undefined;
/** Parse a Markdown body (LF line endings). */
export declare function analyseMarkdown(body: string): MarkdownFacts;
/** All sections of the tree, depth first. */
export declare function allSections(root: Section): Section[];
