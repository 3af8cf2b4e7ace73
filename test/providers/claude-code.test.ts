/**
 * The Claude Agent SDK end to end, offline: the bundled `claude` binary is pointed at the scripted
 * server through ANTHROPIC_BASE_URL, with an isolated HOME so no user login or settings are read.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CancelledError, NotMeasuredError } from '../../src/errors.js';
import { createClaudeCodeProvider } from '../../src/providers/claude-code.js';
import { priceCall } from '../../src/providers/pricing.js';
import { ReliableProvider } from '../../src/providers/reliable.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';
import { requestText, startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { fastReliability, goodVerdict, judgeRequest } from '../support/provider-fixtures.js';
import { tempTree } from '../support/tmp.js';

const home = tempTree('plugin-eval-cc-home-').root;
let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const isolatedEnv = (s: ModelServer): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: home,
  CLAUDE_CONFIG_DIR: join(home, '.claude'),
  ANTHROPIC_API_KEY: 'sk-ant-offline-test',
  ANTHROPIC_BASE_URL: s.url,
});

// Each case starts the Claude Code binary once or twice: seconds on an idle machine, much more on a loaded one. What
// the cases wait for are events (replies, the server's requests), so their limit only catches a hang.
describe('claude-code provider (Claude Agent SDK against the scripted server)', () => {
  it(
    'returns a structured verdict parsed from the JSON text reply, with the SDK-reported cost',
    async () => {
      server = await startModelServer([{ text: JSON.stringify(goodVerdict), usage: { input: 1200, output: 80 } }]);
      const provider = createClaudeCodeProvider({ env: isolatedEnv(server) });
      const result = await provider.complete(judgeRequest);
      expect(result).toMatchObject({
        ok: true,
        value: goodVerdict,
        provider: 'claude-code',
        model: 'claude-sonnet-5-5',
        repaired: false,
      });
      expect(result.usage).toMatchObject({ inputTokens: 1200, outputTokens: 80 });
      // Claude Code's own cost figure agrees with our price table.
      expect(result.costUsd).toBeCloseTo(priceCall('claude-sonnet-5-5', result.usage).costUsd, 10);

      expect(server.requests).toHaveLength(1);
      const request = server.requests[0];
      expect(request?.url).toBe('/v1/messages?beta=true');
      expect(request?.stream).toBe(true);
      expect(request?.body.tools).toEqual([]);
      const text = requestText(request!);
      expect(text).toContain('You grade skills.');
      expect(text).toContain('Grade this SKILL.md');
      expect(text).toContain('JSON Schema');
      expect(server.unknownRequests).toEqual([]);
    },
    HANG_LIMIT_MS,
  );

  it(
    'repairs a prose reply with a second single-turn session',
    async () => {
      server = await startModelServer([
        'The skill looks good, I would say 4.',
        { text: '{"reasons":"good","score":4}' },
      ]);
      const result = await createClaudeCodeProvider({ env: isolatedEnv(server) }).complete(judgeRequest);
      expect(result).toMatchObject({ ok: true, value: { reasons: 'good', score: 4 }, repaired: true });
      expect(server.requests).toHaveLength(2);
      const second = requestText(server.requests[1]!);
      expect(second).toContain('<conversation_so_far>');
      expect(second).toContain('The skill looks good');
      expect(second).toContain('not JSON');
    },
    HANG_LIMIT_MS,
  );

  it(
    'surfaces a 429 as retryable so the reliability layer retries it',
    async () => {
      server = await startModelServer([
        { fault: 'status', status: 429, retryAfter: 0 },
        { text: JSON.stringify(goodVerdict) },
      ]);
      // Starting the Claude Code binary can take many seconds on a loaded 2-core machine: a per-call timeout would
      // turn slowness into an extra retry and make the attempt count flaky (fastReliability sets none that matters).
      const options = fastReliability();
      const provider = new ReliableProvider(createClaudeCodeProvider({ env: isolatedEnv(server) }), options);
      const result = await provider.complete(judgeRequest);
      expect(result).toMatchObject({ ok: true, value: goodVerdict, attempts: 2 });
      expect(server.requests).toHaveLength(2);
      expect(provider.limiter.limit).toBe(2);
    },
    HANG_LIMIT_MS,
  );

  it(
    'cancels a stalled session promptly',
    async () => {
      // Never answered within the test's limit: only the cancel can end the session in time.
      server = await startModelServer([{ fault: 'stall', ms: 600_000 }]);
      const controller = new AbortController();
      const provider = createClaudeCodeProvider({ env: isolatedEnv(server) });
      const pending = provider.complete({ ...judgeRequest, signal: controller.signal });
      // Abort once the binary has actually sent its request (or has failed first: the assertion below says how).
      await Promise.race([server.requestsReached(1), pending.catch(() => undefined)]);
      controller.abort();
      await expect(pending).rejects.toBeInstanceOf(CancelledError);
      expect(server.requests).toHaveLength(1);
    },
    HANG_LIMIT_MS,
  );

  it(
    'not logged in (no key, no login): NotMeasuredError at once, no request, a message saying how to log in',
    async () => {
      server = await startModelServer([{ text: JSON.stringify(goodVerdict) }]);
      const env = {
        PATH: process.env.PATH,
        HOME: home,
        CLAUDE_CONFIG_DIR: join(home, '.claude'),
        ANTHROPIC_BASE_URL: server.url,
      };
      const provider = new ReliableProvider(createClaudeCodeProvider({ env }), fastReliability());
      const error = await provider.complete(judgeRequest).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotMeasuredError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^could not measure: the claude-code provider at ${server.url.replace(/\./g, '\\.')} \\(through Claude ` +
            `Code\\): Claude Code is not logged in .*/login`,
        ),
      );
      expect(server.requests).toHaveLength(0);
    },
    HANG_LIMIT_MS,
  );

  it(
    'a refused key (HTTP 401 through Claude Code) is fatal too',
    async () => {
      server = await startModelServer([{ fault: 'status', status: 401, message: 'invalid x-api-key' }]);
      const provider = new ReliableProvider(createClaudeCodeProvider({ env: isolatedEnv(server) }), fastReliability());
      const error = await provider.complete(judgeRequest).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotMeasuredError);
      expect((error as Error).message).toMatch(/authentication failed \(HTTP 401/);
      expect(server.requests).toHaveLength(1);
    },
    HANG_LIMIT_MS,
  );
});
