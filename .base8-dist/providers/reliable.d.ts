/**
 * Reliability for any Provider: per-attempt timeout, retries with exponential backoff and jitter on
 * transient failures (429, 5xx/529, timeouts, resets, malformed bodies), `retry-after` honoured,
 * a shared adaptive concurrency limit, and clean cancellation. The SDKs' own retries are disabled
 * (maxRetries: 0) so these are the only ones and every attempt is counted.
 *
 * Fail fast: a failure no later call can recover from (401, 403, 404, nothing listening after the retries,
 * Claude Code not logged in) trips a breaker. That call and every call in flight or queued on this provider
 * reject with the same NotMeasuredError at once, so a dead judge is not hammered with the rest of the run.
 */
import { NotMeasuredError, ProviderError } from '../errors.js';
import { AdaptiveLimiter } from './limiter.js';
import { type CompletionRequest, type CompletionResult, type Provider, type ProviderEndpoint } from './types.js';
export interface RetryEvent {
    provider: string;
    /** The attempt that failed (1-based). */
    attempt: number;
    delayMs: number;
    error: ProviderError;
}
export interface ReliabilityOptions {
    /** Retries after the first attempt (default 4, so at most 5 attempts). */
    maxRetries?: number;
    /**
     * Retries when nothing is listening (ECONNREFUSED) or the host does not resolve (default 2): enough for a
     * local server that is restarting, without making a wrong --base-url wait for the full backoff.
     */
    maxUnreachableRetries?: number;
    /** First backoff delay (default 1000 ms); doubles per attempt. */
    baseDelayMs?: number;
    /** Cap on one backoff delay (default 30 s). */
    maxDelayMs?: number;
    /** Cap on a server's retry-after (default 120 s): a longer hint fails the call instead of hanging. */
    maxRetryAfterMs?: number;
    /** Per-attempt timeout (default 120 s); a request's own `timeoutMs` wins. */
    timeoutMs?: number;
    /** Shared limiter; pass one instance to several providers to share a budget. Default: new, concurrency 4. */
    limiter?: AdaptiveLimiter;
    concurrency?: number;
    /** Injectable for tests. Must reject with CancelledError when `signal` aborts. */
    sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
    /** Injectable for tests; default Math.random. */
    random?: () => number;
    onRetry?: (event: RetryEvent) => void;
}
export declare function abortableSleep(ms: number, signal?: AbortSignal): Promise<void>;
/** "Equal jitter": half the exponential delay fixed, half random, so retries of a burst spread out. */
export declare function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number, random: () => number): number;
export declare class ReliableProvider implements Provider {
    #private;
    readonly name: string;
    readonly endpoint: ProviderEndpoint | undefined;
    readonly limiter: AdaptiveLimiter;
    constructor(inner: Provider, options?: ReliabilityOptions);
    /** The failure that stopped this provider, if one did. */
    get fatalError(): NotMeasuredError | undefined;
    complete<T = string>(request: CompletionRequest<T>): Promise<CompletionResult<T>>;
}
