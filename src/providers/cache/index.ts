export { canonicalJson, contentKey, sha256Hex } from '../../util/hash.js';
export { defaultCacheDir } from '../../util/cache-dir.js';
export {
  CacheStats,
  DEFAULT_CACHE_TTL_MS,
  ResponseCache,
  cacheFileIn,
  isUnusableCacheFile,
  removeCacheFiles,
} from './store.js';
export type { ResponseCacheOptions } from './store.js';
export { CachedProvider, completionCacheKey } from './cached-provider.js';
export type { CacheMode, CachedProviderOptions } from './cached-provider.js';
