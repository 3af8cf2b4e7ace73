/**
 * A Provider that answers repeated requests from the response cache. Only validated successes are
 * stored: failures and errors are never cached, so a flaky call is retried next run, not replayed.
 */
import { resolveModel } from '../models.js';
import { DEFAULT_MAX_TOKENS } from '../adapter.js';
import { jsonSchemaOf, safeSchemaName } from '../structured.js';
import type { CompletionRequest, CompletionResult, Provider, ProviderEndpoint, TokenUsage } from '../types.js';
import { promptOf, replyOf } from '../../events/call.js';
import { emit, listening } from '../../events/sink.js';
import { contentKey } from '../../util/hash.js';
import type { ResponseCache } from './store.js';
import { monotonicMs } from '../../util/clock.js';

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
  /** False when the server reported no token counts; absent in entries stored before it was recorded (read as true). */
  usageReported?: boolean;
  model: string;
  provider: string;
  costUsd: number;
  priced: boolean;
  adjustments: string[];
  repaired: boolean;
}

/** Bumped when the key or payload format changes, so old entries stop matching. */
const KEY_VERSION = 2;

/**
 * Every request field, classified: `answer` fields are part of the key, `transport` fields only change how
 * the call is made. The mapped type makes a new CompletionRequest field a compile error until it is placed
 * here; a field a JavaScript caller adds that is not listed counts as `answer` (a needless miss is cheap,
 * a replayed wrong answer is not).
 */
const REQUEST_FIELDS: { readonly [K in keyof CompletionRequest<unknown>]-?: 'answer' | 'transport' } = {
  model: 'answer',
  system: 'answer',
  messages: 'answer',
  schema: 'answer',
  schemaName: 'answer',
  temperature: 'answer',
  maxTokens: 'answer',
  // Repeats of one prompt are distinct samples, not one answer replayed N times.
  sampleIndex: 'answer',
  signal: 'transport',
  timeoutMs: 'transport',
};

/** Who answers: a provider, or just its name (a provider without an endpoint is keyed by name alone). */
export type CacheKeyProvider = string | { readonly name: string; readonly endpoint?: ProviderEndpoint | undefined };

/**
 * The cache key: the provider's name and endpoint (kind, base URL, answer-changing backend options) and
 * every answer field of the request, with defaults filled in exactly as the adapters fill them, so
 * `temperature: undefined` and `temperature: 0`, or an alias and its model id, are one request.
 */
export function completionCacheKey(provider: CacheKeyProvider, request: CompletionRequest<unknown>): string {
  const { name, endpoint } = typeof provider === 'string' ? { name: provider, endpoint: undefined } : provider;
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(request)) {
    if (REQUEST_FIELDS[field as keyof typeof REQUEST_FIELDS] !== 'transport') fields[field] = value;
  }
  const schema = request.schema;
  Object.assign(fields, {
    model: resolveModel(request.model, endpoint?.kind),
    system: request.system ?? null,
    schema: schema === undefined ? null : jsonSchemaOf(schema),
    // The name is sent only with a schema, and sanitised first.
    schemaName: schema === undefined ? null : safeSchemaName(request.schemaName),
    temperature: request.temperature ?? 0,
    maxTokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
    sampleIndex: request.sampleIndex ?? 0,
  });
  return contentKey({ v: KEY_VERSION, provider: name, endpoint: endpoint ?? null, request: fields });
}

export class CachedProvider implements Provider {
  readonly name: string;
  readonly endpoint: ProviderEndpoint | undefined;
  readonly concurrency: number | undefined;
  readonly #inner: Provider;
  readonly #cache: ResponseCache;
  readonly #mode: CacheMode;
  readonly #onError: (error: unknown) => void;

  constructor(inner: Provider, cache: ResponseCache, options: CachedProviderOptions = {}) {
    this.#inner = inner;
    this.#cache = cache;
    this.name = inner.name;
    this.endpoint = inner.endpoint;
    this.concurrency = inner.concurrency;
    this.#mode = options.mode ?? 'read-write';
    this.#onError = options.onError ?? (() => undefined);
  }

  async complete<T = string>(request: CompletionRequest<T>): Promise<CompletionResult<T>> {
    if (this.#mode === 'off') return this.#inner.complete(request);
    const key = completionCacheKey(this, request as CompletionRequest<unknown>);

    if (this.#mode === 'read-write') {
      const started = monotonicMs();
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
        const hit: CompletionResult<T> = {
          ok: true,
          value: parsedValue as T,
          adjustments: stored.adjustments,
          usage: stored.usage,
          // The stored tokens are unknown when the first reply had none; the ledger says so for the hit too.
          usageReported: stored.usageReported ?? true,
          // Nothing was spent this time; the ledger counts the hit without cost.
          costUsd: 0,
          priced: stored.priced,
          latencyMs: Math.round(monotonicMs() - started),
          model: stored.model,
          provider: stored.provider,
          cached: true,
          attempts: 0,
          repaired: stored.repaired,
          text: stored.text,
        };
        if (listening())
          emit({ type: 'call.cached', provider: this.name, prompt: promptOf(request), reply: replyOf(hit) });
        return hit;
      }
    }

    const result = await this.#inner.complete(request);
    if (result.ok) {
      const payload: StoredAnswer = {
        value: result.value,
        text: result.text,
        usage: result.usage,
        usageReported: result.usageReported,
        model: result.model,
        provider: result.provider,
        costUsd: result.costUsd,
        priced: result.priced,
        adjustments: result.adjustments,
        repaired: result.repaired,
      };
      await this.#cache
        .set(key, payload, { provider: result.provider, model: result.model })
        .catch((error: unknown) => this.#onError(error));
    }
    return result;
  }
}
