/**
 * Prices and spend. Prices are USD per million tokens. The Claude rows match the cost accounting of
 * the Claude Code CLI bundled with @anthropic-ai/claude-agent-sdk 0.3.330 (checked 2026-11-22);
 * the OpenAI rows are list prices. Prices change: override them rather than trusting this table.
 */
import { z } from 'zod';
import type { CompletionResult, TokenUsage } from './types.js';
export interface TokenPrices {
    input: number;
    output: number;
    cacheRead: number;
    cacheWrite: number;
}
export interface ModelPrice extends TokenPrices {
    /** Some models bill a whole request at higher rates once its prompt exceeds a size. */
    longContext?: TokenPrices & {
        aboveInputTokens: number;
    };
}
export type PriceTable = Readonly<Record<string, ModelPrice>>;
export declare const DEFAULT_PRICES: PriceTable;
/** Shape of a user override: `{ "<model id>": { input, output, cacheRead?, cacheWrite? } }`. */
export declare const priceOverridesSchema: z.ZodRecord<z.ZodString, z.ZodObject<{
    input: z.ZodNumber;
    output: z.ZodNumber;
    cacheRead: z.ZodOptional<z.ZodNumber>;
    cacheWrite: z.ZodOptional<z.ZodNumber>;
}, z.core.$strip>>;
export type PriceOverrides = z.infer<typeof priceOverridesSchema>;
/** Overrides replace whole rows; missing cache prices default to the input price (no discount known). */
export declare function withPriceOverrides(base: PriceTable, overrides: PriceOverrides | undefined): PriceTable;
/**
 * Find a price: exact id, then the id without a date suffix (claude-haiku-4-5-20251001), then the
 * longest table key the id starts with (gpt-4o-2024-08-06 -> gpt-4o).
 */
export declare function findPrice(model: string, table?: PriceTable): ModelPrice | undefined;
export declare function costOfUsage(usage: TokenUsage, price: ModelPrice): number;
/** Cost of one call, and whether the model had a price at all. */
export declare function priceCall(model: string, usage: TokenUsage, table?: PriceTable): {
    costUsd: number;
    priced: boolean;
};
export interface LedgerRow {
    provider: string;
    model: string;
    calls: number;
    cachedCalls: number;
    /** Replies that never validated (`ok: false`). */
    failedCalls: number;
    /** Calls whose model had no price, so `costUsd` undercounts. */
    unpricedCalls: number;
    inputTokens: number;
    outputTokens: number;
    cacheReadTokens: number;
    cacheWriteTokens: number;
    costUsd: number;
}
/** Running totals per provider + model, so every run can report what it spent and where. */
export declare class UsageLedger {
    #private;
    record(result: CompletionResult<unknown>): void;
    rows(): LedgerRow[];
    total(): Omit<LedgerRow, 'provider' | 'model'>;
}
