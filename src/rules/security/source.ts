/**
 * What the security rules read: one Markdown file (SKILL.md, an agent, a command) as text with its frontmatter
 * mapping, and a walk over its lines that says which are inside fenced code. Every finder is one pass over the text.
 */
import type { MarkdownComponent } from '../../parse/plugin.js';
import type { SkillDocument } from '../../parse/skill.js';

export interface SecuritySource {
  /** Display path of the file. */
  file: string;
  /** The whole file (frontmatter included), BOM removed. */
  text: string;
  /** The frontmatter mapping, when it parsed. */
  data: Record<string, unknown> | undefined;
  /** 1-based line of each top-level frontmatter key. */
  keyLines: Record<string, number>;
}

/** A finding before it becomes a diagnostic of some rule. */
export interface SecurityHit {
  file?: string;
  line: number;
  column: number;
  message: string;
}

export const skillSource = (skill: SkillDocument): SecuritySource => ({
  file: skill.file,
  text: skill.text,
  data: skill.frontmatter.data,
  keyLines: skill.frontmatter.keyLines,
});
export const componentSource = (component: MarkdownComponent): SecuritySource => ({
  file: component.file,
  text: component.text,
  data: component.frontmatter.data,
  keyLines: component.frontmatter.keyLines,
});

export interface SourceLine {
  /** 1-based. */
  number: number;
  text: string;
  /** Offset of the line's first character in the file. */
  offset: number;
  /** Inside a fenced code block, or a fence line itself. */
  fenced: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The files sourceLines walked most recently: each security rule reads a skill's SKILL.md and then its reference
 * files, one rule after another, so the files of one skill are walked once, not once a rule.
 */
const recent = new Map<string, readonly SourceLine[]>();
const RECENT_FILES = 32;

/**
 * The file's lines with their fenced-code state (a fence closes on a run of the same character at least as long).
 */
export function sourceLines(text: string): readonly SourceLine[] {
  let lines = recent.get(text);
  if (lines === undefined) {
    lines = walkLines(text);
    if (recent.size >= RECENT_FILES) recent.delete(recent.keys().next().value!);
    recent.set(text, lines);
  }
  return lines;
}

function walkLines(text: string): SourceLine[] {
  const out: SourceLine[] = [];
  let open: string | undefined;
  let offset = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.endsWith('\r') ? lines[i]!.slice(0, -1) : lines[i]!;
    const fence = FENCE.exec(line)?.[1];
    let fenced = open !== undefined;
    if (fence !== undefined && open === undefined) {
      open = fence;
      fenced = true;
    } else if (
      fence !== undefined &&
      open !== undefined &&
      fence[0] === open[0] &&
      fence.length >= open.length &&
      line.trim() === fence
    ) {
      open = undefined;
    }
    out.push({ number: i + 1, text: line, offset, fenced });
    offset += lines[i]!.length + 1;
  }
  return out;
}

/** 1-based line and column of an offset, from the line starts of `lines`. */
export function positionOf(lines: readonly SourceLine[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]!.offset <= offset) lo = mid;
    else hi = mid - 1;
  }
  const line = lines[lo] ?? { number: 1, offset: 0 };
  return { line: line.number, column: offset - line.offset + 1 };
}

/** A short, one-line quote of untrusted text for a message (control and invisible characters shown as code points). */
export function quote(text: string, max = 80): string {
  const shown = text.replace(
    /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu,
    (c) => `<U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>`,
  );
  return shown.length > max ? `${shown.slice(0, max - 3)}...` : shown;
}
