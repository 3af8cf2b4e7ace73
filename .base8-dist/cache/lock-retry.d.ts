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
}
/** SQLITE_BUSY (another connection holds the lock) and SQLITE_LOCKED (a conflicting lock on this connection's side), with extended codes. */
export declare function isLockError(error: unknown): boolean;
/** Run `op`; while it fails with a lock error and the deadline allows, wait (equal jitter) and run it again. */
export declare function retryWhileLocked<T>(op: () => Promise<T>, options: LockRetryOptions): Promise<T>;
