/**
 * Folding the journal (journal.ts) into the database: done by whoever opens the store, before it reads or writes.
 *
 * - Claimed by rename: the journal, and any file a crashed fold left, is renamed to a name of this process's own
 *   first; only one process's rename succeeds, and writers start a new journal meanwhile.
 * - Each batch of lines is written in one transaction; the claimed file is removed after the last commit. A crash
 *   before that leaves the claimed file, which the next fold claims again: its lines replay harmlessly, since
 *   recording is idempotent per (run, target).
 * - A line that does not read (torn by a killed writer, edited by hand) is skipped with a warning naming it; the
 *   lines around it are folded.
 * - Memory is bounded by one batch, whatever the journal's size.
 */
import { closeSync, constants as fsConstants, openSync, readdirSync, readSync, renameSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { journalPathOf, type JournalEntry } from './journal.js';
import type { JournalLine } from './journal-schema.js';

/** What one fold transaction takes at most (bytes of lines): a long journal is folded in a few transactions. */
const FOLD_BATCH_BYTES = 16 << 20;
const READ_CHUNK_BYTES = 1 << 20;
const CLAIMED_SUFFIX = '.folding';

export interface FoldOptions {
  /** The database file. */
  file: string;
  /** Writes the entries in one transaction. */
  ingest: (entries: readonly JournalEntry[]) => Promise<void>;
  warn: (line: string) => void;
}

/**
 * The journal and the files earlier folds claimed and did not finish: what a fold must take. A file claimed by a
 * process that is still running is its fold under way, not left behind: taking it would only fold it twice.
 */
function pendingFiles(journal: string): string[] {
  const dir = path.dirname(journal);
  const base = path.basename(journal);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter(
      (n) =>
        n === base ||
        (n.startsWith(`${base}.`) &&
          n.endsWith(CLAIMED_SUFFIX) &&
          !isRunning(Number.parseInt(n.slice(base.length + 1)))),
    )
    .map((n) => path.join(dir, n));
}

/** Another process with this id runs (this process's own leftovers are from a fold that failed: taken again). */
function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Fold every journalled run into the database. Returns how many runs were folded. */
export async function foldJournal(options: FoldOptions): Promise<number> {
  const journal = journalPathOf(options.file);
  const pending = pendingFiles(journal);
  if (pending.length === 0) return 0;
  const { JournalLine: lineSchema } = await import('./journal-schema.js');
  let folded = 0;
  for (const file of pending) {
    const claimed = `${journal}.${process.pid}-${globalThis.crypto.randomUUID()}${CLAIMED_SUFFIX}`;
    try {
      renameSync(file, claimed);
    } catch (error) {
      // Another process claimed it first.
      if (isMissing(error)) continue;
      throw error;
    }
    let batch: JournalEntry[] = [];
    let bytes = 0;
    let fd: number;
    try {
      // Never through a link (see journal.ts): a link where the journal goes is removed, not read.
      fd = openSync(claimed, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
    } catch (error) {
      // A fold that took it from a process it thought gone.
      if (isMissing(error)) continue;
      if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
      options.warn(`plugin-eval: ${journal}: a link, not a journal: removed, not read`);
      unlinkSync(claimed);
      continue;
    }
    try {
      for (const [lineNumber, text] of linesOf(fd)) {
        if (text.trim() === '') continue;
        const entry = parseLine(text, lineSchema);
        if (typeof entry === 'string') {
          options.warn(`plugin-eval: ${journal}: line ${lineNumber}: skipped a damaged journal line (${entry})`);
          continue;
        }
        batch.push(entry);
        bytes += text.length;
        if (bytes >= FOLD_BATCH_BYTES) {
          await options.ingest(batch);
          folded += batch.length;
          batch = [];
          bytes = 0;
        }
      }
    } finally {
      closeSync(fd);
    }
    if (batch.length > 0) await options.ingest(batch);
    folded += batch.length;
    try {
      unlinkSync(claimed);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return folded;
}

/** A line's entry, or why it cannot be one. */
function parseLine(text: string, schema: typeof JournalLine): JournalEntry | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `not JSON: ${text.length} characters, cut short`;
  }
  const checked = schema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return `not a journalled run: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'unexpected shape'}`;
  }
  // The run's other fields are carried as they were written (passthrough).
  return checked.data as unknown as JournalEntry;
}

/** The file's lines, numbered from 1, read a chunk at a time. */
function* linesOf(fd: number): Generator<[number, string]> {
  const chunk = Buffer.alloc(READ_CHUNK_BYTES);
  let parts: Buffer[] = [];
  let lineNumber = 0;
  for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1 && end < read; end = chunk.indexOf(10, start)) {
      parts.push(chunk.subarray(start, end));
      lineNumber += 1;
      yield [lineNumber, Buffer.concat(parts).toString('utf8')];
      parts = [];
      start = end + 1;
    }
    // Copied: the chunk is read into again.
    if (start < read) parts.push(Buffer.from(chunk.subarray(start, read)));
  }
  if (parts.length > 0) yield [lineNumber + 1, Buffer.concat(parts).toString('utf8')];
}
