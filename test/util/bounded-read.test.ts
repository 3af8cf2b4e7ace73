import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { statSync, truncateSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodePrefix,
  NotRegularFileError,
  readBounded,
  readBoundedSync,
  sha256OfFileSync,
} from '../../src/util/bounded-read.js';
import { tempTree } from '../support/tmp.js';

const dir = tempTree('plugin-eval-bounded-').root;

/** A 1.9 GB file that takes no disk: a line of text, then a hole. */
const SPARSE_BYTES = Math.floor(1.9 * 1024 ** 3);
const sparse = join(dir, 'sparse.md');
writeFileSync(sparse, 'first line\n');
truncateSync(sparse, SPARSE_BYTES);
const fifo = join(dir, 'pipe');
execFileSync('mkfifo', [fifo]);

describe.each([
  ['readBoundedSync', async (file: string, limit: number) => readBoundedSync(file, limit)],
  ['readBounded', readBounded],
])('%s', (_name, read) => {
  it('reads a 1.9 GB sparse file only to the limit and says it holds more', async () => {
    const got = await read(sparse, 64 * 1024);
    expect(got.bytes.length).toBe(64 * 1024);
    expect(got.size).toBe(SPARSE_BYTES);
    expect(got.partial).toBe(true);
    expect(got.bytes.subarray(0, 11).toString()).toBe('first line\n');
  });

  it('reads a file of exactly the limit whole', async () => {
    const file = join(dir, 'exact.txt');
    writeFileSync(file, 'abcdef');
    expect(await read(file, 6)).toEqual({ bytes: Buffer.from('abcdef'), size: 6, partial: false });
    expect(await read(file, 5)).toEqual({ bytes: Buffer.from('abcde'), size: 6, partial: true });
  });

  it('never opens a FIFO for reading in a way that blocks, and refuses it, a device and a folder', async () => {
    // With no writer, a blocking open of the FIFO would never return: this completing is the check.
    await expect(read(fifo, 100)).rejects.toThrow(new NotRegularFileError(fifo, 'a FIFO'));
    await expect(read('/dev/zero', 100)).rejects.toThrow(new NotRegularFileError('/dev/zero', 'a device'));
    await expect(read(dir, 100)).rejects.toThrow(new NotRegularFileError(dir, 'a directory'));
  });
});

describe('decodePrefix', () => {
  it('drops a character cut by the limit, and only then', () => {
    const bytes = Buffer.from('aé漢😀');
    for (let n = 0; n <= bytes.length; n++) {
      const text = decodePrefix(bytes.subarray(0, n), n < bytes.length);
      expect('aé漢😀'.startsWith(text), `${n}: ${text}`).toBe(true);
      expect(text).not.toContain('\uFFFD');
      expect(Buffer.byteLength(text)).toBe([0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10][n]);
    }
    expect(decodePrefix(Buffer.from([0x61, 0xff]), false)).toBe('a\uFFFD');
  });
});

describe('sha256OfFileSync', () => {
  it('hashes the whole content a chunk at a time, and refuses what is not a regular file', () => {
    const file = join(dir, 'three-mib.bin');
    const content = Buffer.alloc(3 * 1024 * 1024 + 7, 'abc');
    writeFileSync(file, content);
    expect(sha256OfFileSync(file)).toBe(createHash('sha256').update(content).digest('hex'));
    const empty = join(dir, 'empty');
    writeFileSync(empty, '');
    expect(sha256OfFileSync(empty)).toBe(createHash('sha256').digest('hex'));
    expect(() => sha256OfFileSync(fifo)).toThrow(new NotRegularFileError(fifo, 'a FIFO'));
    // As Latin-1 text: the same as hashing the whole file's text, whatever the chunk boundaries cut.
    const bytes = Buffer.from(Array.from({ length: 2 * 1024 * 1024 + 3 }, (_, i) => (i * 7) % 256));
    writeFileSync(file, bytes);
    expect(sha256OfFileSync(file, true)).toBe(createHash('sha256').update(bytes.toString('latin1')).digest('hex'));
    // Small files share one buffer: a shorter file hashed after a longer one hashes only its own bytes.
    const sizes = [64 * 1024, 5, 64 * 1024 + 1, 1];
    for (const [i, size] of sizes.entries()) {
      const small = Buffer.alloc(size, String.fromCharCode(0x61 + i));
      writeFileSync(file, small);
      expect(sha256OfFileSync(file)).toBe(createHash('sha256').update(small).digest('hex'));
    }
    // A small file is one read and a one-shot digest, as Latin-1 text too.
    const small = Buffer.from([0x61, 0xe9, 0xff, 0x0a]);
    writeFileSync(file, small);
    expect(sha256OfFileSync(file, true)).toBe(createHash('sha256').update(small.toString('latin1')).digest('hex'));
    // Before Node 20.12 there is no one-shot crypto.hash: the same digests through a Hash object.
    const crypto = createRequire(import.meta.url)('node:crypto') as { hash: unknown };
    const oneShot = crypto.hash;
    crypto.hash = undefined;
    try {
      expect(sha256OfFileSync(file, true)).toBe(createHash('sha256').update(small.toString('latin1')).digest('hex'));
      expect(sha256OfFileSync(file)).toBe(createHash('sha256').update(small).digest('hex'));
    } finally {
      crypto.hash = oneShot;
    }
  });

  it("gives the open descriptor's stat, bigint, with the hash: the signature a stat of the path gives", () => {
    const file = join(dir, 'signed.md');
    writeFileSync(file, 'signed\n');
    const seen: [bigint, bigint, bigint, string][] = [];
    const sha = sha256OfFileSync(file, false, (stat, hash) => seen.push([stat.ino, stat.size, stat.ctimeNs, hash]));
    const byPath = statSync(file, { bigint: true });
    expect(seen).toEqual([[byPath.ino, byPath.size, byPath.ctimeNs, sha]]);
    expect(sha).toBe(createHash('sha256').update('signed\n').digest('hex'));
    // Nothing is given for a file that was not hashed.
    expect(() => sha256OfFileSync(fifo, false, () => seen.push([0n, 0n, 0n, '']))).toThrow(NotRegularFileError);
    expect(seen).toHaveLength(1);
  });
});

describe('readBoundedSync with wholeOnly', () => {
  it('reads nothing of a file over the limit, and all of one within it', () => {
    expect(readBoundedSync(sparse, 1024, true)).toEqual({ bytes: Buffer.alloc(0), size: SPARSE_BYTES, partial: true });
    const file = join(dir, 'small.txt');
    writeFileSync(file, 'abc');
    expect(readBoundedSync(file, 3, true)).toEqual({ bytes: Buffer.from('abc'), size: 3, partial: false });
  });
});
