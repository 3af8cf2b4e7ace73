import {
  closeSync,
  fchmodSync,
  constants as fsConstants,
  fsyncSync,
  lstatSync,
  openSync,
  promises as fsp,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';

/**
 * The one way plugin-eval replaces a file: a temp file in the same folder, then rename, so a crash never leaves half
 * a file.
 *
 * Durability policy. `durable` (the default) is for everything a user keeps: reports, config and settings files,
 * run logs, evals workspaces, execution logs. The temp file is fsynced before the rename and the folder after it,
 * so after a power cut the path holds the old content or the new, whole, and the rename itself is not lost.
 * `scratch` skips both fsyncs and is only for files whose loss costs a recomputation and nothing a user sees: the
 * CLI's V8 code cache and the skill hook's pending-call record (gone again within the same tool call; the hook runs
 * on every skill call and is kept fast). Nothing else may ask for `scratch`.
 *
 * What the rename replaces is the file the user has, as they have it: a symlink (settings kept in a dotfiles
 * repository) is written through, not replaced by a copy that leaves the real file stale; and the file keeps its
 * permission bits (a settings file holding keys in `env`, made 0600, must not come back 0644). A new file gets
 * `mode` when one is given.
 */
export type Durability = 'durable' | 'scratch';

export interface AtomicWriteOptions {
  /** See the policy above; `durable` unless the file is a cache or a transient record. */
  durability?: Durability;
  /** Permission bits for a file that does not exist yet (an existing file keeps its own). */
  mode?: number;
}

export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  let tmp: string | undefined;
  try {
    const target = await symlinkTarget(path.resolve(file));
    const mode = await fsp.stat(target).then(
      (s) => s.mode & 0o7777,
      () => options.mode,
    );
    tmp = tempNameFor(target);
    const handle = await fsp.open(tmp, 'wx', mode ?? 0o666);
    try {
      await handle.writeFile(data);
      // The umask may have cleared bits the file had.
      if (mode !== undefined) await handle.chmod(mode);
      if (options.durability !== 'scratch') await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(tmp, target);
    if (options.durability !== 'scratch') await fsyncFolder(path.dirname(target));
  } catch (err) {
    // The temp file may not exist, or its folder may not be a folder (ENOTDIR): either way nothing to clean.
    if (tmp !== undefined) await fsp.rm(tmp, { force: true }).catch(() => undefined);
    throw cannotWrite(file, err);
  }
}

/**
 * Create `file` whole or not at all, never replacing one that exists (even one made a moment ago by someone else): the
 * data goes to a synced temp file that is then hard-linked to the name, which fails when the name is taken. Resolves
 * to false when it was.
 */
export async function createFileAtomic(file: string, data: string | Uint8Array): Promise<boolean> {
  const target = path.resolve(file);
  const tmp = tempNameFor(target);
  try {
    const handle = await fsp.open(tmp, 'wx', 0o666);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    const linked = await fsp.link(tmp, target).then(
      () => true,
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'EEXIST') return false;
        throw err;
      },
    );
    if (linked) await fsyncFolder(path.dirname(target));
    return linked;
  } catch (err) {
    throw cannotWrite(file, err);
  } finally {
    await fsp.rm(tmp, { force: true }).catch(() => undefined);
  }
}

/** writeFileAtomic for the places that cannot wait (the hook, the CLI's start-up, a rewrite under a file lock). */
export function writeFileAtomicSync(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  let tmp: string | undefined;
  try {
    const target = symlinkTargetSync(path.resolve(file));
    const mode = existingMode(target) ?? options.mode;
    tmp = tempNameFor(target);
    const fd = openSync(tmp, 'wx', mode ?? 0o666);
    try {
      writeAll(fd, typeof data === 'string' ? Buffer.from(data) : data);
      if (mode !== undefined) fchmodSync(fd, mode);
      if (options.durability !== 'scratch') fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, target);
    if (options.durability !== 'scratch') fsyncFolderSync(path.dirname(target));
  } catch (err) {
    if (tmp !== undefined) rmSync(tmp, { force: true });
    throw cannotWrite(file, err);
  }
}

/** The temp files writeFileAtomic names for `file` start with this; `isTempFileOf` recognises a crashed writer's. */
export function tempPrefixFor(file: string): string {
  return `.${path.basename(file)}.`;
}

export function isTempFileOf(file: string, name: string): boolean {
  return name.startsWith(tempPrefixFor(file)) && name.endsWith('.tmp');
}

/** fsync a folder so a new or renamed entry in it survives a power cut (a no-op where folders cannot be opened). */
export function fsyncFolderSync(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems refuse to open or sync a folder: the data itself is already synced.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

async function fsyncFolder(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r').catch(() => undefined);
  if (handle === undefined) return;
  try {
    await handle.sync().catch(() => undefined);
  } finally {
    await handle.close();
  }
}

function writeAll(fd: number, bytes: Uint8Array): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
}

function tempNameFor(target: string): string {
  return path.join(path.dirname(target), `${tempPrefixFor(target)}${process.pid}.${randomSuffix()}.tmp`);
}

