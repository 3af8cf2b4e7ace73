/**
 * Several processes (CI matrix jobs, two terminals, `judge` batches) share one cache file. SQLite lets one
 * writer in at a time; the others get SQLITE_BUSY ("database is locked"). The busy timeout makes SQLite wait
 * inside the call, but libSQL's local driver is synchronous, so that wait blocks the event loop: it is kept
 * short and the real patience lives here, as asynchronous retries with backoff.
 */
/** SQLITE_BUSY (another connection holds the lock) and SQLITE_LOCKED (a conflicting lock on this connection's side), with extended codes. */
export function isLockError(error) {
    if (typeof error !== 'object' || error === null)
        return false;
    const code = error.code;
    if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code))
        return true;
    const message = error.message;
    return typeof message === 'string' && /database (table )?is locked|SQLITE_BUSY/i.test(message);
}
const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Run `op`; while it fails with a lock error and the deadline allows, wait (equal jitter) and run it again. */
export async function retryWhileLocked(op, options) {
    const now = options.now ?? Date.now;
    const sleep = options.sleep ?? defaultSleep;
    const random = options.random ?? Math.random;
    const base = options.baseDelayMs ?? 10;
    const cap = options.maxDelayMs ?? 250;
    const started = now();
    for (let attempt = 1;; attempt++) {
        try {
            return await op();
        }
        catch (error) {
            const elapsed = now() - started;
            if (!isLockError(error) || elapsed >= options.deadlineMs)
                throw error;
            const exponential = Math.min(cap, base * 2 ** (attempt - 1));
            // Jitter spreads processes that collided so they do not collide again in lock-step.
            const delay = Math.min(options.deadlineMs - elapsed, Math.round(exponential / 2 + (exponential / 2) * random()));
            options.onWait?.(error, Math.max(1, delay));
            await sleep(Math.max(1, delay));
        }
    }
}
//# sourceMappingURL=lock-retry.js.map