/**
 * File hashes remembered by stat signature, kept in the results store (table file_hashes), so an unchanged
 * marketplace is not read byte by byte again on every `score --only-changed` (git's index does the same for
 * `git status`). A remembered hash stands only when the file's device, inode, size, mtime and ctime (ns) are all
 * unchanged, and the file had last changed at least RACY_MARGIN_NS before it was hashed. ctime is set by the
 * kernel on every write and no tool can set it (touch, cp -p, git checkout set mtime only), so an edit always
 * changes the signature; the margin covers the one gap, git's "racily clean" files: timestamps come from a coarse
 * clock, so a file written again within the tick it was hashed in could keep its signature. Such a file is hashed
 * again next time (and remembered then, when it is old enough).
 */
import type { BigIntStats } from 'node:fs';
import type { FileHashMemo } from '../rank/corpus/skill-facts.js';

/** A file must have been unchanged this long before it was hashed for the hash to be trusted later. */
export const RACY_MARGIN_NS = 2_000_000_000n;

export interface StoredFileHash {
  path: string;
  signature: string;
  mtimeNs: string;
  ctimeNs: string;
  hashedAtNs: string;
  sha256: string;
}

/**
 * Joined, not a template: a template's text is a tree of ~7 concatenated pieces, and a run keeps one signature per
 * file until its last write (a 5,000-skill run: 17,000 of them, 3.8 MB of pieces).
 */
const signatureOf = (stat: BigIntStats): string =>
  [stat.dev, stat.ino, stat.size, stat.mtimeNs, stat.ctimeNs].join(':');

export class StoredHashMemo implements FileHashMemo {
  readonly #known: ReadonlyMap<string, StoredFileHash>;
  readonly #fresh = new Map<string, StoredFileHash>();
  readonly #nowNs: () => bigint;

  constructor(known: Iterable<StoredFileHash>, nowNs: () => bigint = () => BigInt(Date.now()) * 1_000_000n) {
    this.#known = new Map([...known].map((row) => [row.path, row]));
    this.#nowNs = nowNs;
  }

  holds(abs: string): boolean {
    return this.#known.has(abs);
  }

  lookup(abs: string, stat: BigIntStats): string | undefined {
    const row = this.#known.get(abs);
    if (row === undefined || row.signature !== signatureOf(stat)) return undefined;
    const settled = BigInt(row.hashedAtNs) - RACY_MARGIN_NS;
    if (BigInt(row.mtimeNs) > settled || BigInt(row.ctimeNs) > settled) return undefined;
    return row.sha256;
  }

  remember(abs: string, stat: BigIntStats, sha256: string): void {
    this.#fresh.set(abs, {
      path: abs,
      signature: signatureOf(stat),
      mtimeNs: String(stat.mtimeNs),
      ctimeNs: String(stat.ctimeNs),
      hashedAtNs: String(this.#nowNs()),
      sha256,
    });
  }

  /** Hashes computed since loading: what the store should remember. */
  fresh(): StoredFileHash[] {
    return [...this.#fresh.values()];
  }
}
