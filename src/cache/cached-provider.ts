/**
 * A Provider that answers repeated requests from the response cache. Only validated successes are
 * stored: failures and errors are never cached, so a flaky call is retried next run, not replayed.
 */
import { resolveModel } from '../providers/models.js';
import { DEFAULT_MAX_TOKENS } from '../providers/adapter.js';
import { jsonSchemaOf } from '../providers/structured.js';
import type { CompletionRequest, CompletionResult, Provider, TokenUsage } from '../providers/types.js';
import { contentKey } from './key.js';
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

interface StoredAnswer {
  value: unknown;
  text: string;
  usage: TokenUsage;
  model: string;
  provider: string;
  costUsd: number;
  priced: boolean;
  adjustments: string[];
  repaired: boolean;
}

/** Bumped when the key or payload format changes, so old entries stop matching. */
const KEY_VERSION = 1;

/**
 * The cache key: everything that can change the answer. `sampleIndex` is included so repeated
 * samples of one prompt are distinct entries rather than one answer replayed N times.
 */
export function completionCacheKey(provider: string, request: CompletionRequest<unknown>): string {
  return contentKey({
    v: KEY_VERSION,
    provider,
    model: resolveModel(request.model),
    parameters: { temperature: request.temperature ?? 0, maxTokens: request.maxTokens ?? DEFAULT_MAX_TOKENS },
    system: request.system ?? null,
    messages: request.messages,
    schema: request.schema === undefined ? null : jsonSchemaOf(request.schema),
    schemaName: request.schemaName ?? null,
    sampleIndex: request.sampleIndex ?? 0,
  });
}

export class CachedProvider implements Provider {
  readonly name: string;
  readonly endpoint: string | undefined;
  readonly #inner: Provider;
  readonly #cache: ResponseCache;
  readonly #mode: CacheMode;
  readonly #onError: (error: unknown) => void;

  constructor(inner: Provider, cache: ResponseCache, options: CachedProviderOptions = {}) {
    this.#inner = inner;
    this.#cache = cache;
    this.name = inner.name;
    this.endpoint = inner.endpoint;
    this.#mode = options.mode ?? 'read-write';
    this.#onError = options.onError ?? (() => undefined);
  }

  async complete<T = string>(request: CompletionRequest<T>): Promise<CompletionResult<T>> {
    if (this.#mode === 'off') return this.#inner.complete(request);
    const key = completionCacheKey(this.name, request as CompletionRequest<unknown>);

    if (this.#mode === 'read-write') {
      const started = performance.now();
      let parsedValue: T | undefined;
      // Re-validate on the way out: a stored value that no longer fits the schema is a miss.
      const accept = (payload: unknown): boolean => {
        const value = (payload as Partial<StoredAnswer> | null)?.value;
        if (request.schema === undefined) {
          if (typeof value !== 'string') return false;
          parsedValue = value as T;
          return true;
        }
        const parsed = request.schema.safeParse(value);
        if (parsed.success) parsedValue = parsed.data;
        return parsed.success;
      };
      const stored = (await this.#cache.get(key, accept).catch((error: unknown) => {
        this.#onError(error);
        return undefined;
      })) as StoredAnswer | undefined;
      if (stored !== undefined) {
        return {
          ok: true,
          value: parsedValue as T,
          adjustments: stored.adjustments,
          usage: stored.usage,
          // Nothing was spent this time; the ledger counts the hit without cost.
          costUsd: 0,
          priced: stored.priced,
          latencyMs: Math.round(performance.now() - started),
          model: stored.model,
          provider: stored.provider,
          cached: true,
          attempts: 0,
          repaired: stored.repaired,
          text: stored.text,
        };
      }
    }

    const result = await this.#inner.complete(request);
    if (result.ok) {
      const payload: StoredAnswer = {
        value: result.value, text: result.text, usage: result.usage, model: result.model, provider: result.provider,
        costUsd: result.costUsd, priced: result.priced, adjustments: result.adjustments, repaired: result.repaired,
      };
      await this.#cache.set(key, payload, { provider: result.provider, model: result.model }).catch((error: unknown) => this.#onError(error));
    }
    return result;
  }
}
