import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../src/providers/anthropic.js';
import { createOpenAiCompatibleProvider } from '../src/providers/openai-compatible.js';
import { describeCost, sumUsage, UsageLedger, UsageSummary } from '../src/providers/pricing.js';
import { startModelServer, type ModelServer, type Reply, type Script } from './support/model-server.js';
import { anthropicEnv, goodVerdict, judgeRequest, openaiEnv } from './support/provider-fixtures.js';
import { cli } from './support/cli.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, FIXTURES, SCRIPTED_SCORES, judgeScript } from './judge/judge-script.js';
import { judgeScript as toolkitScript } from './judgekit/fake-judge.js';
import { singleResult } from './support/score-json.js';
import { tempTree } from './support/tmp.js';

/**
 * A server (or a proxy) that sends no `usage` leaves a call's tokens and cost unknown, not zero: the ledger counts
 * it in `unreportedCalls`, the cost is null, and every view says "unknown: N call(s) without usage reported"
 * instead of $0.0000. A cache hit of such an answer still spent nothing (a known $0), and its tokens stay unknown.
 */

/** The same script, with every reply's `usage` left out. */
const withoutUsage =
  (script: Script): Script =>
  async (request) => {
    const reply: Reply = await script(request);
    if (typeof reply === 'string') return { text: reply, omitUsage: true };
    return 'fault' in reply ? reply : { ...reply, omitUsage: true };
  };

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('providers: a reply without usage', () => {
  it('openai-compatible: usage not reported, the ledger leaves the cost unknown (a priced model, not $0)', async () => {
    server = await startModelServer([{ json: goodVerdict, omitUsage: true }]);
    const result = await createOpenAiCompatibleProvider({ env: openaiEnv(server) }).complete({
      ...judgeRequest,
      model: 'gpt-4o-mini',
    });
    expect(result).toMatchObject({ ok: true, usageReported: false, priced: true });
    const ledger = new UsageLedger();
    ledger.record(result);
    expect(ledger.total()).toMatchObject({
      calls: 1,
      unreportedCalls: 1,
      unpricedCalls: 0,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: null,
    });
    expect(describeCost(ledger.total())).toBe('unknown: 1 call(s) without usage reported');
  });

  it('openai-compatible: a reply with usage is still counted and priced', async () => {
    server = await startModelServer([{ json: goodVerdict, usage: { input: 1000, output: 500 } }]);
    const result = await createOpenAiCompatibleProvider({ env: openaiEnv(server) }).complete({
      ...judgeRequest,
      model: 'gpt-4o-mini',
    });
    expect(result.usageReported).toBe(true);
    const ledger = new UsageLedger();
    ledger.record(result);
    expect(ledger.total()).toMatchObject({ unreportedCalls: 0, inputTokens: 1000, outputTokens: 500 });
    expect(ledger.total().costUsd).toBeCloseTo((1000 * 0.15 + 500 * 0.6) / 1e6, 12);
  });

  it('anthropic (a gateway without usage): unknown, where it used to throw reading input_tokens of undefined', async () => {
    server = await startModelServer([{ json: goodVerdict, omitUsage: true }]);
    const result = await createAnthropicProvider({ env: anthropicEnv(server) }).complete(judgeRequest);
    expect(result).toMatchObject({ ok: true, value: goodVerdict, usageReported: false });
  });

  it('a repair whose second reply has no usage makes the whole call unreported', async () => {
    server = await startModelServer([
      { text: 'not json', usage: { input: 10, output: 2 } },
      { json: goodVerdict, omitUsage: true },
    ]);
    const result = await createOpenAiCompatibleProvider({ env: openaiEnv(server) }).complete({
      ...judgeRequest,
      model: 'gpt-4o-mini',
    });
    expect(result).toMatchObject({ ok: true, repaired: true, usageReported: false });
    expect(UsageSummary.parse(sumUsage([]))).toMatchObject({ unreportedCalls: 0, costUsd: 0 });
  });
});

describe('the ledger rules', () => {
  const base = {
    ok: true as const,
    value: 'x',
    adjustments: [],
    usage: { inputTokens: 100, outputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 0 },
    latencyMs: 1,
    model: 'gpt-4o-mini',
    provider: 'openai',
    attempts: 1,
    repaired: false,
    text: 'x',
  };

  it('a cache hit of an unreported answer is a known $0, counted apart, its tokens in no cached field', () => {
    const ledger = new UsageLedger();
    ledger.record({
      ...base,
      usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      usageReported: false,
      cached: true,
      costUsd: 0,
      priced: true,
      attempts: 0,
    });
    expect(ledger.total()).toMatchObject({
      calls: 1,
      cachedCalls: 1,
      cachedUnreportedCalls: 1,
      unreportedCalls: 0,
      cachedInputTokens: 0,
      costUsd: 0,
    });
  });

  it('a usage summary saved before the counts existed still reads (judge bias --results), as 0', () => {
    const old = {
      calls: 1,
      cachedCalls: 0,
      failedCalls: 0,
      unpricedCalls: 0,
      inputTokens: 5,
      outputTokens: 1,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      cachedInputTokens: 0,
      cachedOutputTokens: 0,
      costUsd: 0.1,
      latencyMs: 3,
    };
    expect(UsageSummary.parse(old)).toMatchObject({ unreportedCalls: 0, cachedUnreportedCalls: 0, costUsd: 0.1 });
  });

  it('unpriced and unreported are separate counts, and both make the cost unknown', () => {
    const ledger = new UsageLedger();
    ledger.record({ ...base, usageReported: true, cached: false, costUsd: 0, priced: false, model: 'llama3' });
    ledger.record({ ...base, usageReported: false, cached: false, costUsd: 0, priced: true });
    const total = ledger.total();
    expect(total).toMatchObject({ unpricedCalls: 1, unreportedCalls: 1, inputTokens: 100, costUsd: null });
    expect(describeCost(total)).toBe(
      'unknown: 1 call(s) without usage reported; unpriced (1 call(s) to a model without a price)',
    );
    // A summary summed with another keeps the unknown.
    expect(sumUsage([total, { ...total, unpricedCalls: 0, unreportedCalls: 0, costUsd: 1 }]).costUsd).toBeNull();
  });
});

