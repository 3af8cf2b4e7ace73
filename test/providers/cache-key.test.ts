import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CachedProvider, completionCacheKey } from '../../src/providers/cache/cached-provider.js';
import type { CacheKeyProvider } from '../../src/providers/cache/cached-provider.js';
import { ResponseCache } from '../../src/providers/cache/store.js';
import { DEFAULT_MAX_TOKENS } from '../../src/providers/adapter.js';
import { AnthropicAdapter, createAnthropicProvider } from '../../src/providers/anthropic.js';
import { ClaudeCodeAdapter } from '../../src/providers/claude-code.js';
import { createProvider } from '../../src/providers/provider-stack.js';
import { OpenAiCompatibleAdapter, createOpenAiCompatibleProvider } from '../../src/providers/openai-compatible.js';
import { selectProvider } from '../../src/providers/select.js';
import type { CompletionRequest, ProviderEndpoint } from '../../src/providers/types.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import {
  anthropicEnv,
  fastReliability,
  goodVerdict,
  judgeRequest,
  openaiEnv,
  verdictSchema,
} from '../support/provider-fixtures.js';
import { tempTree } from '../support/tmp.js';

const root = tempTree('plugin-eval-cache-key-').root;
const servers: ModelServer[] = [];
const caches: ResponseCache[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const c of caches.splice(0)) c.close();
});
let dirs = 0;
const openCache = async (): Promise<ResponseCache> => {
  const cache = await ResponseCache.open({ dir: join(root, `c${++dirs}`) });
  caches.push(cache);
  return cache;
};
const serve = async (): Promise<ModelServer> => {
  const server = await startModelServer([{ json: goodVerdict }]);
  servers.push(server);
  return server;
};

const endpoint: ProviderEndpoint = {
  kind: 'anthropic',
  baseURL: 'https://gateway.example/anthropic',
  options: { structuredOutput: 'tool' },
};
const provider = { name: 'anthropic', endpoint };
/** Every field that changes the answer set to a non-default value. */
const base: CompletionRequest<unknown> = {
  model: 'sonnet',
  system: 'You grade skills.',
  messages: [
    { role: 'user', content: 'Grade this SKILL.md: ...' },
    { role: 'assistant', content: '{"score": 9}' },
    { role: 'user', content: 'The score must be 1-5.' },
  ],
  schema: verdictSchema,
  schemaName: 'verdict',
  temperature: 0.2,
  maxTokens: 300,
  sampleIndex: 2,
};
const keyOf = (p: CacheKeyProvider, r: CompletionRequest<unknown>): string => completionCacheKey(p, r);

describe('the cache key', () => {
  const misses: [what: string, p: CacheKeyProvider, r: CompletionRequest<unknown>][] = [
    ['provider name', { ...provider, name: 'anthropic-2' }, base],
    ['endpoint kind', { ...provider, endpoint: { ...endpoint, kind: 'claude-code' } }, base],
    ['endpoint base URL', { ...provider, endpoint: { ...endpoint, baseURL: 'https://api.anthropic.com' } }, base],
    ['endpoint without a base URL', { ...provider, endpoint: { ...endpoint, baseURL: null } }, base],
    [
      'a provider-specific option',
      { ...provider, endpoint: { ...endpoint, options: { structuredOutput: 'output-format' } } },
      base,
    ],
    ['no endpoint at all', 'anthropic', base],
    ['model', provider, { ...base, model: 'opus' }],
    ['system prompt', provider, { ...base, system: 'You grade skills strictly.' }],
    ['no system prompt', provider, { ...base, system: undefined }],
    [
      'a message text',
      provider,
      { ...base, messages: [{ role: 'user', content: 'Grade this SKILL.md: ....' }, ...base.messages.slice(1)] },
    ],
    [
      'a message role',
      provider,
      { ...base, messages: [{ role: 'assistant', content: 'Grade this SKILL.md: ...' }, ...base.messages.slice(1)] },
    ],
    ['one message fewer', provider, { ...base, messages: base.messages.slice(0, 1) }],
    [
      'answer schema',
      provider,
      { ...base, schema: z.object({ reasons: z.string(), score: z.number().int().min(1).max(10) }) },
    ],
    ['no answer schema', provider, { ...base, schema: undefined }],
    ['schema name', provider, { ...base, schemaName: 'grade' }],
    ['max tokens', provider, { ...base, maxTokens: 301 }],
    ['temperature', provider, { ...base, temperature: 0.3 }],
    ['default temperature', provider, { ...base, temperature: undefined }],
    ['sample index', provider, { ...base, sampleIndex: 3 }],
    ['a field this version does not know', provider, { ...base, topP: 0.9 } as CompletionRequest<unknown>],
  ];

  it.each(misses)('changes with the %s', (_what, p, r) => {
    expect(keyOf(p, r)).not.toBe(keyOf(provider, base));
  });

  it('is different for every one of those changes', () => {
    const keys = new Set([keyOf(provider, base), ...misses.map(([, p, r]) => keyOf(p, r))]);
    expect(keys.size).toBe(misses.length + 1);
  });

  const hits: [what: string, r: CompletionRequest<unknown>, same: CompletionRequest<unknown>][] = [
    ['a cancellation signal and a timeout', base, { ...base, signal: new AbortController().signal, timeoutMs: 5 }],
    [
      'property order',
      base,
      Object.fromEntries(Object.entries(base).reverse()) as unknown as CompletionRequest<unknown>,
    ],
    ['an alias and its model id (Claude backends)', base, { ...base, model: 'claude-sonnet-5-5' }],
    ['temperature left out and the default 0', { ...base, temperature: undefined }, { ...base, temperature: 0 }],
    [
      'max tokens left out and the default',
      { ...base, maxTokens: undefined },
      { ...base, maxTokens: DEFAULT_MAX_TOKENS },
    ],
    ['sample index left out and 0', { ...base, sampleIndex: undefined }, { ...base, sampleIndex: 0 }],
    [
      'schema names that are sent the same',
      { ...base, schemaName: 'my verdict' },
      { ...base, schemaName: 'my_verdict' },
    ],
    [
      'a schema name without a schema (never sent)',
      { ...base, schema: undefined, schemaName: 'a' },
      { ...base, schema: undefined, schemaName: 'b' },
    ],
  ];

  it.each(hits)('ignores %s (the same request)', (_what, r, same) => {
    expect(keyOf(provider, same)).toBe(keyOf(provider, r));
  });

  it('keeps aliases literal on an OpenAI-compatible server, as the adapter sends them', () => {
    const local = {
      name: 'openai-compatible(localhost:11434)',
      endpoint: { kind: 'openai-compatible' as const, baseURL: 'http://localhost:11434/v1', options: {} },
    };
    expect(keyOf(local, { ...base, model: 'sonnet' })).not.toBe(keyOf(local, { ...base, model: 'claude-sonnet-5-5' }));
  });
});

