/**
 * `--fix-dry-run`'s output: one unified diff of every file the fixes changed, with `a/` and `b/` paths relative to
 * the working folder, so `git apply` and `patch -p1` take it as it is. jsdiff (loaded only here) finds the changed
 * lines; its search is bounded, and past the bound (a file whose every line changed) the file is one hunk that
 * replaces it whole, so the cost stays linear in the file's size whatever it holds.
 */
import path from 'node:path';
import type { FixedFile } from './index.js';

/** Edits jsdiff may consider per file before the whole-file hunk is used instead (its cost is lines x this). */
const MAX_EDIT_LENGTH = 200;

/**
 * True when the two texts have as many lines and more than half the bound of them differ (line endings rewritten):
 * known in one pass, before jsdiff's search would spend its whole bound finding the same.
 */
function mostLinesDiffer(before: string, after: string): boolean {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length !== b.length) return false;
  let differ = 0;
  for (let i = 0; i < a.length && differ <= MAX_EDIT_LENGTH / 2; i++) if (a[i] !== b[i]) differ++;
  return differ > MAX_EDIT_LENGTH / 2;
}

/** A text's lines for a hunk, with the marker patch(1) needs when the last line has no newline. */
function hunkLines(text: string, sign: '-' | '+'): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  const complete = lines.at(-1) === '';
  if (complete) lines.pop();
  const out = lines.map((l) => sign + l);
  if (!complete) out.push('\\ No newline at end of file');
  return out;
}

function lineCount(text: string): number {
  if (text === '') return 0;
  const n = text.split('\n').length;
  return text.endsWith('\n') ? n - 1 : n;
}

function range(count: number): string {
  return `${count === 0 ? 0 : 1},${count}`;
}

function wholeFilePatch(name: string, before: string, after: string): string {
  return [
    `--- a/${name}`,
    `+++ b/${name}`,
    `@@ -${range(lineCount(before))} +${range(lineCount(after))} @@`,
    ...hunkLines(before, '-'),
    ...hunkLines(after, '+'),
    '',
  ].join('\n');
}

/** The unified diff of the changed files (empty when nothing changed). */
export async function unifiedDiff(files: readonly FixedFile[], cwd = process.cwd()): Promise<string> {
  if (files.length === 0) return '';
  const { createTwoFilesPatch } = await import('diff');
  const parts: string[] = [];
  for (const f of files) {
    const name = path.relative(cwd, f.abs).split(path.sep).join('/');
    if (mostLinesDiffer(f.before, f.after)) {
      parts.push(wholeFilePatch(name, f.before, f.after));
      continue;
    }
    const patch = createTwoFilesPatch(`a/${name}`, `b/${name}`, f.before, f.after, undefined, undefined, {
      maxEditLength: MAX_EDIT_LENGTH,
      headerOptions: { includeIndex: false, includeUnderline: false, includeFileHeaders: true },
    });
    parts.push(patch ?? wholeFilePatch(name, f.before, f.after));
  }
  return parts.join('');
}
