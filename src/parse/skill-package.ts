import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Entry, ZipFile } from 'yauzl';
import { InputError } from '../errors.js';
import { folderCleanup } from '../util/exit-cleanup.js';

/**
 * What a `.skill` package (a zip archive holding one skill folder, as skill-creator's package_skill.py writes it) may
 * hold. Packages come from strangers: these bound the disk and time an extraction can take whatever the archive
 * declares, and are documented in docs/security.md.
 */
export const SKILL_PACKAGE_LIMITS = {
  entries: 2_000,
  entryBytes: 20 * 1024 * 1024,
  totalBytes: 100 * 1024 * 1024,
  /** Uncompressed over compressed size, checked for entries past `ratioFloorBytes`. */
  ratio: 200,
  ratioFloorBytes: 1024 * 1024,
} as const;

export interface SkillPackage {
  /** The extracted skill folder (`<temp>/<top>`). */
  dir: string;
  /** The top-level folder's name inside the archive. */
  top: string;
  /** Remove the extracted files (also done when the process exits or is stopped by SIGINT or SIGTERM). */
  remove(): void;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Extracted packages not yet removed: removed on exit, SIGINT and SIGTERM however the process ends its work. */
const extracted = folderCleanup();

/** A refusal naming the package and, where there is one, the entry. */
function refuse(shown: string, problem: string, entry?: string): InputError {
  return new InputError(`${shown}: ${entry === undefined ? '' : `entry "${entry}": `}${problem}`, shown);
}

/**
 * Extract a `.skill` package into a private temp folder (mode 0700) and return the skill folder it holds. Refused
 * (InputError, exit 2) when the file is not a readable zip, or an entry escapes the folder, is a symlink, is
 * encrypted, lies outside the one top-level folder, or passes a limit of SKILL_PACKAGE_LIMITS (declared sizes are
 * checked before inflating, and bytes are counted while inflating, since the declared sizes can lie).
 */
export async function extractSkillPackage(file: string, shown: string): Promise<SkillPackage> {
  // A CommonJS package: its functions are always on the default export (bundled or not).
  const { default: yauzl } = await import('yauzl');
  const zip = await new Promise<ZipFile>((resolve, reject) => {
    // strictFileNames: a backslash is refused rather than read as a folder separator.
    yauzl.open(file, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, z) =>
      err ? reject(refuse(shown, `not a readable zip archive (${err.message})`)) : resolve(z),
    );
  });
  const temp = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-package-'));
  extracted.add(temp);
  const remove = () => {
    rmSync(temp, { recursive: true, force: true });
    extracted.forget(temp);
  };
  try {
    if (zip.entryCount > SKILL_PACKAGE_LIMITS.entries)
      throw refuse(shown, `${zip.entryCount} entries, more than the ${SKILL_PACKAGE_LIMITS.entries} allowed`);
    const top = await extractEntries(zip, temp, shown);
    return { dir: path.join(temp, top), top, remove };
  } catch (err) {
    remove();
    throw err instanceof InputError ? err : refuse(shown, `not a readable zip archive (${(err as Error).message})`);
  } finally {
    zip.close();
  }
}

async function extractEntries(zip: ZipFile, temp: string, shown: string): Promise<string> {
  let top: string | undefined;
  let total = 0;
  let hasSkillFile = false;
  const next = () =>
    new Promise<Entry | undefined>((resolve, reject) => {
      const onEntry = (e: Entry) => done(() => resolve(e));
      const onEnd = () => done(() => resolve(undefined));
      const onError = (err: Error) => done(() => reject(refuse(shown, err.message)));
      const done = (then: () => void) => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        then();
      };
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
      zip.readEntry();
    });
  for (let entry = await next(); entry; entry = await next()) {
    const name = entry.fileName;
    if (entry.isEncrypted()) throw refuse(shown, 'encrypted entries are not read', name);
    if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
      throw refuse(shown, 'symbolic links are not followed out of a package', name);
    const parts = name.split('/').filter((p) => p !== '' && p !== '.');
    const isDir = name.endsWith('/');
    if (parts.length === 0) continue;
    if (parts.length === 1 && !isDir) throw refuse(shown, 'a file outside the skill folder', name);
    if (top !== undefined && parts[0] !== top)
      throw refuse(shown, `a second top-level folder (the package holds one skill folder, "${top}")`, name);
    top = parts[0];
    const dest = path.join(temp, ...parts);
    if (isDir) {
      mkdirSync(dest, { recursive: true, mode: 0o700 });
      continue;
    }
    if (parts.length === 2 && /^skill\.md$/i.test(parts[1] ?? '')) hasSkillFile = true;
    const declared = entry.uncompressedSize;
    if (declared > SKILL_PACKAGE_LIMITS.entryBytes)
      throw refuse(shown, `${declared} bytes uncompressed, more than ${SKILL_PACKAGE_LIMITS.entryBytes}`, name);
    if (
      declared > SKILL_PACKAGE_LIMITS.ratioFloorBytes &&
      declared > SKILL_PACKAGE_LIMITS.ratio * Math.max(1, entry.compressedSize)
    )
      throw refuse(shown, `compressed more than ${SKILL_PACKAGE_LIMITS.ratio} to 1`, name);
    if (total + declared > SKILL_PACKAGE_LIMITS.totalBytes)
      throw refuse(shown, `more than ${SKILL_PACKAGE_LIMITS.totalBytes} bytes uncompressed in all`);
    mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
    total += await writeEntry(zip, entry, dest, shown, SKILL_PACKAGE_LIMITS.totalBytes - total);
  }
  if (top === undefined || !hasSkillFile)
    throw refuse(shown, `no SKILL.md at <folder>/SKILL.md${top === undefined ? '' : ` (looked in "${top}")`}`);
  return top;
}

/** Inflate one entry to `dest`, counting bytes: more than declared, or than `room`, stops it. Returns bytes written. */
async function writeEntry(zip: ZipFile, entry: Entry, dest: string, shown: string, room: number): Promise<number> {
  const input = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, s) => (err ? reject(refuse(shown, err.message, entry.fileName)) : resolve(s))),
  );
  const cap = Math.min(entry.uncompressedSize, room, SKILL_PACKAGE_LIMITS.entryBytes);
  // 'wx': a second entry of the same name is refused rather than overwriting the first.
  const out = createWriteStream(dest, { flags: 'wx', mode: 0o600 });
  let written = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (err: Error) => {
        input.destroy();
        out.destroy();
        reject(err);
      };
      input.on('data', (chunk: Buffer) => {
        written += chunk.length;
        if (written > cap)
          fail(refuse(shown, `inflates past ${cap} bytes (its declared size or a limit)`, entry.fileName));
        else if (!out.write(chunk)) input.pause();
      });
      out.on('drain', () => input.resume());
      input.on('error', (err) => fail(refuse(shown, err.message, entry.fileName)));
      out.on('error', (err: NodeJS.ErrnoException) =>
        fail(refuse(shown, err.code === 'EEXIST' ? 'a second entry of the same name' : err.message, entry.fileName)),
      );
      input.on('end', () => out.end());
      out.on('finish', resolve);
    });
  } finally {
    out.destroy();
  }
  return written;
}
