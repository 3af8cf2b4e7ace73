/**
 * `--fix` and `--fix-dry-run` for score and validate: the fixes run before the report (src/rules/fix/), the diff of a
 * dry run goes to stdout, and what was fixed and what remains to stderr. Loaded only when one of the two is given.
 */
import { UsageError } from '../errors.js';
import type { FixOutcome } from '../rules/fix/index.js';
import type { ValidateOptions } from '../rules/validate/index.js';
import type { Ui } from './ui.js';

export async function runFixes(
  paths: readonly string[],
  asked: { fix: boolean; fixDryRun: boolean; watch?: boolean },
  ui: Ui,
  options: ValidateOptions,
): Promise<FixOutcome | undefined> {
  if (asked.fix && asked.fixDryRun)
    throw new UsageError('--fix writes the fixes and --fix-dry-run only prints them: give one of the two');
  if (!asked.fix && !asked.fixDryRun) return undefined;
  // A fix is an edit, which would start the next run: the watch would chase its own writes.
  if (asked.watch)
    throw new UsageError(
      `--watch re-runs on each edit, and ${asked.fix ? '--fix' : '--fix-dry-run'} goes with one run: give one of the two`,
    );
  const { fix, fixSummaryLines } = await import('../rules/fix/index.js');
  const outcome = await fix(paths, { ...options, dryRun: asked.fixDryRun });
  if (asked.fixDryRun) {
    const { unifiedDiff } = await import('../rules/fix/diff.js');
    const diff = await unifiedDiff(outcome.files);
    if (diff !== '') (ui.stdoutData ?? ui.stdout)(diff);
  }
  for (const line of fixSummaryLines(outcome, asked.fixDryRun)) ui.stderr(line);
  return outcome;
}
