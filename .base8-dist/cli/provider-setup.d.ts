import type { PriceOverrides } from '../providers/pricing.js';
import type { MadeProvider } from './judge-commands.js';
/**
 * Build the provider stack the flags ask for: selection (flag > config > ANTHROPIC_API_KEY > OPENAI_API_KEY /
 * OPENAI_BASE_URL > claude-code), retries and concurrency, and the SQLite response cache unless --no-cache.
 * Loaded lazily: the LLM SDKs are heavy and `score --depth quick` never needs them.
 */
export interface ProviderSetupOptions {
    provider?: string;
    model?: string;
    baseUrl?: string;
    noCache?: boolean;
    concurrency?: number;
    /** Price overrides from the config file (USD per million tokens). */
    prices?: PriceOverrides;
    cacheTtlDays?: number;
}
export declare function makeProvider(opts: ProviderSetupOptions): Promise<MadeProvider>;
