/**
 * Public surface of the provider layer: backends, reliability, pricing, selection. Assembling the standard
 * stack (backend -> reliability -> response cache) is `createProvider` in `providers/provider-stack.ts`,
 * outside this folder, so that providers never import the cache that wraps them.
 */

export * from './types.js';
export { AdapterProvider, DEFAULT_MAX_TOKENS } from './adapter.js';
export type { ModelAdapter, ModelCall, ModelReply } from './adapter.js';
export { AnthropicAdapter, createAnthropicProvider } from './anthropic.js';
export type { AnthropicProviderOptions } from './anthropic.js';
export { OpenAiCompatibleAdapter, createOpenAiCompatibleProvider } from './openai-compatible.js';
export type { OpenAiCompatibleOptions } from './openai-compatible.js';
export { ClaudeCodeAdapter, createClaudeCodeProvider, renderPrompt } from './claude-code.js';
export type { ClaudeCodeOptions } from './claude-code.js';
export {
  ProviderCallError,
  fatalCauseOfStatus,
  isRetryableStatus,
  isUnreachable,
  retryAfterMs,
  toProviderFailure,
} from './failures.js';
export { AdaptiveLimiter } from './limiter.js';
export type { AdaptiveLimiterOptions } from './limiter.js';
export { ReliableProvider, abortableSleep, backoffDelay } from './reliable.js';
export type { ReliabilityOptions, RetryEvent } from './reliable.js';
export { DEFAULT_CLAUDE_MODEL, DEFAULT_OPENAI_MODEL, MODEL_ALIASES, resolveModel } from './models.js';
export {
  DEFAULT_PRICES,
  UsageLedger,
  costOfUsage,
  findPrice,
  priceCall,
  priceOverridesSchema,
  withPriceOverrides,
} from './pricing.js';
export type { LedgerRow, ModelPrice, PriceOverrides, PriceTable, TokenPrices } from './pricing.js';
export { parseProviderName, selectProvider } from './select.js';
export type { ProviderConfig, ProviderSelection } from './select.js';
export { coerceToSchema, extractJson, jsonSchemaOf, parseStructured, strictJsonSchema } from './structured.js';
export type { JsonSchema } from './structured.js';
