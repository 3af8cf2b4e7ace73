import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { requestText, startModelServer } from './model-server.js';
import type { ModelServer } from './model-server.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const anthropic = (s: ModelServer, opts: { timeout?: number } = {}): Anthropic =>
  new Anthropic({ apiKey: 'test-key', baseURL: s.url, maxRetries: 0, timeout: opts.timeout ?? 5000 });
const openai = (s: ModelServer, opts: { timeout?: number } = {}): OpenAI =>
  new OpenAI({ apiKey: 'test-key', baseURL: s.openaiBaseURL, maxRetries: 0, timeout: opts.timeout ?? 5000 });
const ask = { model: 'claude-test', max_tokens: 100, messages: [{ role: 'user' as const, content: 'hello there' }] };

describe('model server: Anthropic Messages API through @anthropic-ai/sdk', () => {
  it('answers non-streaming text with usage including cache tokens', async () => {
    server = await startModelServer([{ text: 'hi!', usage: { input: 11, output: 3, cacheRead: 5, cacheWrite: 7 } }]);
    const message = await anthropic(server).messages.create({ ...ask, system: 'be brief' });
    expect(message.content).toEqual([{ type: 'text', text: 'hi!' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage).toMatchObject({
      input_tokens: 11,
      output_tokens: 3,
      cache_read_input_tokens: 5,
      cache_creation_input_tokens: 7,
    });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.api).toBe('anthropic');
    const headers = server.requests[0]?.headers ?? {};
    expect(headers['x-api-key'] ?? headers.authorization).toMatch(/test-key/);
    expect(requestText(server.requests[0]!)).toContain('be brief');
  });

  it('turns a json reply into the forced tool call', async () => {
    server = await startModelServer([{ json: { score: 4 } }]);
    const message = await anthropic(server).messages.create({
      ...ask,
      tools: [{ name: 'grade', input_schema: { type: 'object', properties: { score: { type: 'number' } } } }],
      tool_choice: { type: 'tool', name: 'grade' },
    });
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content[0]).toMatchObject({ type: 'tool_use', name: 'grade', input: { score: 4 } });
  });

  it('streams text and tool_use (input_json_delta) over SSE, also on ?beta=true', async () => {
    server = await startModelServer([
      { text: 'streamed text that is split into pieces', usage: { input: 20, output: 9 } },
      { tool: { name: 'Skill', input: { skill: 'demo' } }, text: 'loading' },
    ]);
    const client = anthropic(server);
    const first = await client.messages.stream({ ...ask }).finalMessage();
    expect(first.content[0]).toMatchObject({ type: 'text', text: 'streamed text that is split into pieces' });
    expect(first.usage.output_tokens).toBe(9);
    expect(first.usage.input_tokens).toBe(20);
    const second = await client.beta.messages.stream({ ...ask }).finalMessage();
    expect(second.content[1]).toMatchObject({ type: 'tool_use', name: 'Skill', input: { skill: 'demo' } });
    expect(second.stop_reason).toBe('tool_use');
    expect(server.requests.map((r) => r.stream)).toEqual([true, true]);
    // The Claude Code binary posts to /v1/messages?beta=true; the route must accept the query.
    const raw = await fetch(`${server.url}/v1/messages?beta=true`, {
      method: 'POST',
      body: JSON.stringify({ ...ask, stream: true }),
    });
    expect(raw.headers.get('content-type')).toBe('text/event-stream');
    expect(await raw.text()).toContain('event: message_stop');
    expect(server.requests[2]?.url).toBe('/v1/messages?beta=true');
  });

  it('injects status faults with retry-after', async () => {
    server = await startModelServer([
      { fault: 'status', status: 429, retryAfter: 7 },
      { fault: 'status', status: 529 },
    ]);
    const client = anthropic(server);
    const limited = await client.messages.create(ask).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(Anthropic.RateLimitError);
    expect((limited as InstanceType<typeof Anthropic.RateLimitError>).headers.get('retry-after')).toBe('7');
    const overloaded = await client.messages.create(ask).catch((e: unknown) => e);
    expect((overloaded as InstanceType<typeof Anthropic.APIError>).status).toBe(529);
  });

  it('injects malformed bodies, resets, cut streams and stalls', async () => {
    server = await startModelServer([
      { fault: 'malformed' },
      { fault: 'reset' },
      { fault: 'cut' },
      { fault: 'cut' },
      // Held far past the client's 500 ms timeout: only that timeout can end the last call.
      { fault: 'stall', ms: 600_000 },
    ]);
    const client = anthropic(server, { timeout: 500 });
    await expect(client.messages.create(ask)).rejects.toThrow();
    await expect(client.messages.create(ask)).rejects.toBeInstanceOf(Anthropic.APIConnectionError);
    await expect(client.messages.create(ask)).rejects.toThrow();
    await expect(client.messages.stream(ask).finalMessage()).rejects.toThrow();
    await expect(client.messages.create(ask)).rejects.toBeInstanceOf(Anthropic.APIConnectionTimeoutError);
    expect(server.requests).toHaveLength(5);
  });

  it('honours per-reply latency and tracks concurrency', async () => {
    // Each reply waits until all three requests have arrived, so three are in flight at once however slow the machine.
    server = await startModelServer(async () => {
      await server!.requestsReached(3);
      return { text: 'slow', delayMs: 80 };
    });
    const client = anthropic(server);
    const started = Date.now();
    await Promise.all([client.messages.create(ask), client.messages.create(ask), client.messages.create(ask)]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    expect(server.maxInFlight).toBe(3);
  });
});

describe('model server: OpenAI Chat Completions through the openai SDK', () => {
  it('answers text and json_schema requests', async () => {
    server = await startModelServer(({ body }) => (body.response_format ? { json: { verdict: 'A' } } : 'plain'));
    const client = openai(server);
    const plain = await client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(plain.choices[0]?.message.content).toBe('plain');
    expect(plain.usage?.prompt_tokens).toBeGreaterThan(0);
    const structured = await client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'hi' }],
      response_format: { type: 'json_schema', json_schema: { name: 'v', schema: { type: 'object' }, strict: true } },
    });
    expect(JSON.parse(structured.choices[0]?.message.content ?? '')).toEqual({ verdict: 'A' });
    expect(server.requests[1]?.api).toBe('openai');
    expect(server.requests[1]?.headers.authorization).toBe('Bearer test-key');
  });

  it('answers tool calls, reports cached tokens, and streams with usage', async () => {
    server = await startModelServer([
      { tool: { name: 'grade', input: { score: 2 } }, usage: { input: 10, output: 4, cacheRead: 6 } },
      { text: 'a streamed answer', usage: { input: 3, output: 5 } },
    ]);
    const client = openai(server);
    const call = await client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'hi' }],
    });
    const toolCall = call.choices[0]?.message.tool_calls?.[0];
    expect(toolCall?.type === 'function' ? JSON.parse(toolCall.function.arguments) : undefined).toEqual({ score: 2 });
    expect(call.usage).toMatchObject({
      prompt_tokens: 16,
      completion_tokens: 4,
      prompt_tokens_details: { cached_tokens: 6 },
    });
    const stream = await client.chat.completions.create({
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let completionTokens = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      completionTokens = chunk.usage?.completion_tokens ?? completionTokens;
    }
    expect(text).toBe('a streamed answer');
    expect(completionTokens).toBe(5);
  });

  it('returns OpenAI-shaped errors for status faults', async () => {
    server = await startModelServer([{ fault: 'status', status: 429, retryAfter: 1 }]);
    const error = await openai(server)
      .chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('1');
  });
});

describe('model server: bookkeeping', () => {
  it('answers unknown paths with 404 and records them apart', async () => {
    server = await startModelServer();
    const response = await fetch(`${server.url}/v1/models`);
    expect(response.status).toBe(404);
    expect(server.unknownRequests).toEqual([{ method: 'GET', url: '/v1/models' }]);
    expect(server.requests).toHaveLength(0);
  });

  it('lets the script be swapped between phases', async () => {
    server = await startModelServer(['one']);
    const client = anthropic(server);
    server.setScript(() => 'two');
    const message = await client.messages.create(ask);
    expect(message.content[0]).toMatchObject({ text: 'two' });
  });
});
