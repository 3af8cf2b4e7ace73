import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CachedProvider, completionCacheKey } from '../../src/providers/cache/cached-provider.js';
import { canonicalJson } from '../../src/util/hash.js';
import { ResponseCache } from '../../src/providers/cache/store.js';
import { defaultCacheDir } from '../../src/util/cache-dir.js';
import { createProvider } from '../../src/providers/provider-stack.js';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { selectProvider } from '../../src/providers/select.js';
import { UsageLedger } from '../../src/providers/pricing.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { anthropicEnv, fastReliability, goodVerdict, judgeRequest } from '../support/provider-fixtures.js';
import { tempTree } from '../support/tmp.js';

const root = tempTree('plugin-eval-cache-test-').root;
let server: ModelServer | undefined;
const opened: ResponseCache[] = [];
const openCache = async (dir: string, extra: { ttlMs?: number; now?: () => number } = {}): Promise<ResponseCache> => {
  const cache = await ResponseCache.open({ dir, ...extra });
  opened.push(cache);
  return cache;
};
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const cache of opened.splice(0)) cache.close();
});

let dirCount = 0;
const freshDir = (): string => join(root, `c${++dirCount}`);

describe('response cache', () => {
  it('serves a second run entirely from the cache: zero requests, cached: true, no cost', async () => {
    server = await startModelServer([{ json: goodVerdict, usage: { input: 100, output: 10 } }]);
    const dir = freshDir();
    const env = { ...anthropicEnv(server), PLUGIN_EVAL_CACHE_DIR: dir };
    const selection = selectProvider({ env });
    const run = async (): Promise<{
      results: Awaited<ReturnType<ReturnType<typeof createProvider>['complete']>>[];
      ledger: UsageLedger;
    }> => {
      const cache = await ResponseCache.open({ env });
      const provider = createProvider(selection, { env, cache, reliability: fastReliability() });
      const ledger = new UsageLedger();
      const results = [];
      for (let sample = 0; sample < 3; sample++) {
        const result = await provider.complete({ ...judgeRequest, sampleIndex: sample });
        ledger.record(result);
        results.push(result);
      }
      cache.close();
      return { results, ledger };
    };

    const first = await run();
    expect(server.requests).toHaveLength(3); // sampleIndex makes each repeat its own entry
    expect(first.results.every((r) => !r.cached && r.ok)).toBe(true);
    expect(existsSync(join(dir, 'responses.db'))).toBe(true);

    server.requests.length = 0;
    const second = await run();
    expect(server.requests).toHaveLength(0);
    expect(second.results.map((r) => [r.cached, r.attempts, r.costUsd])).toEqual([
      [true, 0, 0],
      [true, 0, 0],
      [true, 0, 0],
    ]);
    expect(second.results.map((r) => r.ok && r.value)).toEqual(first.results.map((r) => r.ok && r.value));
    expect(second.results[0]?.usage).toEqual(first.results[0]?.usage);
    expect(second.ledger.total()).toMatchObject({ calls: 3, cachedCalls: 3, costUsd: 0, inputTokens: 0 });
    expect(first.ledger.total().costUsd).toBeGreaterThan(0);
  });

  it('never caches failures', async () => {
    server = await startModelServer(['nope', 'still nope']);
    const cache = await openCache(freshDir());
    const provider = new CachedProvider(createAnthropicProvider({ env: anthropicEnv(server) }), cache);
    expect((await provider.complete(judgeRequest)).ok).toBe(false);
    server.setScript([{ json: goodVerdict }]);
    const retry = await provider.complete(judgeRequest);
    expect(retry).toMatchObject({ ok: true, cached: false });
    expect((await cache.stats()).entries).toBe(1);
    expect(server.requests).toHaveLength(3);
  });

  it('never caches thrown errors', async () => {
    server = await startModelServer([{ fault: 'status', status: 400 }]);
    const cache = await openCache(freshDir());
    const provider = new CachedProvider(createAnthropicProvider({ env: anthropicEnv(server) }), cache);
    await expect(provider.complete(judgeRequest)).rejects.toThrow();
    expect((await cache.stats()).entries).toBe(0);
  });

  it('expires entries after the TTL', async () => {
    server = await startModelServer([{ json: goodVerdict }]);
    let now = 1_000_000;
    const cache = await openCache(freshDir(), { ttlMs: 1000, now: () => now });
    const provider = new CachedProvider(createAnthropicProvider({ env: anthropicEnv(server) }), cache);
    await provider.complete(judgeRequest);
    now += 999;
    expect((await provider.complete(judgeRequest)).cached).toBe(true);
    now += 2;
    expect((await provider.complete(judgeRequest)).cached).toBe(false);
    expect(server.requests).toHaveLength(2);
  });

  it('counts hits and misses, reports size, and clears', async () => {
    server = await startModelServer([{ json: goodVerdict }]);
    const cache = await openCache(freshDir());
    const provider = new CachedProvider(createAnthropicProvider({ env: anthropicEnv(server) }), cache);
    await provider.complete(judgeRequest);
    await provider.complete(judgeRequest);
    await provider.complete({ ...judgeRequest, sampleIndex: 1 });
    const stats = await cache.stats();
    expect(stats).toMatchObject({ entries: 2, hits: 1, misses: 2 });
    expect(stats.bytes).toBeGreaterThan(0);
    expect(stats.location).toMatch(/responses\.db$/);
    expect(await cache.clear()).toBe(2);
    expect((await cache.stats()).entries).toBe(0);
  });

  it('treats a stored value that no longer validates as a miss', async () => {
    server = await startModelServer([{ json: goodVerdict }]);
    const cache = await openCache(freshDir());
    const provider = new CachedProvider(createAnthropicProvider({ env: anthropicEnv(server) }), cache);
    await provider.complete(judgeRequest);
    // Same JSON Schema, stricter refinement: the cached 4 is no longer acceptable.
    const stricter = { ...judgeRequest, schema: judgeRequest.schema.refine((v) => v.score === 5) };
    expect(completionCacheKey('anthropic', stricter)).toBe(completionCacheKey('anthropic', judgeRequest));
    server.setScript([{ json: { ...goodVerdict, score: 5 } }]);
    const result = await provider.complete(stricter);
    expect(result).toMatchObject({ ok: true, cached: false });
  });

  it('supports refresh (write, no read) and off (neither) modes', async () => {
    server = await startModelServer([{ json: goodVerdict }]);
    const cache = await openCache(freshDir());
    const inner = createAnthropicProvider({ env: anthropicEnv(server) });
    await new CachedProvider(inner, cache, { mode: 'off' }).complete(judgeRequest);
    expect((await cache.stats()).entries).toBe(0);
    await new CachedProvider(inner, cache, { mode: 'refresh' }).complete(judgeRequest);
    await new CachedProvider(inner, cache, { mode: 'refresh' }).complete(judgeRequest);
    expect((await cache.stats()).entries).toBe(1);
    expect(server.requests).toHaveLength(3);
    expect((await new CachedProvider(inner, cache).complete(judgeRequest)).cached).toBe(true);
  });

  it('keeps working when the cache breaks', async () => {
    server = await startModelServer([{ json: goodVerdict }]);
    const cache = await ResponseCache.open({ dir: freshDir() });
    cache.close();
    const errors: unknown[] = [];
    const provider = new CachedProvider(createAnthropicProvider({ env: anthropicEnv(server) }), cache, {
      onError: (e) => errors.push(e),
    });
    expect((await provider.complete(judgeRequest)).ok).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('shares one database between two open handles (WAL)', async () => {
    server = await startModelServer([{ json: goodVerdict }]);
    const dir = freshDir();
    const [a, b] = [await openCache(dir), await openCache(dir)];
    const inner = createAnthropicProvider({ env: anthropicEnv(server) });
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        new CachedProvider(inner, i % 2 ? a : b).complete({ ...judgeRequest, sampleIndex: i }),
      ),
    );
    expect((await a.stats()).entries).toBe(6);
    expect((await new CachedProvider(inner, b).complete({ ...judgeRequest, sampleIndex: 5 })).cached).toBe(true);
  });
});

