/**
 * Reading a file that someone else wrote (a skill's references, an agent's outputs, a transcript named in hook
 * input) without trusting its size or its type. The file is opened non-blocking and checked on the open
 * descriptor, so a FIFO, socket or device is never read (and a FIFO never blocks the open), even if the path was
 * swapped after it was listed; at most `limit` bytes are read, so a 2 GB (or sparse) file costs what its first
 * `limit` bytes cost. The caller says, where it matters, that a file was read in part.
 */
// fs.promises, not node:fs/promises: the getter loads it (with Node's readline and file-watcher modules, ~1.5 ms) on
// first use, and the CLI's one-skill score never reads on the thread pool.
import {
  closeSync,
  constants,
  fstatSync,
  promises as fsPromises,
  openSync,
  readSync,
  type BigIntStats,
  type Stats,
} from 'node:fs';
import { nodeCrypto } from './node-crypto.js';

export interface BoundedRead {
  /** The file's first bytes: all of them, or `limit` when it is larger. */
  bytes: Buffer;
  /** The file's size when it was opened. */
  size: number;
  /** True when the file holds more than was read. */
  partial: boolean;
}

/** The file is there but is not a regular file: it was not read. */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREG';
  constructor(
    readonly file: string,
    readonly kind: string,
  ) {
    super(`${file}: ${kind}, not a regular file; not read`);
  }
}

/** Read-only, never blocking on a FIFO, never becoming the process's controlling terminal. */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
/** True where an open can refuse to follow a final link (not on Windows). */
export const NO_FOLLOW_OPEN = constants.O_NOFOLLOW !== undefined;

function kindOf(stat: Stats | BigIntStats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'a special file';
}

/** Room for one byte past the limit: it tells a file that grew since fstat from one that is exactly the limit. */
const bufferFor = (stat: Stats, limit: number): Buffer => Buffer.alloc(Math.min(stat.size, limit) + 1);

function result(buffer: Buffer, length: number, stat: Stats, limit: number): BoundedRead {
  return {
    bytes: buffer.subarray(0, Math.min(length, limit)),
    size: Math.max(stat.size, length),
    partial: length > limit || stat.size > limit,
  };
}

/**
 * The first `limit` bytes of a regular file; throws NotRegularFileError for anything else, fs errors as they come.
 * `wholeOnly`: a file larger than the limit is not read at all (no bytes, `partial`), for callers that refuse it.
 * `noFollow`: a link as the last part of the path is not followed (the open fails with ELOOP, EMLINK on BSD); only
 * where the platform has O_NOFOLLOW (NO_FOLLOW_OPEN).
 */
export function readBoundedSync(file: string, limit: number, wholeOnly = false, noFollow = false): BoundedRead {
  const fd = openSync(file, noFollow ? OPEN_FLAGS | constants.O_NOFOLLOW : OPEN_FLAGS);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new NotRegularFileError(file, kindOf(stat));
    if (wholeOnly && stat.size > limit) return { bytes: Buffer.alloc(0), size: stat.size, partial: true };
    const buffer = bufferFor(stat, limit);
    // Under the limit, a file is read up to its fstat size and no further: the read past the end (one more system
    // call) only tells a file that grew since, which matters only at the limit. A size of 0 is not trusted (a
    // regular file in /proc reports 0 and holds text).
    const wanted = stat.size > 0 && stat.size < limit ? stat.size : buffer.length;
    let length = 0;
    for (let n = -1; n !== 0 && length < wanted; length += n) n = readSync(fd, buffer, length, wanted - length, length);
    return result(buffer, length, stat, limit);
  } finally {
    closeSync(fd);
  }
}

/**
 * The last `limit` bytes of a regular file (`partial`: there is more before them); refuses the rest like
 * readBoundedSync.
 */
export function readTailSync(file: string, limit: number): BoundedRead {
  const fd = openSync(file, OPEN_FLAGS);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new NotRegularFileError(file, kindOf(stat));
    const start = Math.max(0, stat.size - limit);
    const buffer = Buffer.alloc(stat.size - start);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n)
      n = readSync(fd, buffer, length, buffer.length - length, start + length);
    return { bytes: buffer.subarray(0, length), size: stat.size, partial: start > 0 };
  } finally {
    closeSync(fd);
  }
}

/** Chunk size for reading a whole file without holding it: memory stays at one chunk however large the file. */
const CHUNK_BYTES = 1024 * 1024;
/** sha256OfFileSync's buffer for small files, made on first use. */
let hashScratch: Buffer | undefined;
const HASH_SCRATCH_BYTES = 64 * 1024;

