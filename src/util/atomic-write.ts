import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';

/**
 * Write a file atomically: a temp file in the same folder, then rename, so a crash never leaves half a file.
 *
 * What the rename replaces is the file the user has, as they have it: a symlink (settings kept in a dotfiles
 * repository) is written through, not replaced by a copy that leaves the real file stale; and the file keeps its
 * permission bits (a settings file holding keys in `env`, made 0600, must not come back 0644).
 */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  let tmp: string | undefined;
  try {
    const target = await symlinkTarget(path.resolve(file));
    const mode = await fsp.stat(target).then((s) => s.mode & 0o7777, () => undefined);
    tmp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomSuffix()}.tmp`);
    await fsp.writeFile(tmp, data, { flag: 'wx', ...(mode !== undefined ? { mode } : {}) });
    // The umask may have cleared bits the file had.
    if (mode !== undefined) await fsp.chmod(tmp, mode);
    await fsp.rename(tmp, target);
  } catch (err) {
    // The temp file may not exist, or its folder may not be a folder (ENOTDIR): either way nothing to clean.
    if (tmp !== undefined) await fsp.rm(tmp, { force: true }).catch(() => undefined);
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(`${file}: cannot write (${code ?? String(err)}); nothing was written`, file, err);
  }
}

/** The file a chain of symlinks ends at (which may not exist yet: a dangling link is written through too). */
async function symlinkTarget(file: string): Promise<string> {
  let current = file;
  for (let hops = 0; hops < 40; hops++) {
    const link = await fsp.readlink(current).catch(() => undefined);
    if (link === undefined) return current;
    current = path.resolve(path.dirname(current), link);
  }
  throw Object.assign(new Error('too many symbolic links'), { code: 'ELOOP' });
}

/**
 * Eight hex digits from the Web Crypto global: importing node:crypto costs ~9 ms of every CLI start, and the score
 * path imports this module for --out and --log-dir.
 */
function randomSuffix(): string {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0]!.toString(16).padStart(8, '0');
}
