import { EXIT } from './exit-codes.js';
/** `plugin-eval cache stats|clear`: the SQLite response cache of LLM calls. */
export async function runCache(action, ui, options = {}) {
    const { ResponseCache } = await import('../cache/index.js');
    const cache = await ResponseCache.open();
    try {
        if (action === 'clear') {
            const removed = await cache.clear();
            ui.stdout(`cleared ${removed} cached response(s) from ${cache.location}\n`);
        }
        else {
            const stats = await cache.stats();
            ui.stdout(options.json ? `${JSON.stringify(stats, null, 2)}\n` : formatCacheStats(stats));
        }
    }
    finally {
        cache.close();
    }
    return EXIT.OK;
}
const iso = (ms) => (ms === null ? '-' : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));
function formatBytes(bytes) {
    if (bytes < 1024)
        return `${bytes} B`;
    if (bytes < 1024 * 1024)
        return `${(bytes / 1024).toFixed(1)} KiB`;
    return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
/** Text form of `cache stats`: counts are across every run since `countingSince`. */
export function formatCacheStats(s) {
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
//# sourceMappingURL=cache-command.js.map