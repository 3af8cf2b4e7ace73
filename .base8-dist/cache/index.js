export { canonicalJson, contentKey, sha256Hex } from './key.js';
export { DEFAULT_CACHE_TTL_MS, ResponseCache, defaultCacheDir } from './store.js';
export { CachedProvider, completionCacheKey } from './cached-provider.js';
//# sourceMappingURL=index.js.map