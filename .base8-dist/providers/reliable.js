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
import { CancelledError, NotMeasuredError, ProviderError } from '../errors.js';
import { isUnreachable, ProviderCallError } from './failures.js';
import { AdaptiveLimiter } from './limiter.js';
import { describeEndpoint } from './types.js';
export function abortableSleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(new CancelledError());
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        const onAbort = () => {
            clearTimeout(timer);
            reject(new CancelledError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
    });
}
/** "Equal jitter": half the exponential delay fixed, half random, so retries of a burst spread out. */
export function backoffDelay(attempt, baseDelayMs, maxDelayMs, random) {
    const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return Math.round(exponential / 2 + (exponential / 2) * random());
}
export class ReliableProvider {
    name;
    endpoint;
    limiter;
    #inner;
    /** Set once a failure no call can recover from was seen; every later call rejects with it. */
    #fatal;
    #halt = new AbortController();
    #options;
    constructor(inner, options = {}) {
        this.#inner = inner;
        this.name = inner.name;
        this.endpoint = inner.endpoint;
        this.limiter = options.limiter ?? new AdaptiveLimiter({ concurrency: options.concurrency ?? 4 });
        this.#options = {
            maxRetries: options.maxRetries ?? 4,
            maxUnreachableRetries: options.maxUnreachableRetries ?? 2,
            baseDelayMs: options.baseDelayMs ?? 1000,
            maxDelayMs: options.maxDelayMs ?? 30_000,
            maxRetryAfterMs: options.maxRetryAfterMs ?? 120_000,
            timeoutMs: options.timeoutMs ?? 120_000,
            sleep: options.sleep ?? abortableSleep,
            random: options.random ?? Math.random,
            onRetry: options.onRetry,
        };
    }
    /** The failure that stopped this provider, if one did. */
    get fatalError() {
        return this.#fatal;
    }
    /** Trip the breaker: remember the failure and abort every call in flight or waiting. */
    #trip(failure, attempts) {
        const reason = `${failure.fatal ?? failure.message}${attempts > 1 ? ` (gave up after ${attempts} attempts)` : ''}`;
        this.#fatal ??= new NotMeasuredError({
            provider: this.name, endpoint: describeEndpoint(this.endpoint), reason,
            ...(failure.status === undefined ? {} : { status: failure.status }), cause: failure,
        });
        this.#halt.abort();
        return this.#fatal;
    }
    async complete(request) {
        try {
            return await this.#complete(request);
        }
        catch (error) {
            // Calls cut short because the breaker tripped report the failure that tripped it, not a cancellation.
            if (this.#fatal !== undefined && !request.signal?.aborted)
                throw this.#fatal;
            throw error;
        }
    }
    async #complete(request) {
        const { maxRetries, maxUnreachableRetries, baseDelayMs, maxDelayMs, maxRetryAfterMs, sleep, random, onRetry } = this.#options;
        const timeoutMs = request.timeoutMs ?? this.#options.timeoutMs;
        const userSignal = request.signal;
        const stop = userSignal === undefined ? this.#halt.signal : AbortSignal.any([userSignal, this.#halt.signal]);
        for (let attempt = 1;; attempt++) {
            if (stop.aborted)
                throw new CancelledError();
            await this.limiter.acquire(stop);
            const timeout = new AbortController();
            const timer = setTimeout(() => timeout.abort(), timeoutMs);
            const signal = AbortSignal.any([stop, timeout.signal]);
            let failure;
            try {
                const result = await this.#inner.complete({ ...request, signal, timeoutMs });
                this.limiter.onSuccess();
                return { ...result, attempts: attempt };
            }
            catch (error) {
                if (stop.aborted)
                    throw new CancelledError();
                if (timeout.signal.aborted) {
                    failure = new ProviderCallError(`${this.name}: no response within ${timeoutMs} ms`, { retryable: true, cause: error });
                }
                else if (error instanceof ProviderError) {
                    failure = error;
                }
                else {
                    throw error;
                }
                // Trip before this call's concurrency slot is released, so no queued call starts a doomed request.
                const final = !failure.retryable || attempt > (isUnreachable(failure) ? Math.min(maxRetries, maxUnreachableRetries) : maxRetries);
                if (failure.fatal !== undefined && final)
                    throw this.#trip(failure, attempt);
            }
            finally {
                clearTimeout(timer);
                this.limiter.release();
            }
            if (failure.status === 429)
                this.limiter.onRateLimit();
            const hint = failure instanceof ProviderCallError ? failure.retryAfterMs : undefined;
            const retries = isUnreachable(failure) ? Math.min(maxRetries, maxUnreachableRetries) : maxRetries;
            if (!failure.retryable || attempt > retries || (hint !== undefined && hint > maxRetryAfterMs)) {
                if (!failure.retryable)
                    throw failure;
                throw new ProviderError(`${failure.message} (gave up after ${attempt} attempt${attempt === 1 ? '' : 's'})`, {
                    status: failure.status, retryable: false, cause: failure,
                });
            }
            const delayMs = hint ?? backoffDelay(attempt, baseDelayMs, maxDelayMs, random);
            onRetry?.({ provider: this.name, attempt, delayMs, error: failure });
            await sleep(delayMs, stop);
        }
    }
}
//# sourceMappingURL=reliable.js.map