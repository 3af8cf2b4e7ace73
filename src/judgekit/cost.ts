/** Token, cost and latency totals over the judge calls behind one result. */
import type { CompletionMeta } from '../providers/index.js';
import type { CallCost } from './schemas.js';

export function emptyCost(): CallCost {
  return { inputTokens: 0, outputTokens: 0, costUsd: 0, latencyMs: 0, calls: 0, cachedCalls: 0 };
}

export function costOfCall(meta: CompletionMeta): CallCost {
  return {
    inputTokens: meta.usage.inputTokens + meta.usage.cacheReadTokens + meta.usage.cacheWriteTokens,
    outputTokens: meta.usage.outputTokens,
    costUsd: meta.costUsd,
    latencyMs: meta.latencyMs,
    calls: 1,
    cachedCalls: meta.cached ? 1 : 0,
  };
}

export function sumCosts(costs: readonly CallCost[]): CallCost {
  return costs.reduce<CallCost>(
    (total, c) => ({
      inputTokens: total.inputTokens + c.inputTokens,
      outputTokens: total.outputTokens + c.outputTokens,
      costUsd: total.costUsd + c.costUsd,
      latencyMs: total.latencyMs + c.latencyMs,
      calls: total.calls + c.calls,
      cachedCalls: total.cachedCalls + c.cachedCalls,
    }),
    emptyCost(),
  );
}