describe('provider endpoints', () => {
  it('name the base URL and the options that change what is sent', () => {
    const anthropic = new AnthropicAdapter({
      env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/x' },
      structuredOutput: 'output-format',
    });
    expect(anthropic.endpoint).toEqual({
      kind: 'anthropic',
      baseURL: 'http://127.0.0.1:9/x',
      options: { structuredOutput: 'output-format' },
    });
    expect(new AnthropicAdapter({ env: { ANTHROPIC_API_KEY: 'k' } }).endpoint.baseURL).toBe(
      'https://api.anthropic.com',
    );
    const openai = new OpenAiCompatibleAdapter({
      env: {},
      baseURL: 'http://localhost:11434/v1',
      structuredOutput: 'prompt',
    });
    expect(openai.endpoint).toEqual({
      kind: 'openai-compatible',
      baseURL: 'http://localhost:11434/v1',
      options: { structuredOutput: 'prompt' },
    });
    const claudeCode = new ClaudeCodeAdapter({
      env: { ANTHROPIC_BASE_URL: 'http://proxy.local' },
      settingSources: ['user'],
    });
    expect(claudeCode.endpoint).toEqual({
      kind: 'claude-code',
      baseURL: 'http://proxy.local',
      options: { settingSources: ['user'], cwd: null },
    });
    expect(new ClaudeCodeAdapter({ env: {} }).endpoint.baseURL).toBeNull();
  });

  it('reach the cache through the reliability and cache layers', async () => {
    const env = { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' };
    const stacked = createProvider(selectProvider({ env }), { env, cache: await openCache() });
    expect(stacked.endpoint).toMatchObject({ kind: 'anthropic', baseURL: 'http://127.0.0.1:9' });
  });
});

describe('one cache shared by two endpoints (real SDK clients, local servers)', () => {
  it("never answers one server with the other server's answer", async () => {
    const [first, second] = [await serve(), await serve()];
    const cache = await openCache();
    const viaFirst = (): CachedProvider =>
      new CachedProvider(
        createProvider(selectProvider({ env: anthropicEnv(first) }), {
          env: anthropicEnv(first),
          reliability: fastReliability(),
        }),
        cache,
      );
    const viaSecond = new CachedProvider(createAnthropicProvider({ env: anthropicEnv(second) }), cache);
    expect(await viaFirst().complete(judgeRequest)).toMatchObject({ ok: true, cached: false });
    expect(await viaSecond.complete(judgeRequest)).toMatchObject({ ok: true, cached: false });
    expect(second.requests).toHaveLength(1);
    // The same endpoint again (a new provider object, as in a second run) is served from the cache.
    expect(await viaFirst().complete(judgeRequest)).toMatchObject({ ok: true, cached: true });
    expect(first.requests).toHaveLength(1);
  });

  it('keeps answers to differently shaped requests apart (structured output as a schema vs in the prompt)', async () => {
    const server = await serve();
    const cache = await openCache();
    const env = openaiEnv(server);
    const jsonSchema = new CachedProvider(createOpenAiCompatibleProvider({ env }), cache);
    const inPrompt = new CachedProvider(createOpenAiCompatibleProvider({ env, structuredOutput: 'prompt' }), cache);
    expect(await jsonSchema.complete(judgeRequest)).toMatchObject({ ok: true, cached: false });
    expect(await inPrompt.complete(judgeRequest)).toMatchObject({ ok: true, cached: false });
    expect(await inPrompt.complete(judgeRequest)).toMatchObject({ ok: true, cached: true });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body.response_format).toBeUndefined();
  });
});
