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
import { promptOf, replyOf } from '../events/call.js';
import { emit, listening } from '../events/sink.js';
import { isUnreachable, ProviderCallError } from './failures.js';
import { AdaptiveLimiter } from './limiter.js';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  describeEndpoint,
  type CompletionRequest,
  type CompletionResult,
  type Provider,
  type ProviderEndpoint,
} from './types.js';

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
  /**
   * Cap on a server's retry-after (default: the per-attempt timeout, and never less than the default timeout): a
   * longer hint fails the call instead of hanging. Raised with the timeout because a slow local server given a long
   * timeout may well ask for a long pause; not lowered with it, because a short timeout asks to give up on a server
   * that does not answer, not on one that answered "busy, come back in a minute".
   */
  maxRetryAfterMs?: number;
  /** Per-attempt timeout (default 120 s, the `requestTimeout` setting); a request's own `timeoutMs` wins. */
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
  /** Set once a failure no call can recover from was seen; every later call rejects with it. */
  #fatal: NotMeasuredError | undefined;
  readonly #halt = new AbortController();
  /** Attempts made so far per request in flight (only while someone listens to events), for `call.failed`. */
  readonly #attempts = new WeakMap<object, number>();
  readonly #options: Required<Omit<ReliabilityOptions, 'limiter' | 'concurrency' | 'onRetry'>> &
    Pick<ReliabilityOptions, 'onRetry'>;

  constructor(inner: Provider, options: ReliabilityOptions = {}) {
    this.#inner = inner;
    this.name = inner.name;
    this.endpoint = inner.endpoint;
    this.limiter = options.limiter ?? new AdaptiveLimiter({ concurrency: options.concurrency ?? 4 });
    this.#options = {
      maxRetries: options.maxRetries ?? 4,
      maxUnreachableRetries: options.maxUnreachableRetries ?? 2,
      baseDelayMs: options.baseDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 30_000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? Math.max(options.timeoutMs ?? 0, DEFAULT_REQUEST_TIMEOUT_MS),
      timeoutMs: options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      sleep: options.sleep ?? abortableSleep,
      random: options.random ?? Math.random,
      onRetry: options.onRetry,
    };
  }

  get concurrency(): number {
    return this.limiter.max;
  }

  /** The failure that stopped this provider, if one did. */
  get fatalError(): NotMeasuredError | undefined {
    return this.#fatal;
  }

  /** Trip the breaker: remember the failure and abort every call in flight or waiting. */
  #trip(failure: ProviderError, attempts: number): NotMeasuredError {
    const reason = `${failure.fatal ?? failure.message}${attempts > 1 ? ` (gave up after ${attempts} attempts)` : ''}`;
    this.#fatal ??= new NotMeasuredError({
      provider: this.name,
      endpoint: describeEndpoint(this.endpoint),
      reason,
      ...(failure.status === undefined ? {} : { status: failure.status }),
      cause: failure,
    });
    this.#halt.abort();
    return this.#fatal;
  }

  async complete<T = string>(request: CompletionRequest<T>): Promise<CompletionResult<T>> {
    try {
      const result = await this.#complete(request);
      if (listening())
        emit({ type: 'call.finished', provider: this.name, prompt: promptOf(request), reply: replyOf(result) });
      return result;
    } catch (error) {
      // Calls cut short because the breaker tripped report the failure that tripped it, not a cancellation.
      const thrown = this.#fatal !== undefined && !request.signal?.aborted ? this.#fatal : error;
      if (listening() && !(thrown instanceof CancelledError)) {
        const status =
          thrown instanceof ProviderError || thrown instanceof NotMeasuredError ? thrown.status : undefined;
        emit({
          type: 'call.failed',
          provider: this.name,
          attempts: this.#attempts.get(request) ?? 0,
          reason: thrown instanceof Error ? thrown.message : String(thrown),
          ...(status === undefined ? {} : { status }),
          prompt: promptOf(request),
        });
      }
      throw thrown;
    } finally {
      this.#attempts.delete(request);
    }
  }

  async #complete<T>(request: CompletionRequest<T>): Promise<CompletionResult<T>> {
    const { maxRetries, maxUnreachableRetries, baseDelayMs, maxDelayMs, maxRetryAfterMs, sleep, random, onRetry } =
      this.#options;
    const timeoutMs = request.timeoutMs ?? this.#options.timeoutMs;
    const userSignal = request.signal;
    const stop = userSignal === undefined ? this.#halt.signal : AbortSignal.any([userSignal, this.#halt.signal]);
    for (let attempt = 1; ; attempt++) {
      if (stop.aborted) throw new CancelledError();
      await this.limiter.acquire(stop);
      if (listening()) {
        this.#attempts.set(request, attempt);
        emit({ type: 'call.sent', provider: this.name, attempt, prompt: promptOf(request) });
      }
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), timeoutMs);
      const signal = AbortSignal.any([stop, timeout.signal]);
      let failure: ProviderError;
      try {
        const result = await this.#inner.complete({ ...request, signal, timeoutMs });
        this.limiter.onSuccess();
        return { ...result, attempts: attempt };
      } catch (error) {
        if (stop.aborted) throw new CancelledError();
        if (timeout.signal.aborted) {
          failure = new ProviderCallError(`${this.name}: no response within ${timeoutMs} ms`, {
            retryable: true,
            cause: error,
          });
        } else if (error instanceof ProviderError) {
          failure = error;
        } else {
          throw error;
        }
        // Trip before this call's concurrency slot is released, so no queued call starts a doomed request.
        const final =
          !failure.retryable ||
          attempt > (isUnreachable(failure) ? Math.min(maxRetries, maxUnreachableRetries) : maxRetries);
        if (failure.fatal !== undefined && final) throw this.#trip(failure, attempt);
      } finally {
        clearTimeout(timer);
        this.limiter.release();
      }
      if (failure.status === 429) this.limiter.onRateLimit();
      const hint = failure instanceof ProviderCallError ? failure.retryAfterMs : undefined;
      const retries = isUnreachable(failure) ? Math.min(maxRetries, maxUnreachableRetries) : maxRetries;
      const waitTooLong = hint !== undefined && hint > maxRetryAfterMs;
      if (!failure.retryable || attempt > retries || waitTooLong) {
        if (!failure.retryable) throw failure;
        // Said, because "gave up after 1 attempt" on a retryable error reads like a bug unless the wait is named.
        const why =
          waitTooLong && attempt <= retries
            ? `: the server asked to wait ${Math.ceil(hint / 1000)} s (retry-after), more than ` +
              `the ${Math.round(maxRetryAfterMs / 1000)} s a call waits`
            : '';
        throw new ProviderError(
          `${failure.message} (gave up after ${attempt} attempt${attempt === 1 ? '' : 's'}${why})`,
          {
            status: failure.status,
            retryable: false,
            cause: failure,
          },
        );
      }
      const delayMs = hint ?? backoffDelay(attempt, baseDelayMs, maxDelayMs, random);
      onRetry?.({ provider: this.name, attempt, delayMs, error: failure });
      emit({
        type: 'call.retried',
        provider: this.name,
        attempt,
        reason: failure.message,
        ...(failure.status === undefined ? {} : { status: failure.status }),
        delayMs,
      });
      await sleep(delayMs, stop);
    }
  }
}
