import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';

/** Write a file atomically: a temp file in the same folder, then rename, so a crash never leaves half a file. */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  const dir = path.dirname(path.resolve(file));
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomSuffix()}.tmp`);
  try {
    await fsp.writeFile(tmp, data, { flag: 'wx' });
    await fsp.rename(tmp, file);
  } catch (err) {
    // The temp file may not exist, or its folder may not be a folder (ENOTDIR): either way nothing to clean.
    await fsp.rm(tmp, { force: true }).catch(() => undefined);
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(`${file}: cannot write (${code ?? String(err)}); nothing was written`, file, err);
  }
}

/**
 * Eight hex digits from the Web Crypto global: importing node:crypto costs ~9 ms of every CLI start, and the score
 * path imports this module for --out and --log-dir.
 */
function randomSuffix(): string {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0]!.toString(16).padStart(8, '0');
}