describe('CLI: a judge whose server reports no usage', () => {
  const saved = { ...process.env };
  const cacheDir = tempTree('plugin-eval-unreported-').root;
  beforeAll(() => {
    process.env.PLUGIN_EVAL_CACHE_DIR = cacheDir;
    process.env.OPENAI_API_KEY = 'sk-test';
    delete process.env.ANTHROPIC_API_KEY;
    delete process.env.OPENAI_BASE_URL;
  });
  afterAll(() => {
    process.env = saved;
  });

  const skill = path.join(FIXTURES, 'csv-report');
  const script = () =>
    withoutUsage(
      judgeScript({
        candidate: 'csv-report',
        shouldTrigger: CSV_SHOULD_TRIGGER,
        nearMisses: CSV_NEAR_MISSES,
        score: (d) => SCRIPTED_SCORES[d] ?? 0,
      }),
    );
  const judged = (...args: string[]) => [
    'score',
    skill,
    '--depth',
    'standard',
    '--provider',
    'openai',
    '--base-url',
    server!.openaiBaseURL,
    '--model',
    'gpt-5-mini',
    ...args,
  ];

  it('score --depth standard: cost unknown in JSON, text and notes; a re-run from the cache is a known $0', async () => {
    server = await startModelServer(script());
    const first = await cli(...judged('--output', 'json'));
    expect(first.code === 0 || first.code === 1, first.stderr).toBe(true);
    const r = singleResult(first.stdout);
    const judge = r.layers.find((l) => l.name === 'judge')!;
    expect(judge.usage).toMatchObject({
      calls: server.requests.length,
      unreportedCalls: server.requests.length,
      costUsd: null,
      inputTokens: 0,
    });
    expect(r.usage).toMatchObject({ unreportedCalls: server.requests.length, costUsd: null });
    expect(judge.notes!.join('\n')).toContain(`cost unknown: ${server.requests.length} call(s) without usage reported`);

    const requests = server.requests.length;
    const again = await cli(...judged('--output', 'json'));
    const cached = singleResult(again.stdout).layers.find((l) => l.name === 'judge')!.usage!;
    expect(server.requests.length).toBe(requests);
    expect(cached).toMatchObject({
      cachedCalls: requests,
      cachedUnreportedCalls: requests,
      cachedInputTokens: 0,
      costUsd: 0,
    });
    expect(cached.unreportedCalls).toBeUndefined();

    const text = await cli(...judged('--no-cache'));
    expect(text.stdout).toMatch(/judge layer: .*unknown: \d+ call\(s\) without usage reported/s);
    expect(text.stdout).not.toMatch(/\$0\.0000/);
    const markdown = await cli(...judged('--no-cache', '--output', 'markdown'));
    expect(markdown.stdout).toContain('call(s) without usage reported');
    const html = await cli(...judged('--no-cache', '--output', 'html'));
    expect(html.stdout).toContain('unknown: ');
    expect(html.stdout).toContain('call(s) without usage reported');
  });

  it('judge score: the usage line says the cost is unknown, not $0', async () => {
    server = await startModelServer(withoutUsage(toolkitScript()));
    const out = await cli(
      'judge',
      'score',
      '--provider',
      'openai',
      '--base-url',
      server.openaiBaseURL,
      '--model',
      'gpt-5-mini',
      '--no-cache',
      '--criteria',
      'accuracy',
      '--prompt',
      'Q?',
      '--response',
      'A [accuracy=4]',
    );
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('cost unknown: 1 call(s) without usage reported');
    const json = await cli(
      'judge',
      'score',
      '--provider',
      'openai',
      '--base-url',
      server.openaiBaseURL,
      '--model',
      'gpt-5-mini',
      '--no-cache',
      '--criteria',
      'accuracy',
      '--prompt',
      'Q?',
      '--response',
      'A [accuracy=4]',
      '--output',
      'json',
    );
    expect(JSON.parse(json.stdout).cost).toMatchObject({ unreportedCalls: 1, costUsd: null });
  });
});

describe('Monte Carlo: agent runs whose calls had no usage reported', () => {
  it('an unreported run makes the cost unknown; a run wholly from the cache stays a known $0', async () => {
    const { agentRunsUsage } = await import('../src/monte-carlo/run-monte-carlo.js');
    const run = {
      priced: true,
      costUsd: 0,
      durationMs: 5,
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    };
    const paid = agentRunsUsage([
      { ...run, costUsd: 0.01, inputTokens: 100, outputTokens: 10 },
      { ...run, usageReported: false },
    ]);
    expect(paid).toMatchObject({ calls: 2, unreportedCalls: 1, inputTokens: 100, costUsd: null });
    const hit = agentRunsUsage([
      {
        ...run,
        usageReported: false,
        cached: { all: true, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
      },
    ]);
    expect(hit).toMatchObject({ cachedCalls: 1, cachedUnreportedCalls: 1, unreportedCalls: 0, costUsd: 0 });
  });
});
