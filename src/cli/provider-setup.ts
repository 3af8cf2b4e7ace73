import { UsageError } from '../errors.js';
import { importLazily } from '../util/optional-package.js';
import type { PriceOverrides } from '../providers/pricing.js';
import type { MadeProvider } from './judge-commands.js';

/**
 * Build the provider stack the flags ask for: selection (flag > config > ANTHROPIC_API_KEY > OPENAI_API_KEY /
 * OPENAI_BASE_URL > claude-code), retries and concurrency, and the SQLite response cache unless --no-cache.
 * Loaded lazily: the LLM SDKs are heavy and `score --depth quick` never needs them.
 */
export interface ProviderSetupOptions {
  provider?: string;
  model?: string;
  baseUrl?: string;
  noCache?: boolean;
  concurrency?: number;
  /** Price overrides from the config file (USD per million tokens). */
  prices?: PriceOverrides;
  cacheTtlDays?: number;
}

export async function makeProvider(opts: ProviderSetupOptions): Promise<MadeProvider> {
  // The stack imports the Anthropic and OpenAI SDKs; a missing one is named with the command that installs it.
  const { createProvider } = await importLazily(() => import('../assembly/provider-stack.js'), 'the judge layer (an LLM provider)');
  const { selectProvider, resolveModel, withPriceOverrides, DEFAULT_PRICES } = await import('../providers/index.js');
  const selection = selectProvider({
    ...(opts.provider !== undefined ? { flag: opts.provider } : {}),
    ...(opts.model !== undefined ? { model: opts.model } : {}),
    ...(opts.baseUrl !== undefined ? { config: { baseURL: opts.baseUrl } } : {}),
  });
  if (!selection.model) throw new UsageError(`provider ${selection.kind} has no default model here; pass --model`);
  const model = resolveModel(selection.model, selection.kind);
  let cache;
  if (!opts.noCache) {
    const { ResponseCache } = await importLazily(() => import('../cache/index.js'), 'the response cache (or pass --no-cache)');
    cache = await ResponseCache.open(opts.cacheTtlDays ? { ttlMs: opts.cacheTtlDays * 86_400_000 } : {});
  }
  // A cache that fails is never fatal (the call goes to the model), but it is said once, not swallowed.
  let warned = false;
  const onCacheError = (error: unknown) => {
    if (warned) return;
    warned = true;
    process.stderr.write(`plugin-eval: warning: the response cache failed (${error instanceof Error ? error.message : String(error)}); calls go to the model and may not be cached\n`);
  };
  const provider = createProvider(selection, {
    ...(cache ? { cache, onCacheError } : {}),
    ...(opts.prices ? { prices: withPriceOverrides(DEFAULT_PRICES, opts.prices) } : {}),
    ...(opts.concurrency ? { reliability: { concurrency: opts.concurrency } } : {}),
  });
  return { provider, model, description: `${selection.kind} (${selection.reason}), model ${model}` };
}
