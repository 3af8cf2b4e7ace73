/**
 * One classification of backend failures for every SDK, so the reliability layer decides retries
 * from `retryable` and `retryAfterMs` alone. Both official SDKs share error class names
 * (APIError with status/headers, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError),
 * which lets us classify without importing either.
 */
import { CancelledError, ProviderError } from '../errors.js';
/** A ProviderError that also carries the server's `retry-after` hint. */
export declare class ProviderCallError extends ProviderError {
    readonly retryAfterMs: number | undefined;
    /** Node's network error code when the connection itself failed (ECONNREFUSED, ENOTFOUND, ...). */
    readonly networkCode: string | undefined;
    constructor(message: string, options?: {
        status?: number;
        retryable?: boolean;
        retryAfterMs?: number;
        fatal?: string;
        networkCode?: string;
        cause?: unknown;
    });
}
/**
 * Failures no later call can recover from, in words for the user. 401/403: the key or login is refused;
 * 404: the model (or the API path) does not exist at that endpoint. Everything else (400 for one oversized
 * prompt, 5xx, 429, timeouts) concerns one call and leaves the rest of the run to try.
 */
export declare function fatalCauseOfStatus(status: number, detail: string): string | undefined;
export declare function isUnreachable(error: ProviderError): boolean;
/** 429, 408, 409 (Anthropic's lock conflicts), 5xx and Anthropic's 529 "overloaded" are transient. */
export declare function isRetryableStatus(status: number): boolean;
/** Milliseconds from `retry-after-ms`, `retry-after` (seconds or an HTTP date). */
export declare function retryAfterMs(headers: {
    get(name: string): string | null;
} | undefined, now?: number): number | undefined;
/**
 * Map anything an SDK threw into CancelledError (our signal fired) or ProviderError. `label` names
 * the backend in messages ("anthropic: HTTP 429 ...").
 */
export declare function toProviderFailure(error: unknown, signal: AbortSignal | undefined, label: string): CancelledError | ProviderError;
