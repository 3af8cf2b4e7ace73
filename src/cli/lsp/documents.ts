/**
 * What the language server validates for an open file, and the quick fixes it offers: no LSP library here, so the
 * choices are plain functions of paths, texts and diagnostics.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../model/diagnostic.js';
import { withTextOverlay } from '../../parse/overlay.js';
import { RULE_FIXES } from '../../rules/registry/index.js';
import { validate, type ValidateOptions } from '../../rules/validate/index.js';

/** Folders above a reference file searched for its skill's SKILL.md. */
const SKILL_SEARCH_DEPTH = 4;

/**
 * The skill or plugin folder to validate for a file, or undefined when the file is none of those the server reads:
 * SKILL.md (and the skill's other Markdown files), .claude-plugin/plugin.json, hooks/hooks.json, agents/*.md and
 * commands/*.md.
 */
export function targetOf(file: string): string | undefined {
  const dir = path.dirname(file);
  const base = path.basename(file);
  const parent = path.basename(dir);
  if (base === 'SKILL.md' || base === 'skill.md') return dir;
  if (base === 'plugin.json' && parent === '.claude-plugin') return path.dirname(dir);
  if (base === 'hooks.json' && parent === 'hooks') return path.dirname(dir);
  if (base.endsWith('.md') && (parent === 'agents' || parent === 'commands')) return path.dirname(dir);
  if (!base.endsWith('.md')) return undefined;
  let up = dir;
  for (let i = 0; i < SKILL_SEARCH_DEPTH; i++, up = path.dirname(up)) {
    if (existsSync(path.join(up, 'SKILL.md')) || existsSync(path.join(up, 'skill.md'))) return up;
    if (path.dirname(up) === up) break;
  }
  return undefined;
}

/**
 * validate's diagnostics of one file, with the open editors' texts (keyed by absolute path) read in place of the
 * disk's. Empty for a file the server does not read.
 */
export async function diagnosticsOf(
  file: string,
  open: ReadonlyMap<string, string>,
  options: ValidateOptions = {},
): Promise<Diagnostic[]> {
  const target = targetOf(file);
  if (target === undefined || !existsSync(target)) return [];
  const report = await withTextOverlay(open, () => validate([target], options));
  return report.diagnostics.filter((d) => path.resolve(d.file) === file);
}

/** The rule's fix of the problem a diagnostic reports, as the whole new text; undefined when it has none. */
export function fixedText(text: string, ruleId: string, line: number): string | undefined {
  const fix = RULE_FIXES.get(ruleId);
  if (fix === undefined) return undefined;
  const next = fix.apply(text, [line]);
  return next === text ? undefined : next;
}

/** The one replacement that turns `before` into `after`: offsets of the changed middle and its new text. */
export function changedSpan(before: string, after: string): { start: number; end: number; text: string } {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (
    tail < shorter - start &&
    before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)
  )
    tail++;
  return { start, end: before.length - tail, text: after.slice(start, after.length - tail) };
}
