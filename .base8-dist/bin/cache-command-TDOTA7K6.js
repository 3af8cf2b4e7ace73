import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  EXIT
} from "./chunk-XRROTI23.js";
import "./chunk-KJFERDYH.js";

// src/cli/cache-command.ts
async function runCache(action, ui, options = {}) {
  const { ResponseCache } = await import("./cache-TBEBOEPF.js");
  const cache = await ResponseCache.open();
  try {
    if (action === "clear") {
      const removed = await cache.clear();
      ui.stdout(`cleared ${removed} cached response(s) from ${cache.location}
`);
    } else {
      const stats = await cache.stats();
      ui.stdout(options.json ? `${JSON.stringify(stats, null, 2)}
` : formatCacheStats(stats));
    }
  } finally {
    cache.close();
  }
  return EXIT.OK;
}
var iso = (ms) => ms === null ? "-" : new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
function formatCacheStats(s) {
  const lookups = s.hits + s.misses;
  const rate = lookups === 0 ? "" : ` (${(100 * s.hits / lookups).toFixed(1)}% hit rate)`;
  return [
    `response cache ${s.location}`,
    `  entries  ${s.entries}${s.entries > 0 ? ` (oldest ${iso(s.oldest)}, newest ${iso(s.newest)})` : ""}`,
    `  size     ${formatBytes(s.bytes)}`,
    `  lookups  ${lookups}: ${s.hits} hit(s), ${s.misses} miss(es)${rate} since ${iso(s.countingSince)}`,
    ""
  ].join("\n");
}
export {
  formatCacheStats,
  runCache
};
//# sourceMappingURL=cache-command-TDOTA7K6.js.map
