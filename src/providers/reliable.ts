/**
 * Reliability for any Provider: per-attempt timeout, retries with exponential backoff and jitter on
 * transient failures (429, 5xx/529, timeouts, resets, malformed bodies), `retry-after` honoured,
 * a shared adaptive concurrency limit, and clean cancellation. The SDKs' own retries are disabled
 * (maxRetries: 0) so these are the only ones and every attempt is counted.
 */
import { CancelledError, ProviderError } from '../errors.js';
import { ProviderCallError } from './failures.js';
import { AdaptiveLimiter } from './limiter.js';
import type { CompletionRequest, CompletionResult, Provider, ProviderEndpoint } from './types.js';

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

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** "Equal jitter": half the exponential delay fixed, half random, so retries of a burst spread out. */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number, random: () => number): number {
  const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random());
}

export class ReliableProvider implements Provider {
  readonly name: string;
  readonly endpoint: ProviderEndpoint | undefined;
  readonly limiter: AdaptiveLimiter;
  readonly #inner: Provider;
  readonly #options: Required<Omit<ReliabilityOptions, 'limiter' | 'concurrency' | 'onRetry'>> & Pick<ReliabilityOptions, 'onRetry'>;

  constructor(inner: Provider, options: ReliabilityOptions = {}) {
    this.#inner = inner;
    this.name = inner.name;
    this.endpoint = inner.endpoint;
    this.limiter = options.limiter ?? new AdaptiveLimiter({ concurrency: options.concurrency ?? 4 });
    this.#options = {
      maxRetries: options.maxRetries ?? 4,
      baseDelayMs: options.baseDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 30_000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 120_000,
      timeoutMs: options.timeoutMs ?? 120_000,
      sleep: options.sleep ?? abortableSleep,
      random: options.random ?? Math.random,
      onRetry: options.onRetry,
    };
  }

  async complete<T = string>(request: CompletionRequest<T>): Promise<CompletionResult<T>> {
    const { maxRetries, baseDelayMs, maxDelayMs, maxRetryAfterMs, sleep, random, onRetry } = this.#options;
    const timeoutMs = request.timeoutMs ?? this.#options.timeoutMs;
    const userSignal = request.signal;
    for (let attempt = 1; ; attempt++) {
      if (userSignal?.aborted) throw new CancelledError();
      await this.limiter.acquire(userSignal);
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), timeoutMs);
      const signal = userSignal === undefined ? timeout.signal : AbortSignal.any([userSignal, timeout.signal]);
      let failure: ProviderError;
      try {
        const result = await this.#inner.complete({ ...request, signal, timeoutMs });
        this.limiter.onSuccess();
        return { ...result, attempts: attempt };
      } catch (error) {
        if (userSignal?.aborted) throw new CancelledError();
        if (timeout.signal.aborted) {
          failure = new ProviderCallError(`${this.name}: no response within ${timeoutMs} ms`, { retryable: true, cause: error });
        } else if (error instanceof ProviderError) {
          failure = error;
        } else {
          throw error;
        }
      } finally {
        clearTimeout(timer);
        this.limiter.release();
      }
      if (failure.status === 429) this.limiter.onRateLimit();
      const hint = failure instanceof ProviderCallError ? failure.retryAfterMs : undefined;
      if (!failure.retryable || attempt > maxRetries || (hint !== undefined && hint > maxRetryAfterMs)) {
        if (!failure.retryable) throw failure;
        throw new ProviderError(`${failure.message} (gave up after ${attempt} attempt${attempt === 1 ? '' : 's'})`, {
          status: failure.status, retryable: false, cause: failure,
        });
      }
      const delayMs = hint ?? backoffDelay(attempt, baseDelayMs, maxDelayMs, random);
      onRetry?.({ provider: this.name, attempt, delayMs, error: failure });
      await sleep(delayMs, userSignal);
    }
  }
}