/**
 * SHA-256 (hex) of a regular file's whole content, read a chunk at a time; throws NotRegularFileError like the
 * readers. `asLatin1Text`: hash the bytes as Latin-1 text encoded in UTF-8, the form some stored hashes were made in.
 * `hashed`: given the open descriptor's stat (bigint times, the results store's file signature) with the hash, so a
 * caller that remembers hashes by signature needs no stat of its own.
 */
export function sha256OfFileSync(
  file: string,
  asLatin1Text = false,
  hashed?: (stat: BigIntStats, sha256: string) => void,
): string {
  const fd = openSync(file, OPEN_FLAGS);
  try {
    const bigStat = hashed ? fstatSync(fd, { bigint: true }) : undefined;
    const stat = bigStat ?? fstatSync(fd);
    if (!stat.isFile()) throw new NotRegularFileError(file, kindOf(stat));
    const size = Number(stat.size);
    // A small file reuses one buffer (this is synchronous, so nothing else holds it): hashing a marketplace's every
    // file for the results store allocated and zeroed one per file.
    const chunk =
      size <= HASH_SCRATCH_BYTES
        ? (hashScratch ??= Buffer.allocUnsafe(HASH_SCRATCH_BYTES))
        : Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size));
    const sha =
      size <= chunk.length
        ? sha256OfOneRead(fd, chunk, size, asLatin1Text)
        : sha256OfChunks(fd, chunk, size, asLatin1Text);
    if (bigStat) hashed!(bigStat, sha);
    return sha;
  } finally {
    closeSync(fd);
  }
}

/** A file that fits the buffer: one read and a one-shot digest (no Hash object per file). */
function sha256OfOneRead(fd: number, chunk: Buffer, size: number, asLatin1Text: boolean): string {
  let length = 0;
  for (let n = -1; n !== 0 && length < size; length += n) n = readSync(fd, chunk, length, size - length, length);
  const bytes = chunk.subarray(0, length);
  const data = asLatin1Text ? bytes.toString('latin1') : bytes;
  const crypto = nodeCrypto();
  // The one-shot crypto.hash is Node 20.12 and later; package.json accepts every Node 20.
  return typeof crypto.hash === 'function'
    ? crypto.hash('sha256', data, 'hex')
    : crypto.createHash('sha256').update(data).digest('hex');
}

function sha256OfChunks(fd: number, chunk: Buffer, size: number, asLatin1Text: boolean): string {
  const hash = nodeCrypto().createHash('sha256');
  // Up to the size fstat gave: a file someone keeps appending to still ends.
  for (let done = 0, n = -1; n !== 0 && done < size; done += n) {
    n = readSync(fd, chunk, 0, Math.min(chunk.length, size - done), done);
    // Latin-1 maps each byte to one character, so text chunks concatenate exactly as the whole file's text would.
    if (asLatin1Text) hash.update(chunk.subarray(0, n).toString('latin1'));
    else hash.update(chunk.subarray(0, n));
  }
  return hash.digest('hex');
}

/** readBoundedSync on the thread pool, for servers and loops that must not stall. */
export async function readBounded(file: string, limit: number): Promise<BoundedRead> {
  const handle = await fsPromises.open(file, OPEN_FLAGS);
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new NotRegularFileError(file, kindOf(stat));
    const buffer = bufferFor(stat, limit);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n)
      n = (await handle.read(buffer, length, buffer.length - length, length)).bytesRead;
    return result(buffer, length, stat, limit);
  } finally {
    await handle.close();
  }
}

/**
 * Length of the whole UTF-8 characters at the start of `bytes`: when they are only part of a file, a character cut at
 * the end is left out.
 */
export function utf8PrefixLength(bytes: Buffer, partial: boolean): number {
  const end = bytes.length;
  if (!partial) return end;
  // Step back over continuation bytes (10xxxxxx) to the last character's lead byte; drop the character if incomplete.
  let start = end;
  while (start > 0 && start > end - 4 && (bytes[start - 1]! & 0xc0) === 0x80) start--;
  const lead = start > 0 ? bytes[start - 1]! : 0;
  const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return start > 0 && end - (start - 1) < needed ? start - 1 : end;
}

/** UTF-8 text of a file's first bytes (see utf8PrefixLength). */
export const decodePrefix = (bytes: Buffer, partial: boolean): string =>
  bytes.subarray(0, utf8PrefixLength(bytes, partial)).toString('utf8');
