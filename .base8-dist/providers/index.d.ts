import type { CacheMode } from '../cache/cached-provider.js';
import type { ResponseCache } from '../cache/store.js';
import type { AnthropicProviderOptions } from './anthropic.js';
import type { ClaudeCodeOptions } from './claude-code.js';
import type { OpenAiCompatibleOptions } from './openai-compatible.js';
import type { PriceTable } from './pricing.js';
import type { ReliabilityOptions } from './reliable.js';
import type { ProviderSelection } from './select.js';
import type { Provider } from './types.js';
export * from './types.js';
export { AdapterProvider, DEFAULT_MAX_TOKENS } from './adapter.js';
export type { ModelAdapter, ModelCall, ModelReply } from './adapter.js';
export { AnthropicAdapter, createAnthropicProvider } from './anthropic.js';
export type { AnthropicProviderOptions } from './anthropic.js';
export { OpenAiCompatibleAdapter, createOpenAiCompatibleProvider } from './openai-compatible.js';
export type { OpenAiCompatibleOptions } from './openai-compatible.js';
export { ClaudeCodeAdapter, createClaudeCodeProvider, renderPrompt } from './claude-code.js';
export type { ClaudeCodeOptions } from './claude-code.js';
export { ProviderCallError, fatalCauseOfStatus, isRetryableStatus, isUnreachable, retryAfterMs, toProviderFailure } from './failures.js';
export { AdaptiveLimiter } from './limiter.js';
export type { AdaptiveLimiterOptions } from './limiter.js';
export { ReliableProvider, abortableSleep, backoffDelay } from './reliable.js';
export type { ReliabilityOptions, RetryEvent } from './reliable.js';
export { DEFAULT_CLAUDE_MODEL, DEFAULT_OPENAI_MODEL, MODEL_ALIASES, resolveModel } from './models.js';
export { DEFAULT_PRICES, UsageLedger, costOfUsage, findPrice, priceCall, priceOverridesSchema, withPriceOverrides } from './pricing.js';
export type { LedgerRow, ModelPrice, PriceOverrides, PriceTable, TokenPrices } from './pricing.js';
export { parseProviderName, selectProvider } from './select.js';
export type { ProviderConfig, ProviderSelection } from './select.js';
export { coerceToSchema, extractJson, jsonSchemaOf, parseStructured, strictJsonSchema } from './structured.js';
export type { JsonSchema } from './structured.js';
export interface ProviderStackOptions {
    env?: NodeJS.ProcessEnv;
    prices?: PriceTable;
    reliability?: ReliabilityOptions;
    /** An open cache; omit (or pass mode `off`) for `--no-cache`. */
    cache?: ResponseCache;
    cacheMode?: CacheMode;
    onCacheError?: (error: unknown) => void;
    anthropic?: Omit<AnthropicProviderOptions, 'env' | 'prices' | 'baseURL'>;
    openai?: Omit<OpenAiCompatibleOptions, 'env' | 'prices' | 'baseURL'>;
    claudeCode?: Omit<ClaudeCodeOptions, 'prices'>;
}
/** Build the provider a selection names. Throws NotMeasuredError (exit 3) when its credentials are missing. */
export declare function createProvider(selection: ProviderSelection, options?: ProviderStackOptions): Provider;
