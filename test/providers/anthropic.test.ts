import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotMeasuredError } from '../../src/errors.js';
import { createAnthropicProvider } from '../../src/providers/anthropic.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { anthropicEnv, goodVerdict, judgeRequest } from '../support/provider-fixtures.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('anthropic provider (real @anthropic-ai/sdk against the scripted server)', () => {
  it('gets a structured verdict through a forced tool call', async () => {
    server = await startModelServer([
      { json: goodVerdict, usage: { input: 1000, output: 200, cacheRead: 500, cacheWrite: 100 } },
    ]);
    const provider = createAnthropicProvider({ env: anthropicEnv(server) });
    const result = await provider.complete(judgeRequest);
    expect(result).toMatchObject({
      ok: true,
      value: goodVerdict,
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      cached: false,
      repaired: false,
      priced: true,
    });
    expect(result.usage).toEqual({ inputTokens: 1000, outputTokens: 200, cacheReadTokens: 500, cacheWriteTokens: 100 });
    // sonnet 5.5: $2 in, $10 out, $0.10 cache read, $2.50 cache write per million tokens
    expect(result.costUsd).toBeCloseTo((1000 * 2 + 200 * 10 + 500 * 0.1 + 100 * 2.5) / 1e6, 12);

    const body = server.requests[0]?.body ?? {};
    expect(body.model).toBe('claude-sonnet-5-5');
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'verdict' });
    expect(body.tools).toEqual([
      expect.objectContaining({
        name: 'verdict',
        input_schema: expect.objectContaining({ type: 'object', required: ['reasons', 'score'] }),
      }),
    ]);
    expect(body.system).toBe('You grade skills.');
    expect(body.max_tokens).toBe(300);
    expect(body).not.toHaveProperty('temperature');
  });

  it('works the same over SSE streaming', async () => {
    server = await startModelServer([{ json: goodVerdict, usage: { input: 10, output: 5 } }]);
    const provider = createAnthropicProvider({ env: anthropicEnv(server), streaming: true });
    const result = await provider.complete(judgeRequest);
    expect(result).toMatchObject({ ok: true, value: goodVerdict, usage: { inputTokens: 10, outputTokens: 5 } });
    expect(server.requests[0]?.stream).toBe(true);
  });

  it('treats an out-of-range score as invalid: one repair request, then not measured (never clamped)', async () => {
    server = await startModelServer([{ json: { reasons: 'superb', score: 9 } }]);
    const result = await createAnthropicProvider({ env: anthropicEnv(server) }).complete(judgeRequest);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/score/);
    expect(!result.ok && result.reason).toMatch(/after one repair request/);
    expect(server.requests).toHaveLength(2);
    const messages = server.requests[1]?.body.messages as { role: string; content: string }[];
    expect(messages[1]?.content).toBe('{"reasons":"superb","score":9}');
  });

  it('accepts the repaired in-range score after an out-of-range one', async () => {
    server = await startModelServer([{ json: { reasons: 'superb', score: 9 } }, { json: goodVerdict }]);
    const result = await createAnthropicProvider({ env: anthropicEnv(server) }).complete(judgeRequest);
    expect(result).toMatchObject({ ok: true, value: goodVerdict, repaired: true });
  });

  it('repairs an invalid reply once, quoting the validation error', async () => {
    server = await startModelServer([{ json: { score: 3 } }, { json: goodVerdict }]);
    const result = await createAnthropicProvider({ env: anthropicEnv(server) }).complete(judgeRequest);
    expect(result).toMatchObject({ ok: true, value: goodVerdict, repaired: true });
    expect(server.requests).toHaveLength(2);
    const messages = server.requests[1]?.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[1]?.content).toBe('{"score":3}');
    expect(messages[2]?.content).toContain('reasons');
    // Usage covers both calls.
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('returns a failure value (not a throw) when the repair also fails', async () => {
    server = await startModelServer([{ json: { score: 'high' } }, 'I cannot grade this.']);
    const result = await createAnthropicProvider({ env: anthropicEnv(server) }).complete(judgeRequest);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/not JSON/);
    expect(!result.ok && result.reason).toMatch(/after one repair request/);
    expect(server.requests).toHaveLength(2);
  });

  it('parses a fenced JSON text reply when the model ignores the tool', async () => {
    server = await startModelServer(['Here you go:\n```json\n{"reasons": "ok", "score": 2}\n```']);
    const result = await createAnthropicProvider({ env: anthropicEnv(server) }).complete(judgeRequest);
    expect(result.ok && result.value).toEqual({ reasons: 'ok', score: 2 });
  });

  it('wraps non-object schemas for the tool and unwraps the answer', async () => {
    server = await startModelServer([{ json: { value: [1, 2, 3] } }]);
    const result = await createAnthropicProvider({ env: anthropicEnv(server) }).complete({
      ...judgeRequest,
      schema: z.array(z.number()),
    });
    expect(result.ok && result.value).toEqual([1, 2, 3]);
  });

  it('can use output_config.format instead of a forced tool', async () => {
    server = await startModelServer([{ json: goodVerdict }]);
    const result = await createAnthropicProvider({
      env: anthropicEnv(server),
      structuredOutput: 'output-format',
    }).complete(judgeRequest);
    expect(result.ok && result.value).toEqual(goodVerdict);
    expect(server.requests[0]?.body.output_config).toMatchObject({ format: { type: 'json_schema' } });
    expect(server.requests[0]?.body).not.toHaveProperty('tool_choice');
  });

  it('returns plain text when no schema is given', async () => {
    server = await startModelServer(['just text']);
    const result = await createAnthropicProvider({ env: anthropicEnv(server) }).complete({
      model: 'haiku',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(result).toMatchObject({ ok: true, value: 'just text', model: 'claude-haiku-5-5' });
  });

  it('honours an explicit baseURL over the environment', async () => {
    server = await startModelServer(['explicit']);
    const provider = createAnthropicProvider({
      apiKey: 'k',
      baseURL: server.url,
      env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' },
    });
    const result = await provider.complete({ model: 'haiku', messages: [{ role: 'user', content: 'hi' }] });
    expect(result.ok && result.value).toBe('explicit');
  });

  it('refuses to start without a key', () => {
    expect(() => createAnthropicProvider({ env: {} })).toThrow(NotMeasuredError);
  });
});
