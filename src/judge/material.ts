/**
 * What a judge reads: the whole SKILL.md and the text files under references/, within a token budget.
 * Tokens are estimated at ~4 characters each (the usual figure for English prose and Markdown), which
 * is close enough to keep a prompt inside a context window without a tokenizer dependency. Whatever
 * does not fit is named in a note, so a score never silently rests on part of a skill.
 */
import path from 'node:path';
import type { SkillDocument } from '../parse/skill.js';
import { decodePrefix, readBounded } from '../util/bounded-read.js';

export const CHARS_PER_TOKEN = 4;
export const DEFAULT_BUDGET_TOKENS = 24_000;
/** Below this many tokens of room, a partial file is more confusing than useful: leave it out whole. */
const MIN_PARTIAL_TOKENS = 200;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export interface IncludedFile {
  path: string;
  tokens: number;
  /** Tokens actually included (less than `tokens` when the file was cut). */
  includedTokens: number;
  /** The text shown to the judge (the file's start when it was cut). */
  text: string;
}

export interface SkillMaterial {
  /** Files concatenated, each under a `=== FILE: path ===` header. */
  text: string;
  files: IncludedFile[];
  /** Human-readable notes on what was cut or skipped and why. */
  notes: string[];
  budgetTokens: number;
  /** Whether any included text has a fenced code block (code_template_quality needs something to judge). */
  hasCode: boolean;
}

const fileHeader = (rel: string, note = ''): string => `=== FILE: ${rel}${note} ===`;

/** A reference file's text as far as the budget could use it (a char is at most 3 UTF-8 bytes), and its whole size. */
async function readReference(
  skill: SkillDocument,
  rel: string,
  budgetChars: number,
): Promise<{ text: string; partial: boolean; size: number } | undefined> {
  const read = await readBounded(path.join(skill.dir, rel), budgetChars * 3).catch(() => undefined);
  if (read === undefined || read.bytes.subarray(0, 8000).includes(0)) return undefined;
  return {
    text: decodePrefix(read.bytes, read.partial).replace(/^\uFEFF/, ''),
    partial: read.partial,
    size: read.size,
  };
}

/**
 * SKILL.md first (an agent always loads it), then references/ in path order. A file that does not fit
 * is cut at a line boundary when enough room is left, otherwise left out; both are noted.
 */
export async function collectSkillMaterial(
  skill: SkillDocument,
  budgetTokens = DEFAULT_BUDGET_TOKENS,
): Promise<SkillMaterial> {
  const budgetChars = Math.max(0, Math.floor(budgetTokens * CHARS_PER_TOKEN));
  const parts: string[] = [];
  const files: IncludedFile[] = [];
  const notes: string[] = [];
  const omitted: string[] = [];
  let used = 0;

  /**
   * `always`: SKILL.md is cut to whatever room there is rather than left out (a judge needs something).
   * `wholeBytes`: the file was read only in part (it is larger than the whole budget) and is this size.
   */
  const add = (rel: string, content: string, always = false, wholeBytes?: number): void => {
    const tokens = wholeBytes === undefined ? estimateTokens(content) : Math.ceil(wholeBytes / CHARS_PER_TOKEN);
    const room = budgetChars - used - fileHeader(rel).length - 2;
    if (content.length <= room && wholeBytes === undefined) {
      parts.push(`${fileHeader(rel)}\n${content}`);
      used += content.length + fileHeader(rel).length + 2;
      files.push({ path: rel, tokens, includedTokens: tokens, text: content });
      return;
    }
    if (room >= MIN_PARTIAL_TOKENS * CHARS_PER_TOKEN || always) {
      const cut = content.slice(0, Math.max(0, room - 80));
      const atLine = cut.lastIndexOf('\n') > 0 ? cut.slice(0, cut.lastIndexOf('\n')) : cut;
      const header = fileHeader(rel, ` (cut: first ${estimateTokens(atLine)} of ${tokens} tokens)`);
      parts.push(`${header}\n${atLine}`);
      used = budgetChars;
      files.push({ path: rel, tokens, includedTokens: estimateTokens(atLine), text: atLine });
      omitted.push(`${rel} cut after ${estimateTokens(atLine)} of ${tokens} tokens`);
      return;
    }
    omitted.push(`${rel} (${tokens} tokens)`);
  };

  add('SKILL.md', skill.text, true);
  const references = skill.files
    .filter((f) => f.rel.startsWith('references/'))
    .map((f) => f.rel)
    .sort();
  for (const rel of references) {
    const content = await readReference(skill, rel, budgetChars);
    if (content === undefined) {
      notes.push(`${rel} was not shown to the judge: binary or unreadable`);
      continue;
    }
    add(rel, content.text, false, content.partial ? content.size : undefined);
  }
  if (omitted.length > 0) {
    notes.push(
      `The judge's budget of ${budgetTokens} tokens (~${CHARS_PER_TOKEN} chars/token) left out: ${omitted.join('; ')}`,
    );
  }
  const text = parts.join('\n\n');
  return { text, files, notes, budgetTokens, hasCode: /^\s{0,3}(```|~~~)/m.test(text) };
}
