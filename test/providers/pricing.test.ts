import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICES,
  UsageLedger,
  UsageSummary,
  costOfUsage,
  emptyUsage,
  findPrice,
  formatCost,
  priceCall,
  priceOverridesSchema,
  sumUsage,
  usageOfCall,
  withPriceOverrides,
} from '../../src/providers/pricing.js';
import { MODEL_ALIASES, resolveModel } from '../../src/providers/models.js';
import type { CompletionResult } from '../../src/providers/types.js';

const usage = (inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0) => ({
  inputTokens,
  outputTokens,
  cacheReadTokens,
  cacheWriteTokens,
});

describe('prices', () => {
  it('computes cost from known usage', () => {
    // opus 5.5: $4 in, $20 out, $0.20 cache read, $5 cache write per million tokens
    expect(priceCall('claude-opus-5-5', usage(2_000_000, 500_000, 1_000_000, 100_000))).toEqual({
      costUsd: 8 + 10 + 0.2 + 0.5,
      priced: true,
    });
    expect(priceCall('claude-sonnet-5-5', usage(1234, 567)).costUsd).toBeCloseTo((1234 * 2 + 567 * 10) / 1e6, 12);
  });

  it('switches to long-context rates above the threshold (haiku 5.5)', () => {
    const price = findPrice('claude-haiku-5-5');
    expect(price).toBeDefined();
    expect(costOfUsage(usage(100_000, 1000), price!)).toBeCloseTo((100_000 * 0.1 + 1000 * 0.5) / 1e6, 12);
    expect(costOfUsage(usage(90_000, 1000, 20_000), price!)).toBeCloseTo(
      (90_000 * 0.5 + 1000 * 2.5 + 20_000 * 0.05) / 1e6,
      12,
    );
  });

  it('finds dated ids and versioned suffixes, and reports unknown models as unpriced', () => {
    expect(findPrice('claude-haiku-4-5-20251001')).toBe(DEFAULT_PRICES['claude-haiku-4-5']);
    expect(findPrice('gpt-4o-mini-2024-07-18')).toBe(DEFAULT_PRICES['gpt-4o-mini']);
    expect(findPrice('gpt-4o-2024-08-06')).toBe(DEFAULT_PRICES['gpt-4o']);
    expect(priceCall('llama3.1:8b', usage(10, 10))).toEqual({ costUsd: 0, priced: false });
  });

  it('accepts validated overrides, defaulting cache prices to the input price', () => {
    const overrides = priceOverridesSchema.parse({
      'llama3.1:8b': { input: 0.01, output: 0.02 },
      'claude-sonnet-5-5': { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
    });
    const table = withPriceOverrides(DEFAULT_PRICES, overrides);
    expect(priceCall('llama3.1:8b', usage(1e6, 1e6, 1e6), table).costUsd).toBeCloseTo(0.04, 12);
    expect(priceCall('claude-sonnet-5-5', usage(1e6, 1e6), table).costUsd).toBe(2);
    expect(() => priceOverridesSchema.parse({ x: { input: -1, output: 0 } })).toThrow();
    expect(DEFAULT_PRICES['claude-sonnet-5-5']?.input).toBe(2);
  });
});

describe('UsageLedger', () => {
  const result = (over: Partial<CompletionResult<string>>): CompletionResult<string> =>
    ({
      ok: true,
      value: 'x',
      adjustments: [],
      usage: usage(100, 10),
      costUsd: 0.5,
      priced: true,
      latencyMs: 1,
      model: 'claude-sonnet-5-5',
      provider: 'anthropic',
      cached: false,
      attempts: 1,
      repaired: false,
      text: 'x',
      ...over,
    }) as CompletionResult<string>;

  it('totals per provider and model, counting cache hits without cost', () => {
    const ledger = new UsageLedger();
    ledger.record(result({}));
    ledger.record(result({ costUsd: 0.25 }));
    ledger.record(result({ cached: true, costUsd: 0 }));
    ledger.record(result({ model: 'claude-haiku-5-5', costUsd: 0.1 }));
    ledger.record(result({ provider: 'openai-compatible(local)', model: 'llama', priced: false, costUsd: 0 }));
    ledger.record({ ...result({}), ok: false, reason: 'bad' } as CompletionResult<string>);
    const rows = ledger.rows();
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.model === 'claude-sonnet-5-5')).toMatchObject({
      calls: 4,
      cachedCalls: 1,
      failedCalls: 1,
      inputTokens: 300,
      outputTokens: 30,
      costUsd: 1.25,
    });
    expect(rows.find((r) => r.model === 'llama')).toMatchObject({ unpricedCalls: 1 });
    expect(ledger.total()).toMatchObject({ calls: 6, cachedCalls: 1, failedCalls: 1, unpricedCalls: 1 });
    // One call had no price, so the total is unknown: null ("unpriced"), not the 1.35 of the priced calls.
    expect(ledger.total().costUsd).toBeNull();
    expect(rows.find((r) => r.model === 'llama')?.costUsd).toBeNull();
    expect(rows.find((r) => r.model === 'claude-haiku-5-5')?.costUsd).toBeCloseTo(0.1, 12);
  });

  it("reports a cache hit's tokens as cached, never charged, whether or not its model has a price", () => {
    const ledger = new UsageLedger();
    ledger.record(result({ cached: true, costUsd: 0, usage: usage(100, 10, 40, 5) }));
    ledger.record(result({ cached: true, costUsd: 0, model: 'llama', priced: false, usage: usage(7, 3) }));
    expect(ledger.total()).toMatchObject({
      calls: 2,
      cachedCalls: 2,
      unpricedCalls: 0,
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      cachedInputTokens: 145 + 7,
      cachedOutputTokens: 13,
      costUsd: 0,
    });
  });

  it('one call, sums and the printed cost follow the same rules', () => {
    const priced = usageOfCall(result({ costUsd: 0.25 }));
    const unpriced = usageOfCall(result({ model: 'llama', priced: false, costUsd: 0 }));
    expect(priced).toMatchObject({ calls: 1, inputTokens: 100, outputTokens: 10, costUsd: 0.25, unpricedCalls: 0 });
    expect(unpriced).toMatchObject({ calls: 1, costUsd: null, unpricedCalls: 1 });
    expect(sumUsage([priced, priced]).costUsd).toBe(0.5);
    expect(sumUsage([priced, unpriced])).toMatchObject({ calls: 2, unpricedCalls: 1, costUsd: null, inputTokens: 200 });
    expect(sumUsage([])).toEqual(emptyUsage());
    expect(UsageSummary.parse(emptyUsage()).costUsd).toBe(0);
    expect(formatCost(null)).toBe('unpriced');
    expect(formatCost(0.5)).toBe('$0.5000');
  });
});

describe('model aliases', () => {
  it('resolve in one table, for Claude backends only', () => {
    expect(resolveModel('sonnet')).toBe(MODEL_ALIASES.sonnet);
    expect(resolveModel('Opus', 'claude-code')).toBe('claude-opus-5-5');
    expect(resolveModel('haiku')).toBe('claude-haiku-5-5');
    expect(resolveModel('sonnet', 'openai-compatible')).toBe('sonnet');
    expect(resolveModel('claude-opus-4-8')).toBe('claude-opus-4-8');
    for (const id of Object.values(MODEL_ALIASES)) expect(findPrice(id)).toBeDefined();
  });
});
