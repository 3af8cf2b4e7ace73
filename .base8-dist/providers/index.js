/**
 * Public surface of the provider layer, and `createProvider`, which assembles the standard stack:
 * backend adapter -> reliability (retries, timeout, adaptive concurrency) -> response cache.
 * The cache sits outermost so a hit takes no concurrency slot and makes no request.
 */
import { CachedProvider } from '../cache/cached-provider.js';
import { createAnthropicProvider } from './anthropic.js';
import { createClaudeCodeProvider } from './claude-code.js';
import { createOpenAiCompatibleProvider } from './openai-compatible.js';
import { ReliableProvider } from './reliable.js';
export * from './types.js';
export { AdapterProvider, DEFAULT_MAX_TOKENS } from './adapter.js';
export { AnthropicAdapter, createAnthropicProvider } from './anthropic.js';
export { OpenAiCompatibleAdapter, createOpenAiCompatibleProvider } from './openai-compatible.js';
export { ClaudeCodeAdapter, createClaudeCodeProvider, renderPrompt } from './claude-code.js';
export { ProviderCallError, fatalCauseOfStatus, isRetryableStatus, isUnreachable, retryAfterMs, toProviderFailure } from './failures.js';
export { AdaptiveLimiter } from './limiter.js';
export { ReliableProvider, abortableSleep, backoffDelay } from './reliable.js';
export { DEFAULT_CLAUDE_MODEL, DEFAULT_OPENAI_MODEL, MODEL_ALIASES, resolveModel } from './models.js';
export { DEFAULT_PRICES, UsageLedger, costOfUsage, findPrice, priceCall, priceOverridesSchema, withPriceOverrides } from './pricing.js';
export { parseProviderName, selectProvider } from './select.js';
export { coerceToSchema, extractJson, jsonSchemaOf, parseStructured, strictJsonSchema } from './structured.js';
/** Build the provider a selection names. Throws NotMeasuredError (exit 3) when its credentials are missing. */
export function createProvider(selection, options = {}) {
    const env = options.env ?? process.env;
    let backend;
    switch (selection.kind) {
        case 'anthropic':
            backend = createAnthropicProvider({ ...options.anthropic, env, prices: options.prices, ...(selection.baseURL ? { baseURL: selection.baseURL } : {}) });
            break;
        case 'openai-compatible':
            backend = createOpenAiCompatibleProvider({ ...options.openai, env, prices: options.prices, ...(selection.baseURL ? { baseURL: selection.baseURL } : {}) });
            break;
        case 'claude-code':
            backend = createClaudeCodeProvider({ env, ...options.claudeCode, prices: options.prices });
            break;
    }
    const reliable = new ReliableProvider(backend, options.reliability);
    if (options.cache === undefined || options.cacheMode === 'off')
        return reliable;
    return new CachedProvider(reliable, options.cache, { mode: options.cacheMode ?? 'read-write', onError: options.onCacheError });
}
//# sourceMappingURL=index.js.map