/**
 * `--fix` and `--fix-dry-run`: validate, apply the certain edit of every rule that has one (`RuleFix`, declared by
 * the rule) to the files its diagnostics name, and validate again, up to MAX_FIX_PASSES times (as ESLint does) or
 * until a pass changes nothing. Only problems the report keeps are fixed: a rule turned off in the config file or
 * disabled by an inline comment is left alone.
 *
 * A file is edited only when it lies inside one of the given paths (real paths compared), is not a symlink, is a
 * regular file of at most 4 MiB of valid UTF-8 text, and is not read-only; every write is atomic (temp file and
 * rename). A dry run holds the fixed texts in memory and validates them there (parse/overlay.ts).
 */
import { isUtf8 } from 'node:buffer';
import { lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../model/diagnostic.js';
import { isInside, MAX_TEXT_BYTES } from '../../parse/fs.js';
import { withTextOverlay } from '../../parse/overlay.js';
import { readBoundedSync } from '../../util/bounded-read.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { RULE_FIXES } from '../registry/index.js';
import { validate, type ValidateOptions, type ValidationReport } from '../validate/index.js';

/** ESLint's limit: a fix that keeps producing fixable problems stops here. */
export const MAX_FIX_PASSES = 10;

export interface FixOptions extends ValidateOptions {
  /** Write nothing: the fixed texts are validated in memory and returned. */
  dryRun?: boolean;
}

/** One file the fixes changed: its text before the first pass and after the last. */
export interface FixedFile {
  /** Display path, as diagnostics name it. */
  file: string;
  abs: string;
  before: string;
  after: string;
}

export interface FixOutcome {
  /** The validation of the fixed files (in memory for a dry run): what remains. */
  report: ValidationReport;
  /** Problems fixed per rule id (diagnostics of the rule in the changed files that are gone). */
  fixed: Record<string, number>;
  files: FixedFile[];
  /** Files with fixable problems that were left as they are, and why. */
  skipped: { file: string; reason: string }[];
  passes: number;
}

/** The folders edits may land in: the real path of each given path (a given file's folder). */
function realRoots(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    try {
      const real = realpathSync(p);
      out.push(statSync(real).isDirectory() ? real : path.dirname(real));
    } catch {
      // An unusable path is validate's to report.
    }
  }
  return out;
}

type Readable = { ok: true; text: string } | { ok: false; reason: string };

