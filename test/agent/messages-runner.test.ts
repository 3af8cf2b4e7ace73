/**
 * The `messages` runner (a simulation of the agent's routing decision) through the real Anthropic and OpenAI SDK
 * clients, built by createProvider, against the scripted model server.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvider } from '../../src/providers/provider-stack.js';
import { createAgentRunner, LISTING_HEADER, MessagesRunner } from '../../src/agent/index.js';
import type { ProviderSelection } from '../../src/providers/select.js';
import type { AgentRunRequest } from '../../src/agent/types.js';
import { requestText, startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { anthropicEnv, fastReliability, openaiEnv } from '../support/provider-fixtures.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-messages-');
const skillDir = join(
  tree.write(
    'release-notes/SKILL.md',
    '---\nname: release-notes\ndescription: >\n  Write release notes from a git log.\n  Use when asked for ' +
      'release notes.\n---\n\nSKILL-BODY: group commits by type.\n',
  ),
  '..',
);
tree.write('kit/skills/alpha/SKILL.md', '---\nname: alpha\ndescription: Alpha things.\n---\nALPHA-BODY\n');
tree.write('kit/skills/beta/SKILL.md', '---\nname: beta\ndescription: Beta things.\n---\nBETA-BODY\n');
const selection = (kind: ProviderSelection['kind']): ProviderSelection => ({
  kind,
  reason: 'test',
  model: undefined,
  baseURL: undefined,
});
const install = { kind: 'skill' as const, dir: skillDir, name: 'release-notes' };

/** The last user message of a request (what the runner asked about). */
const lastUser = (request: ScriptRequest): string => {
  const messages = request.body.messages as { role: string; content: unknown }[];
  const content = messages.filter((m) => m.role === 'user').at(-1)?.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
};
const isRouting = (request: ScriptRequest): boolean => requestText(request).includes(LISTING_HEADER);

/** Rule: ZEBRA prompts route to release-notes, KIT prompts to the plugin-qualified beta, PDF to another skill. */
const policy = (request: ScriptRequest): Reply => {
  if (!isRouting(request)) return { text: 'ANSWER with the skill loaded', usage: { input: 400, output: 40 } };
  const prompt = lastUser(request);
  const skill = prompt.includes('ZEBRA')
    ? 'release-notes'
    : prompt.includes('KIT')
      ? 'kit:beta'
      : prompt.includes('PDF')
        ? 'pdf'
        : null;
  return { json: { skill }, usage: { input: 300, output: 12, cacheRead: 100, cacheWrite: 7 } };
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(policy);
});
afterAll(async () => server.close());

const anthropicRunner = (
  reliability = fastReliability(),
  extra: { otherSkills?: { name: string; description: string }[] } = {},
): MessagesRunner =>
  new MessagesRunner({
    provider: createProvider(selection('anthropic'), { env: anthropicEnv(server), reliability }),
    ...extra,
  });
const openaiRunner = (): MessagesRunner =>
  new MessagesRunner({
    provider: createProvider(selection('openai-compatible'), {
      env: openaiEnv(server),
      reliability: fastReliability(),
    }),
  });
const request = (prompt: string, extra: Partial<AgentRunRequest> = {}): AgentRunRequest => ({
  prompt,
  install,
  model: 'claude-haiku-5-5',
  ...extra,
});

describe('MessagesRunner over the Anthropic Messages API', () => {
  it('presents the listing as the agent does, routes by rule, then answers with SKILL.md loaded', async () => {
    server.setScript(policy);
    const first = server.requests.length;
    const result = await anthropicRunner().run(request('ZEBRA: notes for v1.2'));
    expect(result).toMatchObject({
      runner: 'messages',
      simulated: true,
      status: 'ok',
      activated: true,
      activatedSkills: ['release-notes'],
      output: 'ANSWER with the skill loaded',
      turns: 2,
    });
    expect(result.activationEvidence).toBe(
      'simulated routing (no agent ran): tool call 1: Skill {"skill":"release-notes"}',
    );
    expect(result.usage).toEqual({ inputTokens: 700, outputTokens: 52, cacheReadTokens: 100, cacheWriteTokens: 7 });
    expect(result.priced).toBe(true);
    expect(result.costUsd).toBeGreaterThan(0);
    const [routing, answer] = server.requests.slice(first);
    expect(routing?.body.system).toContain(
      `${LISTING_HEADER}\n\n- release-notes: Write release notes from a git log. Use when asked for release notes.`,
    );
    expect(routing?.body.tool_choice).toEqual({ type: 'tool', name: 'skill_decision' });
    expect(answer?.body.system).toContain('SKILL-BODY: group commits by type.');
    expect(answer?.body.tools).toBeUndefined();
  });

  it('does not activate (and makes no second call) when the rule picks no skill or another one', async () => {
    server.setScript(policy);
    const first = server.requests.length;
    const none = await anthropicRunner().run(request('What is 2 + 2?'));
    expect(none).toMatchObject({
      status: 'ok',
      activated: false,
      activatedSkills: [],
      output: '',
      turns: 1,
      toolCalls: [],
    });
    const other = await anthropicRunner(fastReliability(), {
      otherSkills: [{ name: 'pdf', description: 'Read PDFs.' }],
    }).run(request('PDF: read this'));
    expect(other).toMatchObject({ status: 'ok', activated: false, activatedSkills: ['pdf'], output: '' });
    expect(server.requests.length - first).toBe(2);
    expect(server.requests.at(-1)?.body.system).toContain('- pdf: Read PDFs.');
  });

  it('lists every skill of a plugin and accepts the plugin-qualified name', async () => {
    server.setScript(policy);
    const result = await anthropicRunner().run(
      request('KIT please', { install: { kind: 'plugin', dir: join(tree.root, 'kit') } }),
    );
    expect(result).toMatchObject({ activated: true, activatedSkills: ['beta'] });
    expect(server.requests.at(-2)?.body.system).toContain('- alpha: Alpha things.\n- beta: Beta things.');
    expect(server.requests.at(-1)?.body.system).toContain('BETA-BODY');
  });
});

