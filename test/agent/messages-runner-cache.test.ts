/**
 * The messages runner goes through the provider stack, response cache included, so a re-run of an unchanged
 * skill is answered from the cache. Those answers spent nothing: the Monte Carlo layer's usage must count them as
 * cached calls and cached tokens (never charged tokens), while token efficiency still reads what the run consumed.
 * A run whose call failed before any reply spent nothing either, so its cost is known ($0), not "unpriced".
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { score } from '../../src/api/score.js';
import { createProvider } from '../../src/providers/provider-stack.js';
import { ResponseCache } from '../../src/providers/cache/store.js';
import { MONTE_CARLO_LAYER, STATIC_LAYER } from '../../src/pipeline/layers/index.js';
import type { ProviderSelection } from '../../src/providers/select.js';
import { LISTING_HEADER, MessagesRunner } from '../../src/agent/index.js';
import { agentRunsUsage, runTokensOf } from '../../src/monte-carlo/run-monte-carlo.js';
import { requestText, startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { anthropicEnv, fastReliability } from '../support/provider-fixtures.js';
import { tempTree } from '../support/tmp.js';
import { directVerdict, isDirectScore } from '../judge/judge-script.js';

const tree = tempTree('plugin-eval-messages-cache-');
const SKILL = join(
  tree.write(
    'release-notes/SKILL.md',
    '---\nname: release-notes\ndescription: Write release notes from a git log. Use when asked for release ' +
      'notes.\n---\n\n# Release notes\n\nGroup commits by type.\n',
  ),
  '..',
);
const install = { kind: 'skill' as const, dir: SKILL, name: 'release-notes' };
const selection: ProviderSelection = { kind: 'anthropic', reason: 'test', model: undefined, baseURL: undefined };

const PROMPTS = [
  ...['ZEBRA notes for v1', 'ZEBRA notes for v2', 'ZEBRA notes for v3', 'ZEBRA notes for v4', 'ZEBRA notes for v5'].map(
    (query) => ({ query, should_trigger: true }),
  ),
  ...['what is a tag', 'rebase my branch', 'sign my commits', 'list files', 'what is semver'].map((query) => ({
    query,
    should_trigger: false,
  })),
];
const promptsFile = tree.write('prompts.json', JSON.stringify(PROMPTS));

const policy = (r: ScriptRequest): Reply => {
  const text = requestText(r);
  if (text.includes(LISTING_HEADER))
    return { json: { skill: text.includes('ZEBRA') ? 'release-notes' : null }, usage: { input: 300, output: 12 } };
  if (isDirectScore(r)) return directVerdict(4, { input: 50, output: 20 });
  return { text: 'Release notes: done.', usage: { input: 400, output: 40 } };
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(policy);
});
afterAll(async () => server.close());

const stack = (cache: ResponseCache) =>
  createProvider(selection, { env: anthropicEnv(server), reliability: fastReliability(), cache });

describe('the messages runner and the response cache', () => {
  it('a run answered from the cache consumed its tokens but spent nothing: the ledger counts it cached', async () => {
    server.setScript(policy);
    const cache = await ResponseCache.open({ url: ':memory:' });
    try {
      const runner = new MessagesRunner({ provider: stack(cache) });
      const request = { prompt: 'ZEBRA notes for v9', install, model: 'claude-haiku-5-5' };
      const paid = await runner.run(request);
      const before = server.requests.length;
      const replayed = await runner.run(request);
      expect(server.requests.length).toBe(before);
      expect(paid.cached).toBeUndefined();
      // Token efficiency reads what the run consumed: the same both times.
      expect(replayed.usage).toEqual(paid.usage);
      expect(replayed.cached).toEqual({ ...paid.usage, all: true });
      expect(replayed).toMatchObject({ costUsd: 0, priced: true });

      const first = agentRunsUsage([
        { ...runTokensOf(paid), priced: paid.priced, costUsd: paid.costUsd, durationMs: 1 },
      ]);
      const second = agentRunsUsage([
        { ...runTokensOf(replayed), priced: replayed.priced, costUsd: replayed.costUsd, durationMs: 1 },
      ]);
      expect(first).toMatchObject({
        calls: 1,
        cachedCalls: 0,
        inputTokens: 700,
        outputTokens: 52,
        cachedInputTokens: 0,
      });
      expect(second).toMatchObject({
        calls: 1,
        cachedCalls: 1,
        inputTokens: 0,
        outputTokens: 0,
        cachedInputTokens: 700,
        cachedOutputTokens: 52,
        costUsd: 0,
      });
    } finally {
      cache.close();
    }
  });

  it('a cache hit on a model without a price is a known $0, not "unpriced"', async () => {
    server.setScript(policy);
    const cache = await ResponseCache.open({ url: ':memory:' });
    try {
      const runner = new MessagesRunner({ provider: stack(cache) });
      const request = { prompt: 'ZEBRA notes', install, model: 'my-local-model' };
      const paid = await runner.run(request);
      expect(paid.priced).toBe(false);
      const replayed = await runner.run(request);
      expect(replayed).toMatchObject({ priced: true, costUsd: 0 });
      expect(
        agentRunsUsage([
          { ...runTokensOf(replayed), priced: replayed.priced, costUsd: replayed.costUsd, durationMs: 1 },
        ]).costUsd,
      ).toBe(0);
    } finally {
      cache.close();
    }
  });

  it('a run whose only call failed spent nothing: its cost is $0, not unknown', async () => {
    server.setScript([{ fault: 'status', status: 400, message: 'bad request' }]);
    const cache = await ResponseCache.open({ url: ':memory:' });
    try {
      const failed = await new MessagesRunner({ provider: stack(cache) }).run({
        prompt: 'ZEBRA',
        install,
        model: 'claude-haiku-5-5',
      });
      expect(failed).toMatchObject({ status: 'infra', costUsd: 0, priced: true, turns: 0 });
      expect(
        agentRunsUsage([{ ...runTokensOf(failed), priced: failed.priced, costUsd: failed.costUsd, durationMs: 1 }]),
      ).toMatchObject({ unpricedCalls: 0, costUsd: 0 });
    } finally {
      cache.close();
    }
  });

  it('Monte Carlo re-run from the cache: the layer reports cached calls and no charged tokens, the same token efficiency', async () => {
    server.setScript(policy);
    const cache = await ResponseCache.open({ url: ':memory:' });
    try {
      const deep = async () => {
        const provider = stack(cache);
        const run = await score([SKILL], {
          depth: 'deep',
          layers: [STATIC_LAYER, MONTE_CARLO_LAYER],
          judge: { provider, model: 'claude-haiku-5-5' },
          monteCarlo: {
            runner: new MessagesRunner({ provider }),
            promptsFile,
            maxRuns: 10,
            adaptive: false,
            concurrency: 2,
            model: 'claude-haiku-5-5',
          },
        });
        const result = run.results[0]!;
        return {
          usage: result.layers.find((l) => l.name === 'monte_carlo')!.usage!,
          efficiency: result.dimensions.find((d) => d.name === 'token_efficiency')!.score,
        };
      };
      const paid = await deep();
      const requests = server.requests.length;
      const replayed = await deep();
      expect(server.requests.length).toBe(requests);
      // 10 runs (5 of them two calls) and 5 grading calls, all paid the first time and all from the cache the second.
      expect(paid.usage).toMatchObject({
        calls: 15,
        cachedCalls: 0,
        inputTokens: 10 * 300 + 5 * 400 + 5 * 50,
        cachedInputTokens: 0,
      });
      expect(replayed.usage).toMatchObject({ calls: 15, cachedCalls: 15, inputTokens: 0, outputTokens: 0, costUsd: 0 });
      expect(replayed.usage.cachedInputTokens).toBe(paid.usage.inputTokens);
      expect(replayed.usage.cachedOutputTokens).toBe(paid.usage.outputTokens);
      expect(replayed.efficiency).toBe(paid.efficiency);
    } finally {
      cache.close();
    }
  });
});
