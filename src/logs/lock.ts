/**
 * A per-file lock for the execution logs: `<file>.lock`, created with O_EXCL, holding `pid time host token`.
 * Synchronous on purpose: the hook holds it for one append (well under a millisecond) and must finish in tens of
 * milliseconds, and an evaluation save is one small-file rewrite. Kept free of heavy imports (the hook loads it).
 *
 * A lock is stale when its holder's process is gone (same host) or it is older than `staleMs` (a holder killed on
 * another host, or a reused pid); a stale lock is broken and taken over. Waiting is bounded, with backoff: a
 * held lock past `timeoutMs` is a LockTimeoutError, never a hang.
 */
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

export interface LockOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** A lock older than this is stale even if its pid looks alive (default 30 s). */
  staleMs?: number;
}

export class LockTimeoutError extends Error {
  readonly lockFile: string;
  constructor(lockFile: string, waitedMs: number, holder: string) {
    super(
      `${lockFile}: still locked after ${waitedMs} ms (held by ${holder || 'an unknown process'}); if no ` +
        `plugin-eval is running, delete the lock file`,
    );
    this.name = 'LockTimeoutError';
    this.lockFile = lockFile;
  }
}

export const lockFileFor = (file: string): string => `${file}.lock`;

// Both made on first use: most hook runs take a free lock at once and never sleep.
let host: string | undefined;
const thisHost = (): string => (host ??= hostname());
let sleeper: Int32Array | undefined;
const sleepSync = (ms: number): void => {
  Atomics.wait((sleeper ??= new Int32Array(new SharedArrayBuffer(4))), 0, 0, ms);
};

interface Holder {
  pid: number;
  time: number;
  host: string;
  token: string;
}

function parseHolder(text: string): Holder | undefined {
  const [pid, time, host, token] = text.trim().split(' ');
  if (pid === undefined || time === undefined || host === undefined || token === undefined) return undefined;
  return { pid: Number(pid), time: Number(time), host, token };
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(text: string | undefined, now: number, staleMs: number): boolean {
  if (text === undefined) return false; // vanished between our open and read: just retry
  const holder = parseHolder(text);
  // An empty or half-written lock file (not one of ours: ours appear whole, see tryCreate): its content has no time
  // to judge by; acquireLock breaks it once it has looked that way for a second.
  if (holder === undefined) return false;
  if (now - holder.time > staleMs) return true;
  return holder.host === thisHost() && !processAlive(holder.pid);
}

const readOrUndefined = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * Break a stale lock without breaking a fresh one: move it aside under a private name, and if what was moved is
 * not the stale lock we judged (another waiter broke it and took a new one in between), put it back by hard link
 * (which fails rather than overwrite, should a third process have taken the name meanwhile).
 */
function breakStale(lockFile: string, judged: string): void {
  const aside = `${lockFile}.stale.${process.pid}.${randomToken()}`;
  try {
    renameSync(lockFile, aside);
  } catch {
    return; // someone else broke it first
  }
  const moved = readOrUndefined(aside);
  if (moved !== judged) {
    try {
      linkSync(aside, lockFile);
    } catch {
      // The name was taken again in the microseconds since: the moved holder will find its lock gone on release.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // already gone
  }
}

/**
 * Tells our lock from another holder's; uniqueness is all it needs, not unpredictability, and the Web Crypto
 * global costs ~3 ms on its first use, a noticeable part of a hook run.
 */
function randomToken(): string {
  return `${process.pid.toString(36)}${Math.floor(Math.random() * 2 ** 32)
    .toString(16)
    .padStart(8, '0')}`;
}

/**
 * Create the lock file with its content in one step: write a private temp file, then hard-link it to the lock's
 * name (which fails if the name exists). Created empty and then written, a lock would look empty for a moment, and
 * a holder paused in that moment on a loaded machine could have its live lock broken as a dead one's.
 */
function tryCreate(lockFile: string, content: string, token: string): boolean {
  const temp = `${lockFile}.${token}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    unlinkSync(temp);
  }
}

/** Take the lock, waiting with backoff up to the timeout; returns the release function. */
export function acquireLock(file: string, options: LockOptions = {}): () => void {
  const lockFile = lockFileFor(file);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  const token = randomToken();
  const start = Date.now();
  let delay = 1;
  let emptySince: number | undefined;
  for (;;) {
    const now = Date.now();
    if (tryCreate(lockFile, `${process.pid} ${now} ${thisHost()} ${token}\n`, token))
      return () => releaseLock(lockFile, token);
    const seen = readOrUndefined(lockFile);
    if (seen !== undefined && parseHolder(seen) === undefined) emptySince ??= now;
    else emptySince = undefined;
    const emptyTooLong = emptySince !== undefined && now - emptySince > Math.min(staleMs, 1_000);
    if (seen !== undefined && (isStale(seen, now, staleMs) || emptyTooLong)) {
      breakStale(lockFile, seen);
      emptySince = undefined;
      continue;
    }
    const waited = now - start;
    if (waited >= timeoutMs) throw new LockTimeoutError(lockFile, waited, (seen ?? '').trim());
    sleepSync(Math.min(delay, timeoutMs - waited));
    delay = Math.min(delay * 2, 50);
  }
}

function releaseLock(lockFile: string, token: string): void {
  // Remove only our own lock: if it was judged stale and broken (we were paused past staleMs), the file may now
  // be someone else's.
  const holder = parseHolder(readOrUndefined(lockFile) ?? '');
  if (holder?.token !== token) return;
  try {
    unlinkSync(lockFile);
  } catch {
    // already gone
  }
}

/** Run `fn` holding the file's lock. */
export function withFileLock<T>(file: string, fn: () => T, options: LockOptions = {}): T {
  const release = acquireLock(file, options);
  try {
    return fn();
  } finally {
    release();
  }
}
