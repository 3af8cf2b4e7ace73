import { EXIT } from './exit-codes.js';
import type { Ui } from './ui.js';

/** `plugin-eval cache stats|clear`: the SQLite response cache of LLM calls. */
export async function runCache(action: 'stats' | 'clear', ui: Ui): Promise<number> {
  const { ResponseCache } = await import('../cache/index.js');
  const cache = await ResponseCache.open();
  try {
    if (action === 'clear') {
      const removed = await cache.clear();
      ui.stdout(`cleared ${removed} cached response(s) from ${cache.location}\n`);
    } else {
      const s = await cache.stats();
      ui.stdout(`${JSON.stringify(s, null, 2)}\n`);
    }
  } finally {
    cache.close();
  }
  return EXIT.OK;
}
