/**
 * Fault injection through the real SDKs: every transient fault must end in the same answer, usage
 * and cost as a clean run, only with more attempts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CancelledError, NotMeasuredError, ProviderError } from '../../src/errors.js';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { createOpenAiCompatibleProvider } from '../../src/providers/openai-compatible.js';
import { ReliableProvider } from '../../src/providers/reliable.js';
import type { Provider } from '../../src/providers/types.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply } from '../support/model-server.js';
import { anthropicEnv, fastReliability, goodVerdict, judgeRequest, openaiEnv } from '../support/provider-fixtures.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const backends: Record<string, (s: ModelServer) => Provider> = {
  anthropic: (s) => createAnthropicProvider({ env: anthropicEnv(s) }),
  'anthropic (streaming)': (s) => createAnthropicProvider({ env: anthropicEnv(s), streaming: true }),
  'openai-compatible': (s) => createOpenAiCompatibleProvider({ env: openaiEnv(s) }),
};

const good: Reply = { json: goodVerdict, usage: { input: 900, output: 120, cacheRead: 50 } };
const faults: Record<string, Reply> = {
  '429 with retry-after': { fault: 'status', status: 429, retryAfter: 1 },
  '500': { fault: 'status', status: 500 },
  '529 overloaded': { fault: 'status', status: 529 },
  'stall past the timeout': { fault: 'stall', ms: 5000 },
  'malformed JSON body': { fault: 'malformed' },
  'JSON that is not a reply': { fault: 'not-a-reply' },
  'cut stream / body': { fault: 'cut' },
  'connection reset': { fault: 'reset' },
};

describe.each(Object.entries(backends))('%s: faults do not change results', (_label, make) => {
  it.each(Object.entries(faults))('%s', async (name, fault) => {
    server = await startModelServer([good]);
    // A short timeout only for the faulty call of the stall, whose answering attempt finds the SDK loaded: the clean
    // call loads it inside its first attempt, which on a busy machine outlasted even 5 s.
    const options = fastReliability(name.startsWith('stall') ? { timeoutMs: 800 } : {});
    const clean = await new ReliableProvider(make(server), fastReliability()).complete({
      ...judgeRequest,
      model: 'claude-haiku-5-5',
    });

    server.setScript(({ index }) => (index === 1 ? fault : good));
    const faulty = await new ReliableProvider(make(server), options).complete({
      ...judgeRequest,
      model: 'claude-haiku-5-5',
    });

    expect(clean.ok && clean.value).toEqual(goodVerdict);
    expect(faulty.ok && faulty.value).toEqual(clean.ok && clean.value);
    expect(faulty.usage).toEqual(clean.usage);
    expect(faulty.costUsd).toBe(clean.costUsd);
    expect(faulty.model).toBe(clean.model);
    expect([clean.attempts, faulty.attempts]).toEqual([1, 2]);
    expect(server.requests).toHaveLength(3);
    if (name.startsWith('429')) expect(options.waits).toEqual([1000]);
    else if (name !== 'stall past the timeout') expect(options.waits).toEqual([8]); // 10 ms base, jitter 0.5 -> 5 + 2.5
  });
});

describe('reliability layer', () => {
  const anthropic = (s: ModelServer): Provider => createAnthropicProvider({ env: anthropicEnv(s) });

  it('survives every fault in a row, then answers', async () => {
    server = await startModelServer([...Object.values(faults), good]);
    // The retry-after cap defaults to the timeout; the 429's 1 s hint must stay under it while the stall is cut at 800
    // ms.
    const provider = new ReliableProvider(
      anthropic(server),
      fastReliability({ timeoutMs: 800, maxRetryAfterMs: 5000, maxRetries: 8 }),
    );
    const result = await provider.complete(judgeRequest);
    expect(result.ok && result.value).toEqual(goodVerdict);
    expect(result.attempts).toBe(Object.keys(faults).length + 1);
  });

  it('does not retry a 400 and throws a ProviderError with the status', async () => {
    server = await startModelServer([{ fault: 'status', status: 400, message: 'bad schema' }]);
    const error = await new ReliableProvider(anthropic(server), fastReliability())
      .complete(judgeRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(400);
    expect((error as ProviderError).message).toContain('bad schema');
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after maxRetries and says how many attempts it made', async () => {
    server = await startModelServer([{ fault: 'status', status: 503 }]);
    const options = fastReliability({ maxRetries: 2 });
    const error = await new ReliableProvider(anthropic(server), options)
      .complete(judgeRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/gave up after 3 attempts/);
    expect(server.requests).toHaveLength(3);
    expect(options.waits).toEqual([8, 15]); // exponential: 10 then 20 ms, each with 0.5 jitter
  });

  it('fails at once when retry-after exceeds the cap instead of hanging', async () => {
    server = await startModelServer([{ fault: 'status', status: 429, retryAfter: 3600 }]);
    const provider = new ReliableProvider(anthropic(server), fastReliability({ maxRetryAfterMs: 60_000 }));
    await expect(provider.complete(judgeRequest)).rejects.toThrow(
      '(gave up after 1 attempt: the server asked to wait 3600 s (retry-after), more than the 60 s a call waits)',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('makes zero requests when cancelled before starting', async () => {
    server = await startModelServer([good]);
    const controller = new AbortController();
    controller.abort();
    const provider = new ReliableProvider(anthropic(server), fastReliability());
    await expect(provider.complete({ ...judgeRequest, signal: controller.signal })).rejects.toBeInstanceOf(
      CancelledError,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('cancels an in-flight request without retrying it', async () => {
    // The request is never answered and no attempt timeout comes before the test's limit: only the cancel ends it.
    server = await startModelServer([{ fault: 'stall', ms: 600_000 }]);
    const controller = new AbortController();
    const provider = new ReliableProvider(anthropic(server), fastReliability());
    void server.requestsReached(1).then(() => controller.abort());
    await expect(provider.complete({ ...judgeRequest, signal: controller.signal })).rejects.toBeInstanceOf(
      CancelledError,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('cancels during a backoff wait (real sleep)', async () => {
    // A wait longer than the test's limit: only the cancel can end it in time.
    server = await startModelServer([{ fault: 'status', status: 429, retryAfter: 600 }]);
    const controller = new AbortController();
    // Cancelled once the wait has begun (announced by onRetry), not after a fixed delay a slow first call outlasts.
    let retries = 0;
    const provider = new ReliableProvider(anthropic(server), {
      baseDelayMs: 10,
      maxRetryAfterMs: 600_000,
      onRetry: () =>
        queueMicrotask(() => {
          retries += 1;
          controller.abort();
        }),
    });
    await expect(provider.complete({ ...judgeRequest, signal: controller.signal })).rejects.toBeInstanceOf(
      CancelledError,
    );
    expect(retries).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('keeps at most 4 requests in flight by default', async () => {
    // Each answer waits for its wave of four to arrive, so the peak does not depend on how fast a busy machine sends:
    // a limit above 4 shows as a higher peak, one below 4 never completes a wave.
    const started = await startModelServer(async ({ index }) => {
      await started.requestsReached(Math.min(12, (Math.floor(index / 4) + 1) * 4));
      return good;
    });
    server = started;
    const provider = new ReliableProvider(anthropic(server), fastReliability());
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => provider.complete({ ...judgeRequest, sampleIndex: i })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(server.maxInFlight).toBe(4);
  });

  it('halves concurrency on 429 and creeps back up after successes', async () => {
    server = await startModelServer(({ index }) =>
      index < 2 ? { fault: 'status', status: 429, retryAfter: 0 } : good,
    );
    const provider = new ReliableProvider(anthropic(server), fastReliability({ concurrency: 8 }));
    await Promise.all([provider.complete(judgeRequest), provider.complete(judgeRequest)]);
    expect(provider.limiter.limit).toBeLessThan(8);
    const lowered = provider.limiter.limit;
    for (let i = 0; i < 40; i++) await provider.complete(judgeRequest);
    expect(provider.limiter.limit).toBeGreaterThan(lowered);
    expect(provider.limiter.limit).toBeLessThanOrEqual(8);
  });
});

describe('fail fast: failures no retry can fix stop the provider (NotMeasuredError)', () => {
  const fatal: [string, Reply, RegExp][] = [
    [
      '401',
      { fault: 'status', status: 401, message: 'invalid x-api-key' },
      /authentication failed \(HTTP 401: .*invalid x-api-key.*\); check the API key/,
    ],
    [
      '403',
      { fault: 'status', status: 403, message: 'model not allowed' },
      /permission denied \(HTTP 403: .*model not allowed/,
    ],
    [
      '404 unknown model',
      { fault: 'status', status: 404, message: 'model: claude-nope' },
      /not found \(HTTP 404: .*claude-nope.*\); the model name is unknown there/,
    ],
  ];
  describe.each(Object.entries(backends))('%s', (_label, make) => {
    it.each(fatal)(
      '%s: one request, a message naming provider, endpoint and cause; later calls make no request',
      async (_name, reply, cause) => {
        server = await startModelServer([reply]);
        const provider = new ReliableProvider(make(server), fastReliability());
        const error = await provider.complete(judgeRequest).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(NotMeasuredError);
        const message = (error as Error).message;
        expect(message).toMatch(
          /^could not measure: the (anthropic|openai-compatible\(127\.0\.0\.1:\d+\)) provider at http:\/\/127\.0\.0\.1:\d+/,
        );
        expect(message).toMatch(cause);
        expect(server.requests).toHaveLength(1);
        // The breaker: the next call rejects with the same error without touching the server.
        await expect(provider.complete({ ...judgeRequest, sampleIndex: 1 })).rejects.toBe(error);
        expect(server.requests).toHaveLength(1);
      },
    );
  });

  it('aborts the calls in flight and queued when one call fails fatally', async () => {
    // The second call is never answered and no attempt timeout comes before the test's limit: only the abort that the
    // fatal first answer sets off ends it.
    server = await startModelServer(({ index }) =>
      index === 0 ? { fault: 'status', status: 401 } : { fault: 'stall', ms: 600_000 },
    );
    const provider = new ReliableProvider(
      createAnthropicProvider({ env: anthropicEnv(server) }),
      fastReliability({ concurrency: 2 }),
    );
    const all = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => provider.complete({ ...judgeRequest, sampleIndex: i })),
    );
    expect(all.every((r) => r.status === 'rejected' && r.reason instanceof NotMeasuredError)).toBe(true);
    expect(server.requests.length).toBeLessThanOrEqual(2);
  });

  it('connection refused: two short retries, then NotMeasuredError naming the endpoint', async () => {
    server = await startModelServer([good]);
    const url = server.url;
    await server.close();
    server = undefined;
    const options = fastReliability();
    const provider = new ReliableProvider(
      createAnthropicProvider({ env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: url } }),
      options,
    );
    const error = await provider.complete(judgeRequest).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotMeasuredError);
    expect((error as Error).message).toContain(`the anthropic provider at ${url}`);
    expect((error as Error).message).toMatch(
      /connection refused \(ECONNREFUSED\): nothing is listening there \(gave up after 3 attempts\)/,
    );
    expect(options.waits).toHaveLength(2);
  });

  it('a port fetch refuses (bad port) fails at once, without retries, naming the cause', async () => {
    const options = fastReliability();
    const provider = new ReliableProvider(
      createAnthropicProvider({ env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' } }),
      options,
    );
    const error = await provider.complete(judgeRequest).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotMeasuredError);
    expect((error as Error).message).toMatch(/at http:\/\/127\.0\.0\.1:9: fetch refuses this port/);
    expect(options.waits).toHaveLength(0);
  });

  it('a user cancellation stays a cancellation', async () => {
    server = await startModelServer([{ fault: 'stall', ms: 10_000 }]);
    const controller = new AbortController();
    const provider = new ReliableProvider(
      createAnthropicProvider({ env: anthropicEnv(server) }),
      fastReliability({ timeoutMs: 20_000 }),
    );
    setTimeout(() => controller.abort(), 100);
    await expect(provider.complete({ ...judgeRequest, signal: controller.signal })).rejects.toBeInstanceOf(
      CancelledError,
    );
    expect(provider.fatalError).toBeUndefined();
  });
});
