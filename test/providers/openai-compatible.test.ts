import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotMeasuredError } from '../../src/errors.js';
import { createOpenAiCompatibleProvider } from '../../src/providers/openai-compatible.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { goodVerdict, judgeRequest, openaiEnv } from '../support/provider-fixtures.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('openai-compatible provider (real openai SDK against the scripted server)', () => {
  it('gets a structured verdict through response_format json_schema', async () => {
    server = await startModelServer([{ json: goodVerdict, usage: { input: 800, output: 100, cacheRead: 200 } }]);
    const provider = createOpenAiCompatibleProvider({ env: { ...openaiEnv(server) } });
    const result = await provider.complete({ ...judgeRequest, model: 'llama3.1:8b', temperature: 0.2 });
    expect(result).toMatchObject({ ok: true, value: goodVerdict, model: 'llama3.1:8b', repaired: false });
    // Custom base URL -> a name that says which server answered.
    expect(result.provider).toMatch(/^openai-compatible\(127\.0\.0\.1:\d+\)$/);
    expect(result.usage).toEqual({ inputTokens: 800, outputTokens: 100, cacheReadTokens: 200, cacheWriteTokens: 0 });
    expect(result.priced).toBe(false);
    expect(result.costUsd).toBe(0);

    const body = server.requests[0]?.body ?? {};
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'verdict',
        strict: true,
        schema: expect.objectContaining({ type: 'object', additionalProperties: false }),
      },
    });
    expect(body.messages).toEqual([
      { role: 'system', content: 'You grade skills.' },
      { role: 'user', content: 'Grade this SKILL.md: ...' },
    ]);
    expect(body.max_tokens).toBe(300);
    expect(body.temperature).toBe(0.2);
  });

  it('turns strict off when the schema has optional fields', async () => {
    server = await startModelServer([{ json: { a: 1 } }]);
    const schema = z.object({ a: z.number(), b: z.string().optional() });
    await createOpenAiCompatibleProvider({ env: openaiEnv(server) }).complete({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      schema,
    });
    expect((server.requests[0]?.body.response_format as { json_schema: { strict: boolean } }).json_schema.strict).toBe(
      false,
    );
  });

  it('prices known OpenAI models, counting cached prompt tokens at the cached rate', async () => {
    server = await startModelServer([{ json: goodVerdict, usage: { input: 1000, output: 500, cacheRead: 1000 } }]);
    const result = await createOpenAiCompatibleProvider({ env: openaiEnv(server) }).complete({
      ...judgeRequest,
      model: 'gpt-4o-mini',
    });
    // gpt-4o-mini: $0.15 in, $0.60 out, $0.075 cached in, per million
    expect(result.costUsd).toBeCloseTo((1000 * 0.15 + 500 * 0.6 + 1000 * 0.075) / 1e6, 12);
    expect(result.priced).toBe(true);
  });

  it('repairs, then reports a failure value', async () => {
    server = await startModelServer(['not json at all', '{"reasons": 3}']);
    const result = await createOpenAiCompatibleProvider({ env: openaiEnv(server) }).complete(judgeRequest);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/does not match the schema/);
    expect(server.requests).toHaveLength(2);
    const repair = server.requests[1]?.body.messages as { role: string; content: string }[];
    expect(repair.at(-2)).toEqual({ role: 'assistant', content: 'not json at all' });
    expect(repair.at(-1)?.content).toMatch(/not JSON/);
  });

  it('supports prompt-only structured output for servers without json_schema', async () => {
    server = await startModelServer(['```json\n{"reasons":"fine","score":"3"}\n```']);
    const provider = createOpenAiCompatibleProvider({ env: openaiEnv(server), structuredOutput: 'prompt' });
    const result = await provider.complete(judgeRequest);
    expect(result.ok && result.value).toEqual({ reasons: 'fine', score: 3 });
    expect(result.ok && result.adjustments).toEqual(['score: "3" read as a number']);
    const body = server.requests[0]?.body ?? {};
    expect(body).not.toHaveProperty('response_format');
    expect((body.messages as { content: string }[])[0]?.content).toContain('JSON Schema');
  });

  it('uses max_completion_tokens and no temperature for reasoning models on api.openai.com', async () => {
    server = await startModelServer(['hi']);
    // Pretend the scripted server is api.openai.com by naming it; the request shape is what matters.
    const provider = createOpenAiCompatibleProvider({ apiKey: 'k', baseURL: server.openaiBaseURL, name: 'openai' });
    await provider.complete({ model: 'gpt-5-mini', messages: [{ role: 'user', content: 'x' }] });
    const body = server.requests[0]?.body ?? {};
    expect(body).not.toHaveProperty('temperature');
    expect(body.max_tokens).toBe(1024);
  });

  it('needs a key only for api.openai.com', () => {
    expect(() => createOpenAiCompatibleProvider({ env: {} })).toThrow(NotMeasuredError);
    expect(() =>
      createOpenAiCompatibleProvider({ env: { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' } }),
    ).not.toThrow();
  });
});
