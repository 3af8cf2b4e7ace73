export declare const DEFAULT_CACHE_TTL_MS: number;
/** SQLite's own wait for a lock, per statement. It blocks the event loop (the driver is synchronous), so it is short. */
export declare const DEFAULT_BUSY_TIMEOUT_MS = 250;
/** How long a statement keeps retrying while the database is locked before the error is reported. */
export declare const DEFAULT_LOCK_RETRY_MS = 15000;
/** `$PLUGIN_EVAL_CACHE_DIR`, else `$XDG_CACHE_HOME/plugin-eval`, else `~/.cache/plugin-eval`. */
export declare function defaultCacheDir(env?: NodeJS.ProcessEnv): string;
export interface CacheStats {
    /** Live (unexpired) entries. */
    entries: number;
    /** Size on disk (database plus WAL), 0 for an in-memory cache. */
    bytes: number;
    /** Lookups answered from the cache, by every process, since `countingSince`. */
    hits: number;
    /** Lookups that found nothing usable (absent, expired, or no longer valid), since `countingSince`. */
    misses: number;
    /** When counting started: the database's creation or the last `clear` (ms since the epoch). */
    countingSince: number;
    /** Creation time of the oldest and newest live entry (ms since the epoch), null when empty. */
    oldest: number | null;
    newest: number | null;
    /** Lookups made through this handle only. */
    session: {
        hits: number;
        misses: number;
    };
    /** Database location, or `:memory:`. */
    location: string;
}
export interface ResponseCacheOptions {
    /** Directory for the database file (default `defaultCacheDir(env)`). Ignored when `url` is given. */
    dir?: string;
    /** Explicit libSQL URL, e.g. `file:/tmp/x.db` or `:memory:` for tests. */
    url?: string;
    /** Entry lifetime (default 14 days). */
    ttlMs?: number;
    /** SQLite busy timeout per statement (default 250 ms). */
    busyTimeoutMs?: number;
    /** Total time a statement retries while the database is locked (default 15 s). */
    lockRetryMs?: number;
    /** Called each time a statement found the database locked and waits to retry (diagnostics, tests). */
    onLockWait?: (error: unknown, delayMs: number) => void;
    env?: NodeJS.ProcessEnv;
    now?: () => number;
}
export declare class ResponseCache {
    #private;
    readonly location: string;
    readonly ttlMs: number;
    private constructor();
    static open(options?: ResponseCacheOptions): Promise<ResponseCache>;
    /**
     * The payload stored under `key`, or undefined. `accept` lets the caller reject a payload it can
     * no longer use (counted as a miss).
     */
    get(key: string, accept?: (payload: unknown) => boolean): Promise<unknown>;
    set(key: string, payload: unknown, meta: {
        provider: string;
        model: string;
    }): Promise<void>;
    stats(): Promise<CacheStats>;
    /** Delete every entry and restart the hit and miss counts; returns how many entries there were. */
    clear(): Promise<number>;
    close(): void;
}
