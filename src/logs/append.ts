/**
 * Appending one execution line under the file's lock (the hook's write, and the library's). Kept free of zod and
 * other heavy imports: the hook loads this on every skill call. The locked rewrite is store.ts.
 */
import { closeSync, fstatSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { makeDirSync } from '../util/make-dir.js';
import { withFileLock, type LockOptions } from './lock.js';

/** fsync a folder so a new or renamed entry in it survives a power cut (a no-op where folders cannot be opened). */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows and some file systems refuse: the data itself is already synced.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Append `entry` as one JSON line: lock, append, fsync, unlock; folders are created. A file whose last line was
 * torn (a writer killed mid-line, or a foreign writer that does not lock) gets a newline first, so our line stays
 * whole and the fragment stays a separate (bad, named) line instead of corrupting ours.
 */
export function appendEntry(file: string, entry: object, options: LockOptions = {}): void {
  const line = `${JSON.stringify(entry)}\n`;
  const dir = path.dirname(file);
  makeDirSync(dir);
  withFileLock(
    file,
    () => {
      const fd = openSync(file, 'a+');
      try {
        const size = fstatSync(fd).size;
        let prefix = '';
        if (size > 0) {
          const last = Buffer.alloc(1);
          readSync(fd, last, 0, 1, size - 1);
          if (last[0] !== 0x0a) prefix = '\n';
        }
        // One write call: a kill -9 cannot land in the middle of it for a regular file.
        writeSync(fd, prefix + line);
        fsyncSync(fd);
        if (size === 0) fsyncDir(dir);
      } finally {
        closeSync(fd);
      }
    },
    options,
  );
}
