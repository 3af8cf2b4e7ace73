/**
 * Adaptive concurrency limit (AIMD, as promptfoo does): halve on a rate-limit response, then creep
 * back up by one after a full window of successes. Keeps a run fast on a generous key and polite
 * on a tight one without configuration.
 */
import { CancelledError } from '../errors.js';
export class AdaptiveLimiter {
    max;
    min;
    #limit;
    #active = 0;
    #successes = 0;
    #queue = [];
    constructor(options = {}) {
        this.max = Math.max(1, Math.floor(options.concurrency ?? 4));
        this.min = Math.min(this.max, Math.max(1, Math.floor(options.min ?? 1)));
        this.#limit = this.max;
    }
    get limit() {
        return this.#limit;
    }
    get active() {
        return this.#active;
    }
    get pending() {
        return this.#queue.length;
    }
    /** Wait for a slot. Rejects with CancelledError if `signal` aborts first (the slot is not taken). */
    acquire(signal) {
        if (signal?.aborted)
            return Promise.reject(new CancelledError());
        if (this.#active < this.#limit && this.#queue.length === 0) {
            this.#active += 1;
            return Promise.resolve();
        }
        return new Promise((resolve, reject) => {
            const waiter = {
                resolve,
                reject,
                signal,
                onAbort: () => {
                    const at = this.#queue.indexOf(waiter);
                    if (at !== -1)
                        this.#queue.splice(at, 1);
                    reject(new CancelledError());
                },
            };
            signal?.addEventListener('abort', waiter.onAbort, { once: true });
            this.#queue.push(waiter);
        });
    }
    release() {
        this.#active = Math.max(0, this.#active - 1);
        this.#drain();
    }
    /** A 429: halve the limit (requests in flight finish; new ones wait). */
    onRateLimit() {
        this.#limit = Math.max(this.min, Math.floor(this.#limit / 2));
        this.#successes = 0;
    }
    /** A success: after `limit` successes in a row, allow one more concurrent request. */
    onSuccess() {
        if (this.#limit >= this.max)
            return;
        this.#successes += 1;
        if (this.#successes >= this.#limit) {
            this.#limit += 1;
            this.#successes = 0;
            this.#drain();
        }
    }
    #drain() {
        while (this.#active < this.#limit && this.#queue.length > 0) {
            const waiter = this.#queue.shift();
            waiter.signal?.removeEventListener('abort', waiter.onAbort);
            this.#active += 1;
            waiter.resolve();
        }
    }
}
//# sourceMappingURL=limiter.js.map