export interface AdaptiveLimiterOptions {
    /** Starting and maximum concurrency (default 4). */
    concurrency?: number;
    /** Floor the limit never goes below (default 1). */
    min?: number;
}
export declare class AdaptiveLimiter {
    #private;
    readonly max: number;
    readonly min: number;
    constructor(options?: AdaptiveLimiterOptions);
    get limit(): number;
    get active(): number;
    get pending(): number;
    /** Wait for a slot. Rejects with CancelledError if `signal` aborts first (the slot is not taken). */
    acquire(signal?: AbortSignal): Promise<void>;
    release(): void;
    /** A 429: halve the limit (requests in flight finish; new ones wait). */
    onRateLimit(): void;
    /** A success: after `limit` successes in a row, allow one more concurrent request. */
    onSuccess(): void;
}
