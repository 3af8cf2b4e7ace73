/**
 * The locked JSONL store: appends (append.ts) and rewrites of one day's file that lose nothing a hook appends at
 * the same moment. A rewrite takes the same lock as the hook's append, re-reads the file under it, writes a temp
 * file in the same folder, fsyncs it, renames it over the original and fsyncs the folder: a crash at any point
 * leaves either the old file or the new one, whole. Lines the update does not touch stay byte-identical.
 *
 * Writers that do not take our lock (the reference's own hooks) can still race a rewrite; ours never do.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';
import { isTempFileOf, writeFileAtomicSync } from '../util/atomic-write.js';
import { withFileLock, type LockOptions } from './lock.js';
import { QualitativeEvaluation } from './schema.js';

export { appendEntry } from './append.js';
export { acquireLock, lockFileFor, LockTimeoutError, withFileLock, type LockOptions } from './lock.js';

/**
 * Called with each line that parses as a JSON object; returns the replacement object, or undefined to keep the
 * line as it is (byte for byte). Lines that do not parse are always kept as they are.
 */
export type EntryUpdate = (entry: Record<string, unknown>, line: number) => Record<string, unknown> | undefined;

/** Rewrite `file` under its lock, atomically; returns how many lines changed (0: the file is not touched). */
export function updateEntries(file: string, update: EntryUpdate, options: LockOptions = {}): number {
  return withFileLock(
    file,
    () => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        throw new InputError(
          `${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
          file,
          error,
        );
      }
      const lines = text.split('\n');
      let changed = 0;
      for (let i = 0; i < lines.length; i++) {
        const raw = lines[i]!;
        if (raw.trim() === '') continue;
        let value: unknown;
        try {
          value = JSON.parse(raw);
        } catch {
          continue;
        }
        if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
        const next = update(value as Record<string, unknown>, i + 1);
        if (next === undefined) continue;
        lines[i] = JSON.stringify(next);
        changed++;
      }
      if (changed > 0) replaceFile(file, lines.join('\n'));
      return changed;
    },
    options,
  );
}

/**
 * Write the evaluation into the line whose `invocation_id` is `invocationId` (every such line, should a foreign
 * writer have logged one execution twice). Unknown id: an InputError naming the file and the id.
 */
export function saveEvaluation(
  file: string,
  invocationId: string,
  evaluation: QualitativeEvaluation,
  options: LockOptions = {},
): number {
  const checked = QualitativeEvaluation.safeParse(evaluation);
  if (!checked.success)
    throw new InputError(
      `evaluation ` +
        `for ${invocationId}: ${checked.error.issues[0]!.path.join('.') || '(evaluation)'}: ${checked.error.issues[0]!.message}`,
    );
  const changed = updateEntries(
    file,
    (entry) => (entry.invocation_id === invocationId ? { ...entry, qualitative_evaluation: checked.data } : undefined),
    options,
  );
  if (changed === 0)
    throw new InputError(
      `${file}: no execution with invocation_id ${JSON.stringify(invocationId)}; nothing was written`,
      file,
    );
  return changed;
}

/**
 * The durable atomic write (util/atomic-write.ts), after clearing what a killed rewriter left. Called with the lock
 * held.
 */
function replaceFile(file: string, text: string): void {
  removeOrphanTemps(file);
  writeFileAtomicSync(file, text);
}

/** Temp files of this log left by a rewriter killed before its rename: with the lock held, none is in use. */
function removeOrphanTemps(file: string): void {
  const dir = path.dirname(file);
  for (const name of readdirSync(dir)) if (isTempFileOf(file, name)) rmSync(path.join(dir, name), { force: true });
}
