import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_MAX_RETRIES, createRunner } from '../../src/agent/runners.js';
import { envForEachTest } from '../support/env.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

/**
 * A dead agent endpoint is an infrastructure error after a bounded number of attempts, not after Claude Code's own
 * ten retries with backoff (~180 s a run). The real Agent SDK and bundled Claude Code, built through the runner table,
 * against the scripted server answering HTTP 500 to everything, and against a port nothing listens on. Asserted by
 * the requests made and the classification, never by the clock.
 */
const tree = tempTree('plugin-eval-dead-endpoint-');
const skillDir = join(
  tree.write(
    'skills/notes/SKILL.md',
    '---\nname: notes\ndescription: Tidies meeting notes. Use when asked to tidy notes.\n---\n\n# Notes\n',
  ),
  '..',
);
let server: ModelServer;
let closedPort: number;
beforeAll(async () => {
  server = await startModelServer(() => ({ fault: 'status', status: 500, message: 'upstream down' }));
  // A port that was just free: bound, read, released, so nothing listens there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => server.close());
envForEachTest(() => ({ ANTHROPIC_API_KEY: 'sk-ant-test', CLAUDE_CODE_MAX_RETRIES: undefined }));

const run = (baseURL: string) =>
  createRunner('claude-agent-sdk', { model: 'haiku', claude: { baseURL, executable: 'bundled' } }).run({
    prompt: 'tidy my notes',
    model: 'haiku',
    install: { kind: 'skill', dir: skillDir, name: 'notes' },
  });

describe('a dead agent endpoint', () => {
  it(
    'HTTP 500 on every request: one attempt and AGENT_MAX_RETRIES retries, then an infrastructure error',
    async () => {
      const result = await run(server.url);
      expect(result.status).toBe('infra');
      expect(result.infraError).toMatchObject({ kind: 'api_error', status: 500 });
      expect(server.requests.length).toBe(1 + AGENT_MAX_RETRIES);
    },
    HANG_LIMIT_MS,
  );

  it(
    'nothing listening: an infrastructure error, never "not activated"',
    async () => {
      const result = await run(`http://127.0.0.1:${closedPort}`);
      expect(result.status).toBe('infra');
      expect(result.activated).toBe(false);
      // Unsandboxed the agent is refused; sandboxed it reaches the relay, which drops the connection it cannot make.
      expect(result.infraError?.message).toMatch(/ECONNREFUSED|Connection refused|ECONNRESET|Connection dropped/);
    },
    HANG_LIMIT_MS,
  );
});
