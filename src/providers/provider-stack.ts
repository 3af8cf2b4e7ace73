/**
 * `createProvider` assembles the standard provider stack: backend adapter -> reliability (retries, timeout,
 * adaptive concurrency) -> response cache. The cache sits outermost so a hit takes no concurrency slot and makes
 * no request. Why a module of its own: the stack needs both providers/ and cache/, and cache/ already imports
 * providers/ (it wraps a Provider); assembling here keeps the dependency one-way (see docs/architecture.md).
 */
import { CachedProvider } from './cache/cached-provider.js';
import type { CacheMode } from './cache/cached-provider.js';
import type { ResponseCache } from './cache/store.js';
import { createAnthropicProvider } from './anthropic.js';
import type { AnthropicProviderOptions } from './anthropic.js';
import { createClaudeCodeProvider } from './claude-code.js';
import type { ClaudeCodeOptions } from './claude-code.js';
import { createOpenAiCompatibleProvider } from './openai-compatible.js';
import type { OpenAiCompatibleOptions } from './openai-compatible.js';
import type { PriceTable } from './pricing.js';
import { ReliableProvider } from './reliable.js';
import type { ReliabilityOptions } from './reliable.js';
import type { ProviderSelection } from './select.js';
import type { Provider } from './types.js';

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
export function createProvider(selection: ProviderSelection, options: ProviderStackOptions = {}): Provider {
  const env = options.env ?? process.env;
  let backend: Provider;
  switch (selection.kind) {
    case 'anthropic':
      backend = createAnthropicProvider({
        ...options.anthropic,
        env,
        prices: options.prices,
        ...(selection.baseURL ? { baseURL: selection.baseURL } : {}),
      });
      break;
    case 'openai-compatible':
      backend = createOpenAiCompatibleProvider({
        ...options.openai,
        env,
        prices: options.prices,
        ...(selection.baseURL ? { baseURL: selection.baseURL } : {}),
      });
      break;
    case 'claude-code':
      backend = createClaudeCodeProvider({ env, ...options.claudeCode, prices: options.prices });
      break;
  }
  const reliable = new ReliableProvider(backend, options.reliability);
  if (options.cache === undefined || options.cacheMode === 'off') return reliable;
  return new CachedProvider(reliable, options.cache, {
    mode: options.cacheMode ?? 'read-write',
    onError: options.onCacheError,
  });
}
