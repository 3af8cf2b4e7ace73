import type { CompletionRequest, CompletionResult, Provider, ProviderEndpoint } from '../providers/types.js';
import type { ResponseCache } from './store.js';
/**
 * `read-write`: normal. `refresh`: skip lookups but store fresh answers (re-judge, keep the cache
 * warm). `off`: neither (what `--no-cache` means).
 */
export type CacheMode = 'read-write' | 'refresh' | 'off';
export interface CachedProviderOptions {
    mode?: CacheMode;
    /** A broken cache must not break a run: errors are reported here and the call goes to the network. */
    onError?: (error: unknown) => void;
}
/** Who answers: a provider, or just its name (a provider without an endpoint is keyed by name alone). */
export type CacheKeyProvider = string | {
    readonly name: string;
    readonly endpoint?: ProviderEndpoint | undefined;
};
/**
 * The cache key: the provider's name and endpoint (kind, base URL, answer-changing backend options) and
 * every answer field of the request, with defaults filled in exactly as the adapters fill them, so
 * `temperature: undefined` and `temperature: 0`, or an alias and its model id, are one request.
 */
export declare function completionCacheKey(provider: CacheKeyProvider, request: CompletionRequest<unknown>): string;
export declare class CachedProvider implements Provider {
    #private;
    readonly name: string;
    readonly endpoint: ProviderEndpoint | undefined;
    constructor(inner: Provider, cache: ResponseCache, options?: CachedProviderOptions);
    complete<T = string>(request: CompletionRequest<T>): Promise<CompletionResult<T>>;
}
