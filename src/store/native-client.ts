/**
 * Loads the SQLite client (the local-file build of @libsql/client) for the results store.
 *
 * Why not a plain require: while it loads, libsql's native loader (`@neon-rs/load`, `currentTarget`) asks
 * `process.report.getReport()` whether Node runs on glibc or musl, to pick the native package. A diagnostic report
 * (stacks, heap, libuv handles, shared objects, environment) costs ~5 ms to read one header field: a sixth of what
 * recording costs a one-skill `score`. The ELF interpreter of the running node binary answers the same question (it
 * is the first test of detect-libc, which libsql runs right after), so while the client loads, getReport answers with
 * a report holding only that field. When the interpreter does not say (not Linux, not a 64-bit little-endian ELF,
 * no interpreter, an unknown one), nothing is replaced and the loader asks the real report.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as SqliteClientModule from '@libsql/client/sqlite3';

// The client's CommonJS build, required: import() of its ES module build cost a one-skill `score` ~8 ms more
// (the ES module loader resolving and linking its package graph), for the same client.
const requireCjs = createRequire(import.meta.url);

export type Libc = 'glibc' | 'musl';

/**
 * Bytes read from the start of the binary, as many as detect-libc reads: whenever this answers, detect-libc's own
 * interpreter test answers too, so it never reaches (and never caches) the stand-in report.
 */
const ELF_HEAD_BYTES = 2048;
const PT_INTERP = 3;

/** The C library an ELF binary is linked against, from its interpreter path (e.g. `/lib64/ld-linux-x86-64.so.2`). */
export function libcOfElf(head: Buffer): Libc | undefined {
  // 64-bit little-endian ELF only (x64, arm64): anything else is left to the loader's own probe.
  if (head.length < 64 || head.readUInt32BE(0) !== 0x7f454c46 || head.readUInt8(4) !== 2 || head.readUInt8(5) !== 1)
    return undefined;
  const tableOffset = Number(head.readBigUInt64LE(32));
  const entrySize = head.readUInt16LE(54);
  const entries = head.readUInt16LE(56);
  for (let i = 0; i < entries; i++) {
    const at = tableOffset + i * entrySize;
    if (at + 40 > head.length) return undefined;
    if (head.readUInt32LE(at) !== PT_INTERP) continue;
    const start = Number(head.readBigUInt64LE(at + 8));
    const end = start + Number(head.readBigUInt64LE(at + 32));
    if (end > head.length) return undefined;
    const interpreter = head.subarray(start, end).toString('latin1');
    if (interpreter.includes('/ld-musl-')) return 'musl';
    if (interpreter.includes('/ld-linux-')) return 'glibc';
    return undefined;
  }
  return undefined;
}

/** The C library of the running node binary on Linux; undefined elsewhere or when its ELF header does not say. */
export function libcOfThisNode(): Libc | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const fd = openSync('/proc/self/exe', 'r');
    try {
      const head = Buffer.alloc(ELF_HEAD_BYTES);
      return libcOfElf(head.subarray(0, readSync(fd, head, 0, ELF_HEAD_BYTES, 0)));
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** What the native loader reads from a report: `header.glibcVersionRuntime` is there on glibc only. */
function standInReport(libc: Libc): object {
  return {
    header: libc === 'glibc' ? { glibcVersionRuntime: 'unknown (not read: see src/store/native-client.ts)' } : {},
    sharedObjects: [],
  };
}

/**
 * Run `load` (a synchronous require) with getReport answered from the node binary's ELF interpreter, when it says
 * which C library this is; else `load` runs as it is. getReport is put back however `load` ends.
 */
export function withLibcAnswered<T>(load: () => T): T {
  const report = process.report;
  const libc = report ? libcOfThisNode() : undefined;
  if (report === undefined || libc === undefined) return load();
  const getReport = Object.getOwnPropertyDescriptor(report, 'getReport');
  // Synchronous: nothing else runs while the stand-in is in place.
  report.getReport = () => standInReport(libc);
  try {
    return load();
  } finally {
    if (getReport) Object.defineProperty(report, 'getReport', getReport);
    else delete (report as { getReport?: unknown }).getReport;
  }
}

/**
 * The installed package's client. The CLI's bundle replaces this body (scripts/bundle-cli.mjs, `bundledSqliteClient`)
 * with a copy of the client's JavaScript bundled into the store's chunk, which loads from that chunk's code cache.
 */
function loadSqliteClient(): typeof SqliteClientModule {
  return requireCjs('@libsql/client/sqlite3') as typeof SqliteClientModule;
}

let sqliteClient: typeof SqliteClientModule | undefined;

/** The SQLite client module. A missing package throws as require does (importLazily names it). */
export function requireSqliteClient(): typeof SqliteClientModule {
  return (sqliteClient ??= withLibcAnswered(loadSqliteClient));
}
