/**
 * Appending one execution line under the file's lock (the hook's write, and the library's). Kept free of zod and
 * other heavy imports: the hook loads this on every skill call. The locked rewrite is store.ts.
 */
import { closeSync, fstatSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fsyncFolderSync } from '../util/atomic-write.js';
import { makeDirSync } from '../util/make-dir.js';
import { withFileLock, type LockOptions } from './lock.js';

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
        if (size === 0) fsyncFolderSync(dir);
      } finally {
        closeSync(fd);
      }
    },
    options,
  );
}
