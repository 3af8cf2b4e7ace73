/**
 * Prices and spend. Prices are USD per million tokens. The Claude rows match the cost accounting of
 * the Claude Code CLI bundled with @anthropic-ai/claude-agent-sdk 0.3.330 (checked 2026-11-22);
 * the OpenAI rows are list prices. Prices change: override them rather than trusting this table.
 */
import { z } from 'zod';
const opus5 = { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 };
const sonnet4 = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
export const DEFAULT_PRICES = Object.freeze({
    'claude-haiku-5-5': {
        input: 0.1, output: 0.5, cacheRead: 0.01, cacheWrite: 0.125,
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
const tokenPricesSchema = z.object({
    input: z.number().nonnegative(),
    output: z.number().nonnegative(),
    cacheRead: z.number().nonnegative().optional(),
    cacheWrite: z.number().nonnegative().optional(),
});
/** Shape of a user override: `{ "<model id>": { input, output, cacheRead?, cacheWrite? } }`. */
export const priceOverridesSchema = z.record(z.string(), tokenPricesSchema);
/** Overrides replace whole rows; missing cache prices default to the input price (no discount known). */
export function withPriceOverrides(base, overrides) {
    if (overrides === undefined)
        return base;
    const table = { ...base };
    for (const [model, p] of Object.entries(overrides)) {
        table[model] = { input: p.input, output: p.output, cacheRead: p.cacheRead ?? p.input, cacheWrite: p.cacheWrite ?? p.input };
    }
    return Object.freeze(table);
}
/**
 * Find a price: exact id, then the id without a date suffix (claude-haiku-4-5-20251001), then the
 * longest table key the id starts with (gpt-4o-2024-08-06 -> gpt-4o).
 */
export function findPrice(model, table = DEFAULT_PRICES) {
    const id = model.trim().toLowerCase();
    const exact = table[id] ?? table[id.replace(/-\d{8}$/, '')];
    if (exact !== undefined)
        return exact;
    const prefix = Object.keys(table)
        .filter((key) => id.startsWith(`${key}-`))
        .sort((a, b) => b.length - a.length)[0];
    return prefix === undefined ? undefined : table[prefix];
}
export function costOfUsage(usage, price) {
    const promptTokens = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
    const p = price.longContext !== undefined && promptTokens > price.longContext.aboveInputTokens ? price.longContext : price;
    const micro = usage.inputTokens * p.input + usage.outputTokens * p.output + usage.cacheReadTokens * p.cacheRead + usage.cacheWriteTokens * p.cacheWrite;
    return micro / 1_000_000;
}
/** Cost of one call, and whether the model had a price at all. */
export function priceCall(model, usage, table = DEFAULT_PRICES) {
    const price = findPrice(model, table);
    return price === undefined ? { costUsd: 0, priced: false } : { costUsd: costOfUsage(usage, price), priced: true };
}
/** Running totals per provider + model, so every run can report what it spent and where. */
export class UsageLedger {
    #rows = new Map();
    record(result) {
        const key = `${result.provider}\u0000${result.model}`;
        const row = this.#rows.get(key) ?? {
            provider: result.provider, model: result.model, calls: 0, cachedCalls: 0, failedCalls: 0, unpricedCalls: 0,
            inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0,
        };
        row.calls += 1;
        if (!result.ok)
            row.failedCalls += 1;
        if (result.cached) {
            // A cache hit spent nothing; its tokens were counted when it was first paid for.
            row.cachedCalls += 1;
        }
        else {
            if (!result.priced)
                row.unpricedCalls += 1;
            row.inputTokens += result.usage.inputTokens;
            row.outputTokens += result.usage.outputTokens;
            row.cacheReadTokens += result.usage.cacheReadTokens;
            row.cacheWriteTokens += result.usage.cacheWriteTokens;
            row.costUsd += result.costUsd;
        }
        this.#rows.set(key, row);
    }
    rows() {
        return [...this.#rows.values()].map((row) => ({ ...row }));
    }
    total() {
        const sum = { calls: 0, cachedCalls: 0, failedCalls: 0, unpricedCalls: 0, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 };
        for (const row of this.#rows.values()) {
            for (const key of Object.keys(sum))
                sum[key] += row[key];
        }
        return sum;
    }
}
//# sourceMappingURL=pricing.js.map