import type { CacheStats } from '../cache/store.js';
import type { Ui } from './ui.js';
export interface CacheCommandOptions {
    /** `stats` as JSON (the CacheStats object) instead of text. */
    json?: boolean;
}
/** `plugin-eval cache stats|clear`: the SQLite response cache of LLM calls. */
export declare function runCache(action: 'stats' | 'clear', ui: Ui, options?: CacheCommandOptions): Promise<number>;
/** Text form of `cache stats`: counts are across every run since `countingSince`. */
export declare function formatCacheStats(s: CacheStats): string;