describe('cache keys', () => {
  it('are canonical: property order does not matter, undefined members are dropped', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: undefined, c: 2 }] })).toBe('{"a":[1,{"c":2}],"b":1}');
    const reordered = {
      schemaName: 'verdict',
      messages: judgeRequest.messages,
      model: 'sonnet',
      system: judgeRequest.system,
      schema: judgeRequest.schema,
      maxTokens: 300,
    };
    expect(completionCacheKey('anthropic', reordered)).toBe(completionCacheKey('anthropic', judgeRequest));
  });

  it('change with anything that can change the answer', () => {
    const base = completionCacheKey('anthropic', judgeRequest);
    const variants = [
      completionCacheKey('claude-code', judgeRequest),
      completionCacheKey('anthropic', { ...judgeRequest, model: 'opus' }),
      completionCacheKey('anthropic', { ...judgeRequest, temperature: 0.5 }),
      completionCacheKey('anthropic', { ...judgeRequest, maxTokens: 301 }),
      completionCacheKey('anthropic', { ...judgeRequest, system: 'other' }),
      completionCacheKey('anthropic', { ...judgeRequest, messages: [{ role: 'user', content: 'other' }] }),
      completionCacheKey('anthropic', { ...judgeRequest, schema: z.object({ score: z.number() }) }),
      completionCacheKey('anthropic', { ...judgeRequest, sampleIndex: 1 }),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
    // An alias and the id it stands for are the same request.
    expect(completionCacheKey('anthropic', { ...judgeRequest, model: 'claude-sonnet-5-5' })).toBe(base);
  });

  it('live under PLUGIN_EVAL_CACHE_DIR, else XDG_CACHE_HOME, else ~/.cache', () => {
    expect(defaultCacheDir({ PLUGIN_EVAL_CACHE_DIR: '/x/y' })).toBe('/x/y');
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/xdg' })).toBe(join('/xdg', 'plugin-eval'));
    expect(defaultCacheDir({})).toMatch(/\.cache[/\\]plugin-eval$/);
  });
});
