/**
 * A Provider that answers repeated requests from the response cache. Only validated successes are
 * stored: failures and errors are never cached, so a flaky call is retried next run, not replayed.
 */
import { resolveModel } from '../providers/models.js';
import { DEFAULT_MAX_TOKENS } from '../providers/adapter.js';
import { jsonSchemaOf, safeSchemaName } from '../providers/structured.js';
import { contentKey } from './key.js';
/** Bumped when the key or payload format changes, so old entries stop matching. */
const KEY_VERSION = 2;
/**
 * Every request field, classified: `answer` fields are part of the key, `transport` fields only change how
 * the call is made. The mapped type makes a new CompletionRequest field a compile error until it is placed
 * here; a field a JavaScript caller adds that is not listed counts as `answer` (a needless miss is cheap,
 * a replayed wrong answer is not).
 */
const REQUEST_FIELDS = {
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
/**
 * The cache key: the provider's name and endpoint (kind, base URL, answer-changing backend options) and
 * every answer field of the request, with defaults filled in exactly as the adapters fill them, so
 * `temperature: undefined` and `temperature: 0`, or an alias and its model id, are one request.
 */
export function completionCacheKey(provider, request) {
    const { name, endpoint } = typeof provider === 'string' ? { name: provider, endpoint: undefined } : provider;
    const fields = {};
    for (const [field, value] of Object.entries(request)) {
        if (REQUEST_FIELDS[field] !== 'transport')
            fields[field] = value;
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
export class CachedProvider {
    name;
    endpoint;
    #inner;
    #cache;
    #mode;
    #onError;
    constructor(inner, cache, options = {}) {
        this.#inner = inner;
        this.#cache = cache;
        this.name = inner.name;
        this.endpoint = inner.endpoint;
        this.#mode = options.mode ?? 'read-write';
        this.#onError = options.onError ?? (() => undefined);
    }
    async complete(request) {
        if (this.#mode === 'off')
            return this.#inner.complete(request);
        const key = completionCacheKey(this, request);
        if (this.#mode === 'read-write') {
            const started = performance.now();
            let parsedValue;
            // Re-validate on the way out: a stored value that no longer fits the schema is a miss.
            const accept = (payload) => {
                const value = payload?.value;
                if (request.schema === undefined) {
                    if (typeof value !== 'string')
                        return false;
                    parsedValue = value;
                    return true;
                }
                const parsed = request.schema.safeParse(value);
                if (parsed.success)
                    parsedValue = parsed.data;
                return parsed.success;
            };
            const stored = (await this.#cache.get(key, accept).catch((error) => {
                this.#onError(error);
                return undefined;
            }));
            if (stored !== undefined) {
                return {
                    ok: true,
                    value: parsedValue,
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
            const payload = {
                value: result.value, text: result.text, usage: result.usage, model: result.model, provider: result.provider,
                costUsd: result.costUsd, priced: result.priced, adjustments: result.adjustments, repaired: result.repaired,
            };
            await this.#cache.set(key, payload, { provider: result.provider, model: result.model }).catch((error) => this.#onError(error));
        }
        return result;
    }
}
//# sourceMappingURL=cached-provider.js.map