/**
 * Adaptive concurrency limit (AIMD, as promptfoo does): halve on a rate-limit response, then creep
 * back up by one after a full window of successes. Keeps a run fast on a generous key and polite
 * on a tight one without configuration.
 */
import { CancelledError } from '../errors.js';

export interface AdaptiveLimiterOptions {
  /** Starting and maximum concurrency (default 4). */
  concurrency?: number;
  /** Floor the limit never goes below (default 1). */
  min?: number;
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class AdaptiveLimiter {
  readonly max: number;
  readonly min: number;
  #limit: number;
  #active = 0;
  #successes = 0;
  readonly #queue: Waiter[] = [];

  constructor(options: AdaptiveLimiterOptions = {}) {
    this.max = Math.max(1, Math.floor(options.concurrency ?? 4));
    this.min = Math.min(this.max, Math.max(1, Math.floor(options.min ?? 1)));
    this.#limit = this.max;
  }

  get limit(): number {
    return this.#limit;
  }

  get active(): number {
    return this.#active;
  }

  get pending(): number {
    return this.#queue.length;
  }

  /** Wait for a slot. Rejects with CancelledError if `signal` aborts first (the slot is not taken). */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    if (this.#active < this.#limit && this.#queue.length === 0) {
      this.#active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const at = this.#queue.indexOf(waiter);
          if (at !== -1) this.#queue.splice(at, 1);
          reject(new CancelledError());
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#queue.push(waiter);
    });
  }

  release(): void {
    this.#active = Math.max(0, this.#active - 1);
    this.#drain();
  }

  /** A 429: halve the limit (requests in flight finish; new ones wait). */
  onRateLimit(): void {
    this.#limit = Math.max(this.min, Math.floor(this.#limit / 2));
    this.#successes = 0;
  }

  /** A success: after `limit` successes in a row, allow one more concurrent request. */
  onSuccess(): void {
    if (this.#limit >= this.max) return;
    this.#successes += 1;
    if (this.#successes >= this.#limit) {
      this.#limit += 1;
      this.#successes = 0;
      this.#drain();
    }
  }

  #drain(): void {
    while (this.#active < this.#limit && this.#queue.length > 0) {
      const waiter = this.#queue.shift() as Waiter;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.#active += 1;
      waiter.resolve();
    }
  }
}
