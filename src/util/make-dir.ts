/**
 * `mkdir -p` without Node's `{ recursive: true }`, which on Node 20 never returns for a folder that cannot be
 * created under a pseudo file system (`/proc/x`: mkdir answers ENOENT there for ever, and Node retries the
 * parent in a loop). Walking up to the first existing folder and creating each missing one once is bounded by
 * the path's depth, and every failure is an ordinary error with its code.
 */
// fs.promises, not node:fs/promises: the getter loads it (and the readline and watcher modules it needs, ~1 ms)
// only when an asynchronous mkdir runs, which a one-skill `score` never does.
import { mkdirSync, promises as fsPromises, statSync } from 'node:fs';
import path from 'node:path';

function notAFolder(p: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${p}'`), { code: 'ENOTDIR', path: p });
}

/** The folders to create, outermost first (empty when `dir` exists as a folder). */
function missingChain(dir: string, isDir: (p: string) => boolean | undefined): string[] {
  const chain: string[] = [];
  let current = path.resolve(dir);
  for (;;) {
    const found = isDir(current);
    if (found === true) return chain.reverse();
    if (found === false) throw notAFolder(current);
    chain.push(current);
    const parent = path.dirname(current);
    if (parent === current) return chain.reverse();
    current = parent;
  }
}

// No thrown ENOENT for a missing folder (the skill-log hook makes one on most calls); other errors still throw.
const syncKind = (p: string): boolean | undefined => statSync(p, { throwIfNoEntry: false })?.isDirectory();

/**
 * `mode` applies to the folders this creates (not to those that existed), as `mkdir -p -m` does for the last one.
 * Returns the first folder this call created, or undefined when there was none to create (what Node's recursive
 * mkdirSync returns): the skill-log hook sweeps old pending files only when it made a session's folder.
 */
export function makeDirSync(dir: string, options: { mode?: number } = {}): string | undefined {
  let first: string | undefined;
  for (const p of missingChain(dir, syncKind)) {
    try {
      mkdirSync(p, options.mode === undefined ? undefined : { mode: options.mode });
      first ??= p;
    } catch (error) {
      // Made meanwhile by another process: fine when it is a folder.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || syncKind(p) !== true) throw error;
    }
  }
  return first;
}

export async function makeDir(dir: string): Promise<void> {
  // The walk up is a handful of stat calls; doing it synchronously keeps the function simple and bounded.
  for (const p of missingChain(dir, syncKind)) {
    try {
      await fsPromises.mkdir(p);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !(await fsPromises.stat(p)).isDirectory()) throw error;
    }
  }
}
