import { MissingPackageError, UsageError } from '../errors.js';
import { importLazily } from '../util/optional-package.js';
import type { PriceOverrides } from '../providers/pricing.js';
import type { ProviderChoice } from '../providers/select.js';
import type { Provider } from '../providers/types.js';
import type { ResolvedSettings, SettingOrigin } from './resolve.js';

/** A provider built from the settings, with the model it asks for and why it was chosen (said by every output). */
export interface MadeProvider {
  provider: Provider;
  model: string;
  description: string;
}

/**
 * Providers from the settings, for the CLI and the library alike: the resolved settings become the options below
 * (providerOptionsFrom), and makeProvider builds the stack they ask for: selection (a named provider >
 * ANTHROPIC_API_KEY > OPENAI_API_KEY / OPENAI_BASE_URL > claude-code), retries and concurrency, and the SQLite
 * response cache unless it is off. The SDKs load only as a provider is made: `score --depth quick` never needs them.
 */
export interface ProviderSetupOptions {
  provider?: string;
  /** Where `provider` came from (flag, environment or config file), so the description says so. Default: a flag. */
  providerFrom?: Pick<SettingOrigin, 'source' | 'detail'>;
  model?: string;
  baseUrl?: string;
  noCache?: boolean;
  concurrency?: number;
  /** Per-attempt timeout of a model call (the `requestTimeout` setting); default the reliability layer's 120 s. */
  requestTimeoutMs?: number;
  /** Price overrides from the config file (USD per million tokens). */
  prices?: PriceOverrides;
  cacheTtlDays?: number;
  /** Folder of the response cache (PLUGIN_EVAL_CACHE_DIR or the config's cache.dir). */
  cacheDir?: string;
  /** Where the one warning of a failing response cache goes; default stderr. */
  warn?: (line: string) => void;
}

/**
 * The provider set-up the resolved settings ask for; `model`: the model this use asks for (default the `model` setting,
 * else the first `judgeModels`).
 */
export function providerOptionsFrom(
  resolved: Pick<ResolvedSettings, 'settings' | 'provenance'>,
  model?: string,
): ProviderSetupOptions {
  const s = resolved.settings;
  const chosen = model ?? s.model ?? s.judgeModels?.[0];
  return {
    ...(s.provider !== undefined
      ? {
          provider: s.provider,
          ...(resolved.provenance.provider ? { providerFrom: resolved.provenance.provider } : {}),
        }
      : {}),
    ...(chosen !== undefined ? { model: chosen } : {}),
    ...(s.baseUrl !== undefined ? { baseUrl: s.baseUrl } : {}),
    noCache: !s.cache,
    concurrency: s.concurrency,
    requestTimeoutMs: Math.round(s.requestTimeout * 1000),
    ...(s.prices ? { prices: s.prices } : {}),
    ...(s.cacheTtlDays ? { cacheTtlDays: s.cacheTtlDays } : {}),
    ...(s.cacheDir ? { cacheDir: s.cacheDir } : {}),
  };
}

function providerChoice(opts: ProviderSetupOptions): ProviderChoice | undefined {
  if (opts.provider === undefined) return undefined;
  const from = opts.providerFrom;
  const source = from?.source === 'env' || from?.source === 'config' ? from.source : 'flag';
  return { name: opts.provider, source, ...(from?.detail !== undefined ? { detail: from.detail } : {}) };
}

export async function makeProvider(opts: ProviderSetupOptions): Promise<MadeProvider> {
  // Loaded when a judge is needed, so a static run never loads the provider code. Each backend loads its own SDK
  // at its first call, so only the chosen provider's package is needed, and a missing one is named there.
  const { createProvider } = await importLazily(
    () => import('../providers/provider-stack.js'),
    'the judge layer (an LLM provider)',
  );
  const { selectProvider, resolveModel, withPriceOverrides, DEFAULT_PRICES } = await import('../providers/index.js');
  const choice = providerChoice(opts);
  const selection = selectProvider({
    ...(choice ? { provider: choice } : {}),
    ...(opts.model !== undefined ? { model: opts.model } : {}),
    ...(opts.baseUrl !== undefined ? { config: { baseURL: opts.baseUrl } } : {}),
  });
  if (!selection.model) throw new UsageError(`provider ${selection.kind} has no default model here; pass --model`);
  const model = resolveModel(selection.model, selection.kind);
  let cache;
  if (!opts.noCache) {
    const { ResponseCache } = await importLazily(
      () => import('../providers/cache/index.js'),
      'the response cache (or pass --no-cache)',
    );
    cache = await ResponseCache.open({
      ...(opts.cacheTtlDays ? { ttlMs: opts.cacheTtlDays * 86_400_000 } : {}),
      ...(opts.cacheDir ? { dir: opts.cacheDir } : {}),
    }).catch((error: unknown) => {
      // The SQLite client loads as the cache opens; the command line has a way around it, which the library has not.
      if (error instanceof MissingPackageError)
        throw new MissingPackageError(error.packageName, 'the response cache (or pass --no-cache)', error.cause);
      throw error;
    });
  }
  // A cache that fails is never fatal (the call goes to the model), but it is said once, not swallowed.
  let warned = false;
  const onCacheError = (error: unknown) => {
    if (warned) return;
    warned = true;
    const line = `plugin-eval: warning: the response cache failed (${error instanceof Error ? error.message : String(error)}); calls go to the model and may not be cached`;
    if (opts.warn) opts.warn(line);
    else process.stderr.write(`${line}\n`);
  };
  const provider = createProvider(selection, {
    ...(cache ? { cache, onCacheError } : {}),
    ...(opts.prices ? { prices: withPriceOverrides(DEFAULT_PRICES, opts.prices) } : {}),
    reliability: {
      ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
      ...(opts.requestTimeoutMs ? { timeoutMs: opts.requestTimeoutMs } : {}),
    },
  });
  return { provider, model, description: `${selection.kind} (${selection.reason}), model ${model}` };
}
