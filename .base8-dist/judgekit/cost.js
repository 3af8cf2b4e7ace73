export function emptyCost() {
    return { inputTokens: 0, outputTokens: 0, costUsd: 0, latencyMs: 0, calls: 0, cachedCalls: 0 };
}
export function costOfCall(meta) {
    return {
        inputTokens: meta.usage.inputTokens + meta.usage.cacheReadTokens + meta.usage.cacheWriteTokens,
        outputTokens: meta.usage.outputTokens,
        costUsd: meta.costUsd,
        latencyMs: meta.latencyMs,
        calls: 1,
        cachedCalls: meta.cached ? 1 : 0,
    };
}
export function sumCosts(costs) {
    return costs.reduce((total, c) => ({
        inputTokens: total.inputTokens + c.inputTokens,
        outputTokens: total.outputTokens + c.outputTokens,
        costUsd: total.costUsd + c.costUsd,
        latencyMs: total.latencyMs + c.latencyMs,
        calls: total.calls + c.calls,
        cachedCalls: total.cachedCalls + c.cachedCalls,
    }), emptyCost());
}
//# sourceMappingURL=cost.js.map