import { UsageError } from '../errors.js';
import type { MadeProvider } from './judge-commands.js';

/**
 * Build the provider stack the flags ask for: selection (flag > config > ANTHROPIC_API_KEY > OPENAI_API_KEY /
 * OPENAI_BASE_URL > claude-code), retries and concurrency, and the SQLite response cache unless --no-cache.
 * Loaded lazily: the LLM SDKs are heavy and `score --depth quick` never needs them.
 */
export async function makeProvider(opts: { provider?: string; model?: string; baseUrl?: string; noCache?: boolean; concurrency?: number }): Promise<MadeProvider> {
  const { createProvider, selectProvider, resolveModel } = await import('../providers/index.js');
  const selection = selectProvider({
    ...(opts.provider !== undefined ? { flag: opts.provider } : {}),
    ...(opts.model !== undefined ? { model: opts.model } : {}),
    ...(opts.baseUrl !== undefined ? { config: { baseURL: opts.baseUrl } } : {}),
  });
  if (!selection.model) throw new UsageError(`provider ${selection.kind} has no default model here; pass --model`);
  const model = resolveModel(selection.model, selection.kind);
  let cache;
  if (!opts.noCache) {
    const { ResponseCache } = await import('../cache/index.js');
    cache = await ResponseCache.open();
  }
  const provider = createProvider(selection, {
    ...(cache ? { cache } : {}),
    ...(opts.concurrency ? { reliability: { concurrency: opts.concurrency } } : {}),
  });
  return { provider, model, description: `${selection.kind} (${selection.reason}), model ${model}` };
}
