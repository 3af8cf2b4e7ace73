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
  inlineCode: { value: string; line: number }[];
  /** Section tree: the root has no heading and spans the whole body. */
  root: Section;
  /** 1-based body lines inside fenced code (fence lines included). */
  codeLines: Set<number>;
  /** 1-based body lines that are fence delimiters. */
  fenceLines: Set<number>;
  /** Body lines with code blanked out, so prose checks never see code. Same length as the body's lines. */
  proseLines: string[];
  /**
   * What each body line is (index 0 is line 1), classified once for every reader of the prose: LINE_* bits. A line
   * outside code has LINE_BLANK, or its text trimmed in `proseTexts`.
   */
  lineKinds: Uint8Array;
  /** The non-blank lines outside code, trimmed, in order (headings and table rows included). */
  proseTexts: string[];
  /** The 0-based body line of each entry of `proseTexts`. */
  proseTextLines: number[];
  lineCount: number;
}

/** Bits of `MarkdownFacts.lineKinds`. */
export const LINE_CODE = 1;
export const LINE_BLANK = 2;
export const LINE_HEADING = 4;
export const LINE_TABLE = 8;

const FENCE_OPEN = /^ {0,3}(?:[-*+]\s+|\d{1,9}[.)]\s+)?\s*(`{3,}|~{3,})\s*([^`\s]*)?.*$/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const LINK =
  /!?\[((?:[^\][]|\[[^\]]*\])*)\]\(\s*<?([^()\s<>]*(?:\([^()\s]*\)[^()\s<>]*)*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
// `[label]: <dest>` or `[label]: dest`; an empty `<>` is the Markdown-comment idiom (`[comment]: <> (text)`), not a
// link.
const DEFINITION = /^ {0,3}\[([^\]]+)\]:\s*(?:<([^<>\s]+)>|([^<\s]\S*))(?:\s+.*)?$/;

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
export function codeSpans(line: string): CodeSpan[] {
  const runStart: number[] = [];
  const runLength: number[] = [];
  for (let i = line.indexOf('`'); i !== -1; i = line.indexOf('`', i)) {
    const start = i;
    while (i < line.length && line.charCodeAt(i) === 96) i++;
    runStart.push(start);
    runLength.push(i - start);
  }
  const runs = runStart.length;
  if (runs < 2) return [];
  // For each run, the closer its leftmost usable opener would take, found right to left with the nearest later
  // run of each length. Each run queries at most its own length, so the pass is linear in the line.
  const closer = new Int32Array(runs).fill(-1);
  const openerLength = new Int32Array(runs);
  const nearest = new Map<number, number>();
  for (let r = runs - 1; r >= 0; r--) {
    const len = runLength[r]!;
    for (let k = len; k >= 1; k--) {
      const c = nearest.get(k);
      if (c !== undefined) {
        closer[r] = c;
        openerLength[r] = k;
        break;
      }
    }
    nearest.set(len, r);
  }
  const spans: CodeSpan[] = [];
  for (let r = 0; r < runs; ) {
    const c = closer[r]!;
    if (c === -1) {
      r++;
      continue;
    }
    const runEnd = runStart[r]! + runLength[r]!;
    spans.push({
      start: runEnd - openerLength[r]!,
      end: runStart[c]! + runLength[c]!,
      content: line.slice(runEnd, runStart[c]),
    });
    r = c + 1;
  }
  return spans;
}

/** The line with every code span replaced by spaces (same length, so columns stay put). */
function blankCodeSpans(line: string, spans: readonly CodeSpan[]): string {
  let out = '';
  let from = 0;
  for (const span of spans) {
    out += line.slice(from, span.start) + ' '.repeat(span.end - span.start);
    from = span.end;
  }
  return out + line.slice(from);
}

/** One inline link of a line: where it is, its text and its destination. */
export interface InlineLink {
  start: number;
  end: number;
  text: string;
  url: string;
}

/** The inline links `[text](url "title")` of one line, left to right, as the parser reads them. */
export function* inlineLinks(line: string): Generator<InlineLink> {
  const pattern = new RegExp(LINK.source, 'g');
  for (let m = pattern.exec(line); m; m = pattern.exec(line))
    yield { start: m.index, end: m.index + m[0].length, text: m[1]!, url: m[2]! };
}

/** The local path of a link target, or undefined for URLs (`scheme:`, `//host`) and bare `#anchors`. */
export function linkPath(url: string): string | undefined {
  const target = url.split('#')[0]!.split('?')[0]!;
  if (target === '' || target.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  return target;
}

function tableCells(line: string): number {
  const trimmed = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return trimmed.split(/(?<!\\)\|/).length;
}

/** Parse a Markdown body (LF line endings). */
export function analyseMarkdown(body: string): MarkdownFacts {
  const lines = body.split('\n');
  const facts: MarkdownFacts = {
    headings: [],
    codeBlocks: [],
    tables: [],
    links: [],
    inlineCode: [],
    root: { heading: undefined, startLine: 1, endLine: lines.length, children: [] },
    codeLines: new Set(),
    fenceLines: new Set(),
    proseLines: new Array<string>(lines.length),
    lineKinds: new Uint8Array(lines.length),
    proseTexts: [],
    proseTextLines: [],
    lineCount: lines.length,
  };
  scanBlocks(facts, lines);
  buildSections(facts);
  return facts;
}

/** Scan the body's `lines` into `facts`. */
function scanBlocks(facts: MarkdownFacts, lines: readonly string[]): void {
  let previousProse = ''; // the previous non-code line, for setext headings and table headers
  let inTable = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const lineNo = i + 1;
    const fence = line.includes('```') || line.includes('~~~') ? FENCE_OPEN.exec(line) : null;
    if (fence) {
      const marker = fence[1]!;
      const info = (fence[2] ?? '').trim();
      // A backtick fence's info string may not contain backticks.
      if (!(marker[0] === '`' && /`/.test(line.slice(line.indexOf(marker) + marker.length)))) {
        const closeRe = new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
        let j = i + 1;
        while (j < lines.length && !closeRe.test(lines[j]!)) j++;
        const closed = j < lines.length;
        const end = closed ? j : lines.length - 1;
        facts.codeBlocks.push({
          lang: info.replace(/[{}]/g, '').split(/[\s,]/)[0] ?? '',
          fenced: true,
          startLine: lineNo,
          endLine: end + 1,
          value: lines.slice(i + 1, closed ? j : lines.length).join('\n'),
          closed,
        });
        facts.fenceLines.add(lineNo);
        if (closed) facts.fenceLines.add(end + 1);
        for (let k = i; k <= end; k++) {
          facts.codeLines.add(k + 1);
          facts.proseLines[k] = '';
          facts.lineKinds[k] = LINE_CODE;
        }
        i = end;
        previousProse = '';
        inTable = false;
        continue;
      }
    }
    facts.proseLines[i] = line;
    // One native trim per line serves this scan and every reader of the prose (a hand loop over the characters
    // costs more in a fresh process, where it runs unoptimised).
    const text = line.trim();
    if (text === '') facts.lineKinds[i] = LINE_BLANK;
    else {
      facts.proseTexts.push(text);
      facts.proseTextLines.push(i);
    }

    const atx = line.includes('#') ? ATX.exec(line) : null;
    if (atx) {
      facts.headings.push({ depth: atx[1]!.length, text: (atx[2] ?? '').trim(), line: lineNo, lines: 1 });
      facts.lineKinds[i]! |= LINE_HEADING;
      previousProse = '';
      inTable = false;
      continue;
    }
    const lead = text[0];
    if (
      (lead === '=' || lead === '-') &&
      previousProse.trim() !== '' &&
      !inTable &&
      SETEXT.test(line) &&
      !/^\s*([-*+]|\d+[.)])\s/.test(previousProse)
    ) {
      facts.headings.push({
        depth: line.trim()[0] === '=' ? 1 : 2,
        text: previousProse.trim(),
        line: lineNo - 1,
        lines: 2,
      });
      facts.lineKinds[i - 1]! |= LINE_HEADING;
      facts.lineKinds[i]! |= LINE_HEADING;
      previousProse = '';
      continue;
    }
    if (line.includes('|')) {
      if (inTable) {
        facts.tables[facts.tables.length - 1]!.rows++;
        facts.lineKinds[i]! |= LINE_TABLE;
      } else if (
        previousProse.includes('|') &&
        line.includes('-') &&
        TABLE_DELIMITER.test(line) &&
        tableCells(previousProse) === tableCells(line)
      ) {
        facts.tables.push({ line: lineNo - 1, rows: 1, columns: tableCells(previousProse) });
        facts.lineKinds[i - 1]! |= LINE_TABLE;
        facts.lineKinds[i]! |= LINE_TABLE;
        inTable = true;
      }
    } else {
      inTable = false;
    }

    const spans = line.includes('`') ? codeSpans(line) : [];
    for (const span of spans) facts.inlineCode.push({ value: span.content.trim(), line: lineNo });
    if (line.includes('](')) {
      const withoutCode = spans.length > 0 ? blankCodeSpans(line, spans) : line;
      for (const link of inlineLinks(withoutCode))
        facts.links.push({
          url: link.url,
          path: linkPath(link.url),
          text: link.text,
          line: lineNo,
          column: link.start + 1,
        });
    }
    if (line.includes(']:')) {
      const def = DEFINITION.exec(line);
      const url = def?.[2] ?? def?.[3];
      if (def && url !== undefined)
        facts.links.push({ url, path: linkPath(url), text: def[1]!, line: lineNo, column: 1 });
    }
    previousProse = line;
  }
}

function buildSections(facts: MarkdownFacts): void {
  const stack: Section[] = [facts.root];
  for (const heading of facts.headings) {
    while (stack.length > 1 && stack[stack.length - 1]!.heading!.depth >= heading.depth) {
      stack.pop()!.endLine = heading.line - 1;
    }
    const section: Section = { heading, startLine: heading.line, endLine: facts.lineCount, children: [] };
    stack[stack.length - 1]!.children.push(section);
    stack.push(section);
  }
}

/** All sections of the tree, depth first. */
export function allSections(root: Section): Section[] {
  const out: Section[] = [];
  const visit = (s: Section) => {
    if (s.heading) out.push(s);
    s.children.forEach(visit);
  };
  visit(root);
  return out;
}
