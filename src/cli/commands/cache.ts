import type { CacheStats, ResponseCache as Cache } from '../../providers/cache/store.js';
import { resolveSettings } from '../../config/resolve.js';
import { importLazily } from '../../util/optional-package.js';
import { defaultCacheDir } from '../../util/cache-dir.js';
import { EXIT } from '../exit-codes.js';
import type { Ui } from '../ui.js';

export interface CacheCommandOptions {
  /** `stats` as JSON (a CacheStats: `plugin-eval schema cache-stats`) instead of text. */
  json?: boolean;
  /** The global --config file (its cache.dir moves the cache, below PLUGIN_EVAL_CACHE_DIR). */
  configFile?: string;
}

/** `plugin-eval cache stats|clear`: the SQLite response cache of LLM calls. */
export async function runCache(action: 'stats' | 'clear', ui: Ui, options: CacheCommandOptions = {}): Promise<number> {
  const { ResponseCache, cacheFileIn, isUnusableCacheFile, removeCacheFiles } = await importLazily(
    () => import('../../providers/cache/index.js'),
    'the response cache',
  );
  const { settings } = await resolveSettings({
    command: 'cache',
    ...(options.configFile !== undefined ? { config: options.configFile } : {}),
  });
  let cache: Cache;
  try {
    cache = await ResponseCache.open(settings.cacheDir !== undefined ? { dir: settings.cacheDir } : {});
  } catch (error) {
    // A damaged file cannot be cleared entry by entry; it is only cached replies, so `clear` removes it whole.
    if (action !== 'clear' || !isUnusableCacheFile(error)) throw error;
    const dir = settings.cacheDir ?? defaultCacheDir();
    await removeCacheFiles(dir);
    const why = (error as { cause?: unknown }).cause;
    ui.stdout(
      `removed the damaged response cache ${cacheFileIn(dir)} ` +
        `(${why instanceof Error ? why.message : 'not a database'}); the next run starts a new one\n`,
    );
    return EXIT.OK;
  }
  try {
    if (action === 'clear') {
      const removed = await cache.clear();
      ui.stdout(`cleared ${removed} cached response(s) from ${cache.location}\n`);
    } else {
      const stats = await cache.stats();
      ui.stdout(options.json ? `${JSON.stringify(stats, null, 2)}\n` : formatCacheStats(stats));
    }
  } finally {
    cache.close();
  }
  return EXIT.OK;
}

const iso = (ms: number | null): string => (ms === null ? '-' : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** Text form of `cache stats`: counts are across every run since `countingSince`. */
export function formatCacheStats(s: CacheStats): string {
  const lookups = s.hits + s.misses;
  const rate = lookups === 0 ? '' : ` (${((100 * s.hits) / lookups).toFixed(1)}% hit rate)`;
  return [
    `response cache ${s.location}`,
    `  entries  ${s.entries}${s.entries > 0 ? ` (oldest ${iso(s.oldest)}, newest ${iso(s.newest)})` : ''}`,
    `  size     ${formatBytes(s.bytes)}`,
    `  lookups  ${lookups}: ${s.hits} hit(s), ${s.misses} miss(es)${rate} since ${iso(s.countingSince)}`,
    '',
  ].join('\n');
}
