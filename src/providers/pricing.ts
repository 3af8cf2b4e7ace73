/**
 * Prices and spend. Prices are USD per million tokens. The Claude rows match the cost accounting of
 * the Claude Code CLI bundled with @anthropic-ai/claude-agent-sdk 0.3.330 (checked 2026-11-22);
 * the OpenAI rows are list prices. Prices change: override them rather than trusting this table.
 */
import { z } from 'zod';
import type { LayerUsage } from '../model/usage.js';
import type { CompletionResult, TokenUsage } from './types.js';

export interface TokenPrices {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface ModelPrice extends TokenPrices {
  /** Some models bill a whole request at higher rates once its prompt exceeds a size. */
  longContext?: TokenPrices & { aboveInputTokens: number };
}

export type PriceTable = Readonly<Record<string, ModelPrice>>;

const opus5 = { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 };
const sonnet4 = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

export const DEFAULT_PRICES: PriceTable = Object.freeze({
  'claude-haiku-5-5': {
    input: 0.1,
    output: 0.5,
    cacheRead: 0.01,
    cacheWrite: 0.125,
    longContext: { aboveInputTokens: 100_000, input: 0.5, output: 2.5, cacheRead: 0.05, cacheWrite: 0.625 },
  },
  'claude-sonnet-5-5': { input: 2, output: 10, cacheRead: 0.1, cacheWrite: 2.5 },
  'claude-opus-5-5': { input: 4, output: 20, cacheRead: 0.2, cacheWrite: 5 },
  'claude-fable-5-2': { input: 8, output: 40, cacheRead: 0.2, cacheWrite: 10 },
  'claude-sonnet-5': { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 },
  'claude-opus-5': opus5,
  'claude-opus-4-8': opus5,
  'claude-opus-4-7': opus5,
  'claude-opus-4-6': opus5,
  'claude-opus-4-5': opus5,
  'claude-sonnet-4-6': sonnet4,
  'claude-sonnet-4-5': sonnet4,
  'claude-haiku-4-5': { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
  // OpenAI bills cached input at a discount and has no separate cache-write charge.
  'gpt-5': { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 0 },
  'gpt-5-mini': { input: 0.25, output: 2, cacheRead: 0.025, cacheWrite: 0 },
  'gpt-4.1': { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 0 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6, cacheRead: 0.1, cacheWrite: 0 },
  'gpt-4o': { input: 2.5, output: 10, cacheRead: 1.25, cacheWrite: 0 },
  'gpt-4o-mini': { input: 0.15, output: 0.6, cacheRead: 0.075, cacheWrite: 0 },
});

// Strict: a misspelt key ("cache_read") would otherwise be dropped and its price silently taken from `input`.
const tokenPricesSchema = z.strictObject({
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
  cacheRead: z.number().nonnegative().optional(),
  cacheWrite: z.number().nonnegative().optional(),
});

/** Shape of a user override: `{ "<model id>": { input, output, cacheRead?, cacheWrite? } }`. */
export const priceOverridesSchema = z.record(z.string(), tokenPricesSchema);
export type PriceOverrides = z.infer<typeof priceOverridesSchema>;

/** Overrides replace whole rows; missing cache prices default to the input price (no discount known). */
export function withPriceOverrides(base: PriceTable, overrides: PriceOverrides | undefined): PriceTable {
  if (overrides === undefined) return base;
  const table: Record<string, ModelPrice> = { ...base };
  for (const [model, p] of Object.entries(overrides)) {
    table[model] = {
      input: p.input,
      output: p.output,
      cacheRead: p.cacheRead ?? p.input,
      cacheWrite: p.cacheWrite ?? p.input,
    };
  }
  return Object.freeze(table);
}

/**
 * Find a price: exact id, then the id without a date suffix (claude-haiku-4-5-20251001), then the
 * longest table key the id starts with (gpt-4o-2024-08-06 -> gpt-4o).
 */
export function findPrice(model: string, table: PriceTable = DEFAULT_PRICES): ModelPrice | undefined {
  const id = model.trim().toLowerCase();
  const exact = table[id] ?? table[id.replace(/-\d{8}$/, '')];
  if (exact !== undefined) return exact;
  const prefix = Object.keys(table)
    .filter((key) => id.startsWith(`${key}-`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? undefined : table[prefix];
}

export function costOfUsage(usage: TokenUsage, price: ModelPrice): number {
  const promptTokens = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
  const p: TokenPrices =
    price.longContext !== undefined && promptTokens > price.longContext.aboveInputTokens ? price.longContext : price;
  const micro =
    usage.inputTokens * p.input +
    usage.outputTokens * p.output +
    usage.cacheReadTokens * p.cacheRead +
    usage.cacheWriteTokens * p.cacheWrite;
  return micro / 1_000_000;
}

/** Cost of one call, and whether the model had a price at all. */
export function priceCall(
  model: string,
  usage: TokenUsage,
  table: PriceTable = DEFAULT_PRICES,
): { costUsd: number; priced: boolean } {
  const price = findPrice(model, table);
  return price === undefined ? { costUsd: 0, priced: false } : { costUsd: costOfUsage(usage, price), priced: true };
}

/**
 * The one usage ledger. Every judge result of the toolkit and the judge layer's `usage` is built here,
 * so the rules below hold in every output:
 *
 * - Unpriced models: a call whose model has no price has an unknown cost, not a zero one. It counts in
 *   `unpricedCalls`, and the total `costUsd` is null (shown as "unpriced") while any paid call is
 *   unpriced: a partial sum would read as the full cost.
 * - Usage not reported: a charged call whose server sent no token counts (an OpenAI-compatible server or a
 *   proxy that omits `usage`) has unknown tokens and an unknown cost. It counts in `unreportedCalls`, its
 *   tokens in no token field (those stay the sum of what was reported), and `costUsd` is null while any exists.
 * - Cache hits: nothing was spent. The call counts in `cachedCalls`, its tokens in `cachedInputTokens`
 *   and `cachedOutputTokens` (what the stored answer cost when it was first paid for), never in the
 *   charged token fields and never in `costUsd`, priced model or not.
 */
export const UsageSummary = z.object({
  calls: z.number().int().describe('Model calls, cache hits included'),
  cachedCalls: z.number().int().describe('Calls answered from the response cache (not charged)'),
  failedCalls: z.number().int().describe('Calls whose reply never validated, even after the repair request'),
  unpricedCalls: z.number().int().describe('Charged calls whose model has no price; costUsd is null when above 0'),
  // Defaults: judge results saved before these counts existed (`judge bias --results`) still read, as 0.
  unreportedCalls: z
    .number()
    .int()
    .default(0)
    .describe(
      'Charged calls whose server reported no token counts: their tokens are in no token field and their cost ' +
        'is unknown; costUsd is null when above 0',
    ),
  cachedUnreportedCalls: z
    .number()
    .int()
    .default(0)
    .describe('Cache hits whose stored answer had no token counts reported: their tokens are in no cached token field'),
  inputTokens: z.number().int().describe('Uncached input tokens of the charged calls'),
  outputTokens: z.number().int().describe('Output tokens of the charged calls'),
  cacheReadTokens: z
    .number()
    .int()
    .describe("Prompt-cache read tokens of the charged calls (the backend's own prompt cache)"),
  cacheWriteTokens: z.number().int().describe('Prompt-cache write tokens of the charged calls'),
  cachedInputTokens: z
    .number()
    .int()
    .describe('Input tokens (all kinds) of the answers served from the response cache; not charged'),
  cachedOutputTokens: z
    .number()
    .int()
    .describe('Output tokens of the answers served from the response cache; not charged'),
  costUsd: z
    .number()
    .nullable()
    .describe('USD spent; null (unknown) when any charged call used a model without a price or had no usage reported'),
  latencyMs: z.number().describe('Summed wall time of the calls (or cache lookups)'),
});
export type UsageSummary = z.infer<typeof UsageSummary>;

export interface LedgerRow extends UsageSummary {
  provider: string;
  model: string;
}

type Counters = Omit<UsageSummary, 'costUsd'> & { pricedCostUsd: number };

const zeroCounters = (): Counters => ({
  calls: 0,
  cachedCalls: 0,
  failedCalls: 0,
  unpricedCalls: 0,
  unreportedCalls: 0,
  cachedUnreportedCalls: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  cachedInputTokens: 0,
  cachedOutputTokens: 0,
  latencyMs: 0,
  pricedCostUsd: 0,
});

// Calls finish in any order and float addition is not associative; rounding far below a cent makes a
// total independent of completion order (same work, same cost, run after run).
const roundCost = (usd: number): number => Math.round(usd * 1e9) / 1e9;

function summaryOf(c: Counters): UsageSummary {
  const { pricedCostUsd, ...counts } = c;
  return { ...counts, costUsd: c.unpricedCalls > 0 || c.unreportedCalls > 0 ? null : roundCost(pricedCostUsd) };
}

function addCounters(into: Counters, from: Counters): void {
  // `?? 0`: a summary written before a counter existed (a stored report read back) adds nothing to it.
  for (const key of Object.keys(into) as (keyof Counters)[]) into[key] += from[key] ?? 0;
}

function countersOf(result: CompletionResult<unknown>): Counters {
  const c = zeroCounters();
  c.calls = 1;
  c.latencyMs = result.latencyMs;
  if (!result.ok) c.failedCalls = 1;
  const u = result.usage;
  if (result.cached) {
    c.cachedCalls = 1;
    // Tokens a server never reported are not known now either; only the hit is counted, and nothing is charged.
    if (result.usageReported === false) {
      c.cachedUnreportedCalls = 1;
      return c;
    }
    c.cachedInputTokens = u.inputTokens + u.cacheReadTokens + u.cacheWriteTokens;
    c.cachedOutputTokens = u.outputTokens;
    return c;
  }
  if (!result.priced) c.unpricedCalls = 1;
  if (result.usageReported === false) {
    // Unknown, not zero: the call's (partial) counts stay out of the sums, which hold only reported calls.
    c.unreportedCalls = 1;
    return c;
  }
  c.inputTokens = u.inputTokens;
  c.outputTokens = u.outputTokens;
  c.cacheReadTokens = u.cacheReadTokens;
  c.cacheWriteTokens = u.cacheWriteTokens;
  if (result.priced) c.pricedCostUsd = result.costUsd;
  return c;
}

/** Running totals per provider + model, so every run can report what it spent and where. */
export class UsageLedger {
  readonly #rows = new Map<string, { provider: string; model: string; counters: Counters }>();

  record(result: CompletionResult<unknown>): void {
    const key = `${result.provider}\u0000${result.model}`;
    const row = this.#rows.get(key) ?? { provider: result.provider, model: result.model, counters: zeroCounters() };
    addCounters(row.counters, countersOf(result));
    this.#rows.set(key, row);
  }

  rows(): LedgerRow[] {
    return [...this.#rows.values()].map((row) => ({
      provider: row.provider,
      model: row.model,
      ...summaryOf(row.counters),
    }));
  }

  total(): UsageSummary {
    const sum = zeroCounters();
    for (const row of this.#rows.values()) addCounters(sum, row.counters);
    return summaryOf(sum);
  }
}

/** The usage of one call, under the ledger's rules. */
export function usageOfCall(result: CompletionResult<unknown>): UsageSummary {
  return summaryOf(countersOf(result));
}

/** No calls at all (an item never sent, a call that threw). */
export function emptyUsage(): UsageSummary {
  return summaryOf(zeroCounters());
}

/**
 * Totals of several summaries (a panel's judges, a batch's items), under the same rules: the cost is
 * null as soon as one part had an unpriced call.
 */
export function sumUsage(parts: readonly UsageSummary[]): UsageSummary {
  const sum = zeroCounters();
  for (const p of parts) {
    const { costUsd, ...counts } = p;
    addCounters(sum, { ...counts, pricedCostUsd: costUsd ?? 0 });
  }
  return summaryOf(sum);
}

/**
 * A ledger total in a layer's result terms (`LayerUsage`): the same counts, named by who ran the calls and with which
 * models.
 */
export function layerUsageOf(total: UsageSummary, who: { provider: string; models: readonly string[] }): LayerUsage {
  return {
    provider: who.provider,
    models: [...who.models],
    calls: total.calls,
    cachedCalls: total.cachedCalls,
    unpricedCalls: total.unpricedCalls,
    // Present only when some call had no usage reported, so results of servers that report it keep their shape.
    ...(total.unreportedCalls > 0 ? { unreportedCalls: total.unreportedCalls } : {}),
    ...(total.cachedUnreportedCalls > 0 ? { cachedUnreportedCalls: total.cachedUnreportedCalls } : {}),
    inputTokens: total.inputTokens,
    outputTokens: total.outputTokens,
    cacheReadTokens: total.cacheReadTokens,
    cacheWriteTokens: total.cacheWriteTokens,
    cachedInputTokens: total.cachedInputTokens,
    cachedOutputTokens: total.cachedOutputTokens,
    costUsd: total.costUsd,
  };
}

/** A cost for people: dollars, or "unpriced" (never $0 for a cost nobody knows). */
export function formatCost(costUsd: number | null, digits = 4): string {
  return costUsd === null ? 'unpriced' : `$${costUsd.toFixed(digits)}`;
}

export { describeCost, unreportedText, type UnknownCostParts } from './cost-text.js';
