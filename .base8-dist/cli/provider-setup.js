import { UsageError } from '../errors.js';
export async function makeProvider(opts) {
    const { createProvider, selectProvider, resolveModel, withPriceOverrides, DEFAULT_PRICES } = await import('../providers/index.js');
    const selection = selectProvider({
        ...(opts.provider !== undefined ? { flag: opts.provider } : {}),
        ...(opts.model !== undefined ? { model: opts.model } : {}),
        ...(opts.baseUrl !== undefined ? { config: { baseURL: opts.baseUrl } } : {}),
    });
    if (!selection.model)
        throw new UsageError(`provider ${selection.kind} has no default model here; pass --model`);
    const model = resolveModel(selection.model, selection.kind);
    let cache;
    if (!opts.noCache) {
        const { ResponseCache } = await import('../cache/index.js');
        cache = await ResponseCache.open(opts.cacheTtlDays ? { ttlMs: opts.cacheTtlDays * 86_400_000 } : {});
    }
    // A cache that fails is never fatal (the call goes to the model), but it is said once, not swallowed.
    let warned = false;
    const onCacheError = (error) => {
        if (warned)
            return;
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
//# sourceMappingURL=provider-setup.js.map