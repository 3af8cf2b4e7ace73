/**
 * The worker's hash of a job's target: the same sha256 the submitter computed (contentHashOf, the corpus index's
 * rule), within a budget of files and bytes, read in chunks that yield to the event loop and check the job's
 * signal, so no target can hold a worker (or its SIGTERM) for as long as its tree takes to read.
 */
import { createHash } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import { hashOfFileHashes } from '../rank/corpus/skill-facts.js';
import { walkFiles } from '../parse/walk.js';
import { JobRefused } from './job-checks.js';

/** More than any skill or plugin a worker is asked to score; a target past either is refused, not read. */
export const MAX_TARGET_FILES = 10_000;
export const MAX_TARGET_BYTES = 256 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

export interface HashLimits {
  maxFiles: number;
  maxBytes: number;
}

export const DEFAULT_HASH_LIMITS: HashLimits = { maxFiles: MAX_TARGET_FILES, maxBytes: MAX_TARGET_BYTES };

export async function targetHashWithin(
  dir: string,
  shown: string,
  limits: HashLimits = DEFAULT_HASH_LIMITS,
  signal?: AbortSignal,
): Promise<string> {
  const walk = await walkFiles(dir, '', { maxFiles: limits.maxFiles });
  if (walk.diagnostics.some((d) => d.ruleId === 'file/too-many'))
    throw new JobRefused(`${shown}: more than ${limits.maxFiles} files, more than a worker reads for one target`);
  const listed = walk.files.reduce((sum, file) => sum + file.size, 0);
  if (listed > limits.maxBytes)
    throw new JobRefused(
      `${shown}: ${listed} bytes of files, more than the ${limits.maxBytes} a worker reads for one target`,
    );
  let budget = limits.maxBytes;
  const hashes: { rel: string; sha: string }[] = [];
  for (const file of walk.files) {
    signal?.throwIfAborted();
    const read = await hashFile(file.abs, budget, signal);
    if (read === undefined)
      throw new JobRefused(
        `${shown}: ${file.rel} changed while it was read (grew past the budget, or is no longer a regular file)`,
      );
    budget -= read.bytes;
    hashes.push({ rel: file.rel, sha: read.sha });
  }
  return hashOfFileHashes(hashes);
}

/** sha256 of a regular file read in chunks, or undefined when it is not one or holds more than `budget` bytes. */
async function hashFile(
  abs: string,
  budget: number,
  signal: AbortSignal | undefined,
): Promise<{ sha: string; bytes: number } | undefined> {
  // Non-blocking and checked on the descriptor: a FIFO swapped in after the listing never blocks the worker.
  const handle = await fsp.open(abs, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) return undefined;
    const hash = createHash('sha256');
    const buffer = Buffer.alloc(CHUNK_BYTES);
    let bytes = 0;
    for (;;) {
      signal?.throwIfAborted();
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return { sha: hash.digest('hex'), bytes };
      bytes += bytesRead;
      if (bytes > budget) return undefined;
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}