describe('MessagesRunner over the OpenAI Chat Completions API', () => {
  it('routes by rule through json_schema structured output', async () => {
    server.setScript(policy);
    const first = server.requests.length;
    const yes = await openaiRunner().run(request('ZEBRA'));
    const no = await openaiRunner().run(request('hello'));
    expect(yes).toMatchObject({ status: 'ok', activated: true, output: 'ANSWER with the skill loaded', turns: 2 });
    expect(no).toMatchObject({ status: 'ok', activated: false, output: '', turns: 1 });
    const routing = server.requests[first];
    expect(routing?.api).toBe('openai');
    expect((routing?.body.response_format as { type: string }).type).toBe('json_schema');
    // OpenAI counts cached tokens inside prompt tokens; the provider reports them apart.
    expect(no.usage).toEqual({ inputTokens: 300, outputTokens: 12, cacheReadTokens: 100, cacheWriteTokens: 0 });
  });
});

describe('MessagesRunner: infrastructure errors are counted apart', () => {
  it.each([
    ['429 after retries', 'rate_limited', { fault: 'status', status: 429, retryAfter: 0 } as Reply, 429],
    ['529 after retries', 'overloaded', { fault: 'status', status: 529 } as Reply, 529],
    ['500 after retries', 'api_error', { fault: 'status', status: 500 } as Reply, 500],
    ['401', 'not_logged_in', { fault: 'status', status: 401 } as Reply, 401],
    ['a cut stream', 'api_error', { fault: 'cut' } as Reply, undefined],
  ])('%s -> infra %s, never activated', async (_label, kind, fault, status) => {
    server.setScript([fault]);
    const result = await anthropicRunner(fastReliability({ maxRetries: 1 })).run(request('ZEBRA'));
    expect(result.status).toBe('infra');
    expect(result.infraError?.kind).toBe(kind);
    expect(result.infraError?.status).toBe(status);
    expect(result.activated).toBe(false);
  });

  it('a reply that gives no decision is infra (no routing decision observed), not "not activated"', async () => {
    server.setScript([{ json: { choice: 'release-notes' } }]);
    const result = await anthropicRunner(fastReliability({ maxRetries: 0 })).run(request('ZEBRA'));
    expect(result.status).toBe('infra');
    expect(result.infraError?.message).toMatch(/^no routing decision: the reply did not validate/);
    expect(result.turns).toBe(1);
  });

  it("the whole-run timeout and the caller's signal give timeout and cancelled", async () => {
    server.setScript([{ fault: 'stall', ms: 10_000 }]);
    const slow = await anthropicRunner(fastReliability({ timeoutMs: 5000 })).run(request('ZEBRA', { timeoutMs: 200 }));
    expect(slow.infraError).toEqual({ kind: 'timeout', message: 'the run did not end within 200 ms' });
    const controller = new AbortController();
    server.setScript(() => {
      controller.abort();
      return { fault: 'stall', ms: 10_000 };
    });
    const stopped = await anthropicRunner().run(request('ZEBRA', { signal: controller.signal }));
    expect(stopped.infraError?.kind).toBe('cancelled');
  });

  it('the factory builds both runners and refuses a messages runner without a provider', () => {
    expect(createAgentRunner('claude-agent-sdk').name).toBe('claude-agent-sdk');
    expect(
      createAgentRunner('messages', { provider: createProvider(selection('anthropic'), { env: anthropicEnv(server) }) })
        .simulated,
    ).toBe(true);
    expect(() => createAgentRunner('messages', {} as never)).toThrow(/needs options.provider/);
    expect(() => createAgentRunner('codex' as never)).toThrow(
      'unknown agent runner "codex"; use claude-agent-sdk or messages',
    );
  });
});
