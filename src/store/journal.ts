/**
 * The results store's journal: a small run is recorded as one line appended to a file beside the database, with no
 * SQLite driver loaded; whoever opens the database next folds the journal into it (journal-fold.ts) before reading.
 * Loading the native driver and opening the database cost a one-skill `score` more than the whole rest of recording.
 *
 * A line is the arguments of one `recordResults` call (the run row, its results' rows, the file hashes), as JSON:
 * folding replays them, so the rows are the ones a direct write makes. Recording is idempotent per (run, target),
 * so a line folded twice (a crash between a fold's commit and its removal of the file) changes nothing.
 *
 * Concurrency: each line is one `write` to a file opened with O_APPEND (Linux appends it whole beside other
 * writers). A fold first renames the journal away, so a writer that opened it before the rename may write into a
 * file the fold has read already; the writer sees that (the path no longer names the file it wrote) and writes to
 * the database directly instead, which is harmless if the fold had the line after all.
 */
import {
  closeSync,
  existsSync,
  constants as fsConstants,
  fstatSync,
  openSync,
  readSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScoreRun } from '../model/run.js';
import { makeDirSync } from '../util/make-dir.js';
import type { StoredFileHash } from './hash-memo.js';
import { STORE_SCHEMA_VERSION } from './migrations.js';
import type { ResultRecord } from './result-rows.js';

/**
 * The line format. A change is a new number, and so a new file name: a plugin-eval reads only the journals it knows
 * (an older one never folds, or deletes, lines it cannot read).
 */
export const JOURNAL_FORMAT = 1;

/**
 * A journal this long is folded by the run that made it so: one that no command ever reads (a CI job that only
 * scores single skills) stays bounded, at the cost of loading the driver once every few hundred runs.
 */
export const JOURNAL_FOLD_BYTES = 8 << 20;

/** One journal line: what `recordResults` is given. */
export interface JournalEntry {
  format: typeof JOURNAL_FORMAT;
  command: 'score' | 'certify';
  run: ScoreRun;
  records: readonly ResultRecord[];
  fileHashes: readonly StoredFileHash[];
}

/** The journal of the store at `file` (`results.db` -> `results.db.pending-1.jsonl`; never SQLite's `-journal`). */
export function journalPathOf(file: string): string {
  return `${file}.pending-${JOURNAL_FORMAT}.jsonl`;
}

/** Whether there is a store at `file` to read: its database, or runs journalled for it and not folded yet. */
export function storeExists(file: string): boolean {
  return existsSync(file) || existsSync(journalPathOf(file));
}

const APPEND_NO_LINKS = fsConstants.O_WRONLY | fsConstants.O_APPEND | fsConstants.O_CREAT | fsConstants.O_NOFOLLOW;

const SQLITE_MAGIC = 'SQLite format 3\0';
/** Where SQLite's file header keeps `PRAGMA user_version` (4 bytes, big-endian). */
const USER_VERSION_OFFSET = 60;

/**
 * Whether the database at `file` may be one a fold can write into, from its 100-byte header: none yet (the fold
 * creates it), or an SQLite file not marked with a newer schema version than ours. A file that is not SQLite, or a
 * newer plugin-eval's, is left to the direct write, whose messages say what is wrong. The header is a hint only: its
 * version can lag behind the write-ahead log, so a version 0 is let through, and what it cannot show (someone else's
 * database, a dropped table) is said by the next command that opens the store.
 */
export function storeHeaderFits(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
  try {
    const head = Buffer.alloc(100);
    const read = readSync(fd, head, 0, head.length, 0);
    if (read === 0) return true;
    if (read < head.length || head.toString('latin1', 0, SQLITE_MAGIC.length) !== SQLITE_MAGIC) return false;
    const version = head.readUInt32BE(USER_VERSION_OFFSET);
    return version <= STORE_SCHEMA_VERSION;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** Database files this process has opened with the driver (sqlite-store.ts says so). */
const openedHere = new Set<string>();

/**
 * The store at `file` was opened in this process: its runs are written directly from now on. The driver is loaded
 * already, and the header check below must not run: closing any descriptor of the file would drop this process's
 * SQLite locks on it (POSIX record locks belong to the process), and libSQL may keep its connection after `close()`.
 */
export function noteStoreOpened(file: string): void {
  openedHere.add(file);
}

/**
 * Whether the SQLite client is installed: without it nobody could ever fold the journal. Looked for as Node's
 * resolution would find it, in the node_modules folders above this module; not resolved through the package's
 * exports, which loads Node's ES module resolver and cost ~8 ms. If it is found where Node would not look, the fold
 * of the next reader says the client is missing; if it is missed, the run is written directly, as before.
 */
export function sqliteClientInstalled(): boolean {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'node_modules', '@libsql', 'client', 'package.json'))) return true;
    const parent = path.dirname(dir);
    if (parent === dir) return false;
    dir = parent;
  }
}

/**
 * Append one run to the journal of the store at `file`. The journal's size after the line when the line is in the
 * journal a later fold will read; undefined when it may not be (the store was opened in this process, it is not one
 * a fold can write into, a file system error, a short write, a fold that took the file meanwhile): the caller then
 * writes to the database directly.
 */
export function appendToJournal(file: string, entry: Omit<JournalEntry, 'format'>): number | undefined {
  if (openedHere.has(file) || !storeHeaderFits(file)) return undefined;
  const journal = journalPathOf(file);
  // A newline before the line as well as after it: a line torn by a killed writer or a full disk then never runs
  // into the next writer's line, and is skipped alone when folded.
  const bytes = Buffer.from(`\n${JSON.stringify({ format: JOURNAL_FORMAT, ...entry })}\n`);
  let fd: number;
  try {
    makeDirSync(path.dirname(journal));
    // Never through a link: the store's path can come from a config file in a stranger's repository, which could
    // put a link to one of the user's files where the journal goes.
    fd = openSync(journal, APPEND_NO_LINKS, 0o666);
  } catch {
    return undefined;
  }
  try {
    if (writeSync(fd, bytes) !== bytes.length) return undefined;
    const written = fstatSync(fd);
    const now = statSync(journal, { throwIfNoEntry: false });
    return now !== undefined && now.ino === written.ino && now.dev === written.dev ? written.size : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
