import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Write a file atomically: a temp file in the same folder, then rename, so a crash never leaves half a file. */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  const dir = path.dirname(path.resolve(file));
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await fsp.writeFile(tmp, data, { flag: 'wx' });
    await fsp.rename(tmp, file);
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw err;
  }
}

/** A one-line progress bar on stderr, only on a terminal. */
export function progressBar(enabled: boolean): { update(done: number, total: number, label: string): void; finish(): void } {
  if (!enabled) return { update() {}, finish() {} };
  let drawn = false;
  return {
    update(done, total, label) {
      const width = 24;
      const filled = Math.round((done / total) * width);
      const cols = process.stderr.columns ?? 80;
      const text = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${label}`;
      process.stderr.write(`\r${text.slice(0, cols - 1).padEnd(cols - 1)}`);
      drawn = true;
    },
    finish() {
      if (drawn) process.stderr.write(`\r${' '.repeat((process.stderr.columns ?? 80) - 1)}\r`);
    },
  };
}
