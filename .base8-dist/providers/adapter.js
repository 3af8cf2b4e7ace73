/**
 * What all backends share: alias resolution, the structured-output pipeline with its single repair
 * request, usage/cost accounting and timing. A backend only implements `ModelAdapter.call`: send
 * one request, return text (or an already-parsed tool input) and usage.
 */
import { CancelledError } from '../errors.js';
import { resolveModel } from './models.js';
import { DEFAULT_PRICES, priceCall } from './pricing.js';
import { jsonSchemaOf, parseStructured, repairPrompt, safeSchemaName } from './structured.js';
import { addUsage } from './types.js';
export const DEFAULT_MAX_TOKENS = 1024;
export class AdapterProvider {
    name;
    kind;
    endpoint;
    #adapter;
    #prices;
    constructor(adapter, options = {}) {
        this.#adapter = adapter;
        this.name = adapter.name;
        this.kind = adapter.kind;
        this.endpoint = adapter.endpoint;
        this.#prices = options.prices ?? DEFAULT_PRICES;
    }
    async complete(request) {
        if (request.signal?.aborted)
            throw new CancelledError();
        const started = performance.now();
        const jsonSchema = request.schema === undefined ? undefined : jsonSchemaOf(request.schema);
        const call = {
            model: resolveModel(request.model, this.kind),
            system: request.system,
            messages: request.messages,
            structured: jsonSchema === undefined ? undefined : { name: safeSchemaName(request.schemaName), jsonSchema },
            temperature: request.temperature ?? 0,
            maxTokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
            signal: request.signal,
            timeoutMs: request.timeoutMs,
        };
        const first = await this.#adapter.call(call);
        const replies = [first];
        let outcome;
        let repaired = false;
        if (request.schema === undefined || jsonSchema === undefined) {
            outcome = { ok: true, value: first.text, adjustments: [] };
        }
        else {
            outcome = parseStructured(request.schema, jsonSchema, first);
            if (!outcome.ok) {
                // One repair turn that quotes the validation error; a second failure is reported, not retried.
                const previous = first.input !== undefined ? JSON.stringify(first.input) : first.text.trim() || '(empty reply)';
                const second = await this.#adapter.call({
                    ...call,
                    messages: [...call.messages, { role: 'assistant', content: previous }, { role: 'user', content: repairPrompt(outcome.reason, jsonSchema) }],
                });
                replies.push(second);
                const retried = parseStructured(request.schema, jsonSchema, second);
                if (retried.ok) {
                    outcome = retried;
                    repaired = true;
                }
                else {
                    outcome = { ok: false, reason: `${retried.reason}\n(after one repair request; the first reply failed with: ${outcome.reason})` };
                }
            }
        }
        const last = replies[replies.length - 1];
        let usage = replies[0]?.usage;
        let costUsd = 0;
        let priced = true;
        replies.forEach((reply, i) => {
            if (i > 0)
                usage = addUsage(usage, reply.usage);
            if (reply.costUsd !== undefined)
                costUsd += reply.costUsd;
            else {
                const price = priceCall(reply.model || call.model, reply.usage, this.#prices);
                costUsd += price.costUsd;
                priced &&= price.priced;
            }
        });
        const meta = {
            usage, costUsd, priced,
            latencyMs: Math.round(performance.now() - started),
            model: last.model || call.model,
            provider: this.name,
            cached: false,
            attempts: 1,
            repaired,
            text: last.input !== undefined ? JSON.stringify(last.input) : last.text,
        };
        return outcome.ok ? { ...meta, ok: true, value: outcome.value, adjustments: outcome.adjustments } : { ...meta, ok: false, reason: outcome.reason };
    }
}
//# sourceMappingURL=adapter.js.map