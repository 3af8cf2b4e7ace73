import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  UsageError
} from "./chunk-KS2JGSJK.js";
import "./chunk-KJFERDYH.js";

// src/cli/provider-setup.ts
async function makeProvider(opts) {
  const { createProvider, selectProvider, resolveModel, withPriceOverrides, DEFAULT_PRICES } = await import("./providers-FYY2CCIO.js");
  const selection = selectProvider({
    ...opts.provider !== void 0 ? { flag: opts.provider } : {},
    ...opts.model !== void 0 ? { model: opts.model } : {},
    ...opts.baseUrl !== void 0 ? { config: { baseURL: opts.baseUrl } } : {}
  });
  if (!selection.model) throw new UsageError(`provider ${selection.kind} has no default model here; pass --model`);
  const model = resolveModel(selection.model, selection.kind);
  let cache;
  if (!opts.noCache) {
    const { ResponseCache } = await import("./cache-TBEBOEPF.js");
    cache = await ResponseCache.open(opts.cacheTtlDays ? { ttlMs: opts.cacheTtlDays * 864e5 } : {});
  }
  let warned = false;
  const onCacheError = (error) => {
    if (warned) return;
    warned = true;
    process.stderr.write(`plugin-eval: warning: the response cache failed (${error instanceof Error ? error.message : String(error)}); calls go to the model and may not be cached
`);
  };
  const provider = createProvider(selection, {
    ...cache ? { cache, onCacheError } : {},
    ...opts.prices ? { prices: withPriceOverrides(DEFAULT_PRICES, opts.prices) } : {},
    ...opts.concurrency ? { reliability: { concurrency: opts.concurrency } } : {}
  });
  return { provider, model, description: `${selection.kind} (${selection.reason}), model ${model}` };
}
export {
  makeProvider
};
//# sourceMappingURL=provider-setup-F4DWRPKN.js.map