function cannotWrite(file: string, err: unknown): InputError {
  const code = (err as NodeJS.ErrnoException).code;
  return new InputError(`${file}: cannot write (${code ?? String(err)}); nothing was written`, file, err);
}

/** The file a chain of symlinks ends at (which may not exist yet: a dangling link is written through too). */
async function symlinkTarget(file: string): Promise<string> {
  let current = file;
  for (let hops = 0; hops < MAX_LINK_HOPS; hops++) {
    const link = await fsp.readlink(current).catch(() => undefined);
    if (link === undefined) return current;
    current = path.resolve(path.dirname(current), link);
  }
  throw tooManyLinks();
}

function symlinkTargetSync(file: string): string {
  let current = file;
  for (let hops = 0; hops < MAX_LINK_HOPS; hops++) {
    if (!isLinkSync(current)) return current;
    let link: string;
    try {
      link = readlinkSync(current);
    } catch {
      return current;
    }
    current = path.resolve(path.dirname(current), link);
  }
  throw tooManyLinks();
}

const MAX_LINK_HOPS = 40;

// The two checks below are made for a file that is most often new and no link (the hook writes one on every call):
// asked so that a missing file is an answer, not a thrown error (Node builds a stack trace for each).

/** The permission bits of the file at `file`, or undefined when there is none (or it cannot be looked at). */
function existingMode(file: string): number | undefined {
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat === undefined ? undefined : stat.mode & 0o7777;
  } catch {
    return undefined;
  }
}

function isLinkSync(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  } catch {
    return false;
  }
}

function tooManyLinks(): Error {
  return Object.assign(new Error('too many symbolic links'), { code: 'ELOOP' });
}

/**
 * Check, before any work, that `file` can be written where it is asked for: its folder exists and is a folder that
 * can be written, and the path itself is not a folder. A report that can only fail to be written at the end of a
 * long run (model calls paid for, a thousand skills scored) loses that run; this says so before it starts.
 * `flag` names the option in the message (`--out`). The rename at the end can still fail (a full disk): that
 * write reports its own error.
 */
export async function checkWritable(file: string, flag: string): Promise<void> {
  // `--out "$UNSET"` must not quietly print to stdout instead.
  if (file.trim() === '') throw new InputError(`${flag} needs a file name, got "${file}"; nothing was done`, file);
  const dir = path.dirname(path.resolve(file));
  const problem = await (async (): Promise<string | undefined> => {
    const folder = await fsp.stat(dir).catch((err: NodeJS.ErrnoException) => err);
    if (folder instanceof Error)
      return folder.code === 'ENOENT' || folder.code === 'ENOTDIR'
        ? `the folder ${path.dirname(file)} does not exist`
        : `cannot reach the folder ${path.dirname(file)} (${folder.code ?? folder.message})`;
    if (!folder.isDirectory()) return `${path.dirname(file)} is not a folder`;
    const target = await fsp.stat(file).catch(() => undefined);
    if (target?.isDirectory()) return 'is a folder, not a file';
    const writable = await fsp.access(dir, fsConstants.W_OK).then(
      () => true,
      () => false,
    );
    return writable ? undefined : `the folder ${path.dirname(file)} is not writable (permission denied)`;
  })();
  if (problem !== undefined) throw new InputError(`${flag} ${file}: ${problem}; nothing was done`, file);
}

/**
 * Eight hex digits that keep concurrent writers' temporary names apart. Every temporary file is created with `wx`
 * (never opened if it exists, links included), so the name needs to be unlikely to repeat, not secret: Math.random
 * (seeded by V8 from the system's entropy) does that without loading Node's crypto modules, which cost a hook
 * process ~4 ms.
 */
function randomSuffix(): string {
  return Math.floor(Math.random() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0');
}

/** The files plugin-eval reads as a skill, plugin or marketplace: never the place for a report. */
const INPUT_FILE = /^(skill\.md|plugin\.json|marketplace\.json|hooks\.json|\.mcp\.json)$/i;

/**
 * Refuse an output file that is one of the command's inputs or a file plugin-eval reads as a skill or plugin:
 * `report run.json --html run.json` replaced the run log, `score skill --out skill/SKILL.md` the skill itself,
 * without a word. A new file anywhere else, inside the scored folders included, is fine. Compared by real path:
 * writes go through a symbolic link. `flag` names the option in the message.
 */
export function refuseInputAsOutput(file: string, flag: string, inputs: readonly string[]): void {
  const real = (p: string): string | undefined => {
    try {
      return realpathSync(p);
    } catch {
      return undefined;
    }
  };
  const target = real(file);
  if (target === undefined) return;
  const given = inputs.find((p) => real(p) === target);
  if (given !== undefined || INPUT_FILE.test(path.basename(target))) {
    throw new InputError(
      `${flag} ${file}: ` +
        `is ${given !== undefined ? `${given}, an input of this command` : `a ${path.basename(target)} plugin-eval reads`}; ` +
        `the output would replace it. Give another file; nothing was done`,
      file,
    );
  }
}
