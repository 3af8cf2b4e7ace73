/**
 * What went wrong with the results store, in a user's words: the driver's error made one line, and the file
 * system asked where the driver only says it could not open or write the file.
 */
import { accessSync, constants as fsConstants, statSync } from 'node:fs';
import path from 'node:path';
import { interruptedWait, isLockError } from '../providers/cache/lock-retry.js';

/** A driver error on the store at `location` in a user's words: one line, from the file system where it says more. */
export function storeProblem(location: string, error: unknown): string {
  // libSQL repeats the code ("SQLITE_READONLY: SQLITE_READONLY: attempt to write..."): said once.
  const detail = (error instanceof Error ? error.message : String(error))
    .split('\n', 1)[0]!
    .replace(/^(SQLITE_\w+): \1: /, '$1: ');
  // libSQL says "file is not a database" (SQLITE_NOTADB) for a file that is not SQLite.
  if (/not a database|SQLITE_NOTADB/i.test(detail)) return 'not an SQLite database (not a plugin-eval results store)';
  if (isLockError(error))
    return interruptedWait(error)
      ? 'locked by another process; stopped waiting for it when interrupted'
      : `locked by another process (gave up waiting: ${detail})`;
  if (/ConnectionFailed|SQLITE_CANTOPEN|SQLITE_READONLY/.test(detail) && location !== ':memory:')
    return whyNotOpened(location) ?? detail;
  return detail;
}

/**
 * What the file system says about a store SQLite could not open or write: the driver's own words are
 * `ConnectionFailed("Unable to open connection to local database PATH: 14")` for a folder or an unwritable folder,
 * and "attempt to write a readonly database" even for a read, as the store needs its journal files beside it.
 */
function whyNotOpened(location: string): string | undefined {
  const dir = path.dirname(location);
  const stat = statSync(location, { throwIfNoEntry: false });
  if (stat?.isDirectory()) return 'is a folder, not a file';
  const can = (p: string, mode: number): boolean => {
    try {
      accessSync(p, mode);
      return true;
    } catch {
      return false;
    }
  };
  if (stat === undefined)
    return can(dir, fsConstants.W_OK)
      ? undefined
      : `cannot create it: the folder ${dir} is not writable (permission denied)`;
  if (!can(location, fsConstants.R_OK)) return 'cannot read it (permission denied)';
  // The folder first: a read-only file in a writable folder can still be read; in a read-only folder it cannot.
  if (!can(dir, fsConstants.W_OK))
    return (
      `the folder ${dir} is not writable (permission denied); the store keeps its journal files (-wal, -shm) ` +
      `beside the file, even to read it`
    );
  if (!can(location, fsConstants.W_OK)) return 'the file is read-only (permission denied)';
  return undefined;
}
