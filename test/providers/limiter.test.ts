import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/errors.js';
import { retryAfterMs, toProviderFailure } from '../../src/providers/failures.js';
import { AdaptiveLimiter } from '../../src/providers/limiter.js';
import { backoffDelay } from '../../src/providers/reliable.js';

describe('AdaptiveLimiter', () => {
  it('admits up to the limit and queues the rest in order', async () => {
    const limiter = new AdaptiveLimiter({ concurrency: 2 });
    const order: number[] = [];
    await limiter.acquire();
    await limiter.acquire();
    const third = limiter.acquire().then(() => order.push(3));
    const fourth = limiter.acquire().then(() => order.push(4));
    expect([limiter.active, limiter.pending]).toEqual([2, 2]);
    limiter.release();
    await third;
    limiter.release();
    await fourth;
    expect(order).toEqual([3, 4]);
  });

  it('halves on rate limits down to the floor, then grows back one step per window of successes', () => {
    const limiter = new AdaptiveLimiter({ concurrency: 8 });
    limiter.onRateLimit();
    expect(limiter.limit).toBe(4);
    limiter.onRateLimit();
    limiter.onRateLimit();
    limiter.onRateLimit();
    expect(limiter.limit).toBe(1);
    limiter.onSuccess();
    expect(limiter.limit).toBe(2);
    limiter.onSuccess();
    expect(limiter.limit).toBe(2);
    limiter.onSuccess();
    expect(limiter.limit).toBe(3);
    for (let i = 0; i < 100; i++) limiter.onSuccess();
    expect(limiter.limit).toBe(8);
  });

  it('drops a cancelled waiter without taking a slot', async () => {
    const limiter = new AdaptiveLimiter({ concurrency: 1 });
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(CancelledError);
    expect(limiter.pending).toBe(0);
    limiter.release();
    expect(limiter.active).toBe(0);
  });
});

describe('backoff and failure classification', () => {
  it('doubles per attempt with bounded jitter and a cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 1000, 5000, () => 0))).toEqual([500, 1000, 2000, 2500]);
    expect(backoffDelay(1, 1000, 5000, () => 1)).toBe(1000);
  });

  it('reads retry-after in seconds, HTTP dates and retry-after-ms', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '3' }))).toBe(250);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }), now)).toBe(10_000);
    expect(retryAfterMs(new Headers({}))).toBeUndefined();
  });

  it('marks 429/5xx/529 and network errors retryable, 4xx not', () => {
    const http = (status: number): Error =>
      Object.assign(new Error(`HTTP ${status}`), { status, headers: new Headers() });
    expect(toProviderFailure(http(429), undefined, 't')).toMatchObject({ retryable: true, status: 429 });
    expect(toProviderFailure(http(529), undefined, 't')).toMatchObject({ retryable: true });
    expect(toProviderFailure(http(401), undefined, 't')).toMatchObject({ retryable: false });
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(toProviderFailure(new Error('fetch failed', { cause: reset }), undefined, 't')).toMatchObject({
      retryable: true,
    });
    expect(toProviderFailure(new SyntaxError('Unexpected end of JSON'), undefined, 't')).toMatchObject({
      retryable: true,
    });
    const aborted = new AbortController();
    aborted.abort();
    expect(toProviderFailure(http(500), aborted.signal, 't')).toBeInstanceOf(CancelledError);
  });
});
