/**
 * Several processes (CI matrix jobs, two terminals, `judge` batches) share one cache file. SQLite lets one
 * writer in at a time; the others get SQLITE_BUSY ("database is locked"). The busy timeout makes SQLite wait
 * inside the call, but libSQL's local driver is synchronous, so that wait blocks the event loop: it is kept
 * short and the real patience lives here, as asynchronous retries with backoff.
 */

export interface LockRetryOptions {
  /** Give up once this much time has passed since the first attempt. */
  deadlineMs: number;
  /** First backoff delay; doubles per attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Called before each wait, e.g. to count contention. */
  onWait?: (error: unknown, delayMs: number) => void;
  /**
   * Ctrl-C: a wait under way ends and the lock error is thrown with `interrupted` set, instead of the process sitting
   * out the whole deadline after the user asked it to stop. A signal already aborted when the work started is not
   * heeded: that work is the tidy-up after an interruption (a cancelled run recording what it measured), which must
   * still wait its turn; a second Ctrl-C ends the process.
   */
  signal?: AbortSignal;
}

/** The lock error a wait ended with because the signal aborted it. */
export const interruptedWait = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { interrupted?: unknown }).interrupted === true;

/**
 * SQLITE_BUSY (another connection holds the lock) and SQLITE_LOCKED (a conflicting lock on this connection's side),
 * with extended codes.
 */
export function isLockError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && /database (table )?is locked|SQLITE_BUSY/i.test(message);
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Run `op`; while it fails with a lock error and the deadline allows, wait (equal jitter) and run it again. */
export async function retryWhileLocked<T>(op: () => Promise<T>, options: LockRetryOptions): Promise<T> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const base = options.baseDelayMs ?? 10;
  const cap = options.maxDelayMs ?? 250;
  const started = now();
  const signal = options.signal?.aborted === true ? undefined : options.signal;
  for (let attempt = 1; ; attempt++) {
    try {
      return await op();
    } catch (error) {
      const elapsed = now() - started;
      if (!isLockError(error) || elapsed >= options.deadlineMs) throw error;
      if (signal?.aborted) throw markInterrupted(error);
      const exponential = Math.min(cap, base * 2 ** (attempt - 1));
      // Jitter spreads processes that collided so they do not collide again in lock-step.
      const delay = Math.min(options.deadlineMs - elapsed, Math.round(exponential / 2 + (exponential / 2) * random()));
      options.onWait?.(error, Math.max(1, delay));
      await (signal === undefined ? sleep(Math.max(1, delay)) : abortableSleep(sleep(Math.max(1, delay)), signal));
      if (signal?.aborted) throw markInterrupted(error);
    }
  }
}

function markInterrupted(error: unknown): unknown {
  if (typeof error === 'object' && error !== null) Object.assign(error, { interrupted: true });
  return error;
}

/** The wait, cut short when the signal aborts. */
function abortableSleep(wait: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    void wait.then(done);
  });
}