/** The text of a file `--fix` may edit, or why it may not. */
export function readForFix(abs: string, roots: readonly string[]): Readable {
  try {
    if (lstatSync(abs).isSymbolicLink()) return { ok: false, reason: 'a symlink (links are never written through)' };
    const real = realpathSync(abs);
    if (!roots.some((root) => isInside(real, root))) return { ok: false, reason: 'outside the given paths' };
    if ((statSync(real).mode & 0o222) === 0) return { ok: false, reason: 'read-only' };
    const read = readBoundedSync(real, MAX_TEXT_BYTES, true);
    if (read.partial) return { ok: false, reason: 'larger than 4 MiB' };
    if (read.bytes.includes(0) || !isUtf8(read.bytes)) return { ok: false, reason: 'not UTF-8 text' };
    return { ok: true, text: read.bytes.toString('utf8') };
  } catch (error) {
    return { ok: false, reason: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
}

/** The fixable problems of a report: per file, per rule, the lines reported. */
function fixableByFile(diagnostics: readonly Diagnostic[]): Map<string, Map<string, number[]>> {
  const out = new Map<string, Map<string, number[]>>();
  for (const d of diagnostics) {
    if (!RULE_FIXES.has(d.ruleId)) continue;
    let rules = out.get(d.file);
    if (!rules) out.set(d.file, (rules = new Map()));
    let lines = rules.get(d.ruleId);
    if (!lines) rules.set(d.ruleId, (lines = []));
    lines.push(d.line);
  }
  return out;
}

const lineCount = (text: string): number => text.split('\n').length;

/**
 * `text` with the rules' fixes applied in turn, each to the lines it reported. A fix that adds or removes lines ends
 * the pass for this file: the lines the later rules reported may have moved, so they wait for the next validation.
 */
export function applyFixes(text: string, rules: ReadonlyMap<string, readonly number[]>): string {
  let out = text;
  for (const [ruleId, lines] of rules) {
    const next = RULE_FIXES.get(ruleId)!.apply(out, lines);
    const moved = next !== out && lineCount(next) !== lineCount(out);
    out = next;
    if (moved) break;
  }
  return out;
}

function countBy(diagnostics: readonly Diagnostic[], files: ReadonlySet<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of diagnostics)
    if (files.has(d.file) && RULE_FIXES.has(d.ruleId)) out.set(d.ruleId, (out.get(d.ruleId) ?? 0) + 1);
  return out;
}

/** Validate `paths`, fix what is certain, and validate again until nothing more is fixed. */
export async function fix(paths: readonly string[], options: FixOptions = {}): Promise<FixOutcome> {
  const roots = realRoots(paths);
  const current = new Map<string, string>();
  const files = new Map<string, FixedFile>();
  const skipped = new Map<string, string>();
  const validateNow = () =>
    options.dryRun ? withTextOverlay(current, () => validate(paths, options)) : validate(paths, options);
  const first = await validateNow();
  let report = first;
  let passes = 0;
  while (passes < MAX_FIX_PASSES) {
    let changed = false;
    for (const [file, rules] of fixableByFile(report.diagnostics)) {
      if (skipped.has(file)) continue;
      const abs = path.resolve(file);
      let text = current.get(abs);
      if (text === undefined) {
        const read = readForFix(abs, roots);
        if (!read.ok) {
          skipped.set(file, read.reason);
          continue;
        }
        text = read.text;
      }
      const next = applyFixes(text, rules);
      if (next === text) continue;
      if (!options.dryRun) {
        try {
          await writeFileAtomic(abs, next);
        } catch (error) {
          skipped.set(file, error instanceof Error ? error.message : String(error));
          continue;
        }
      }
      const entry = files.get(abs);
      files.set(abs, { file, abs, before: entry?.before ?? text, after: next });
      current.set(abs, next);
      changed = true;
    }
    if (!changed) break;
    passes++;
    report = await validateNow();
  }
  const changedFiles = new Set([...files.values()].map((f) => f.file));
  const before = countBy(first.diagnostics, changedFiles);
  const after = countBy(report.diagnostics, changedFiles);
  const fixed: Record<string, number> = {};
  for (const [ruleId, n] of before) {
    const gone = n - (after.get(ruleId) ?? 0);
    if (gone > 0) fixed[ruleId] = gone;
  }
  return {
    report,
    fixed,
    files: [...files.values()],
    skipped: [...skipped].map(([file, reason]) => ({ file, reason })),
    passes,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the fixes did and what remains, one line each (stderr), plus one line per file left as it was. */
export function fixSummaryLines(outcome: FixOutcome, dryRun: boolean): string[] {
  const total = Object.values(outcome.fixed).reduce((a, b) => a + b, 0);
  const { report } = outcome;
  const remaining = report.errors + report.warnings + report.infos;
  const left =
    remaining === 0
      ? 'none remain'
      : `${remaining} remain${remaining === 1 ? 's' : ''} (${plural(report.errors, 'error')}, ${plural(report.warnings, 'warning')}, ` +
        `${plural(report.infos, 'info')})`;
  const perRule = Object.entries(outcome.fixed)
    .map(([id, n]) => `${id} ${n}`)
    .join(', ');
  const lines = [
    total === 0 && outcome.files.length === 0
      ? `plugin-eval: nothing to fix; ${left}`
      : `plugin-eval: ${dryRun ? 'would fix' : 'fixed'} ${plural(total, 'problem')} in ` +
        `${plural(outcome.files.length, 'file')}${perRule ? ` (${perRule})` : ''}; ${left}`,
  ];
  for (const s of outcome.skipped) lines.push(`plugin-eval: not fixed: ${s.file}: ${s.reason}`);
  return lines;
}
