/**
 * What all backends share: alias resolution, the structured-output pipeline with its single repair
 * request, usage/cost accounting and timing. A backend only implements `ModelAdapter.call`: send
 * one request, return text (or an already-parsed tool input) and usage.
 */
import { CancelledError } from '../errors.js';
import { resolveModel } from './models.js';
import { costOfUsage, DEFAULT_PRICES, findPrice } from './pricing.js';
import type { PriceTable } from './pricing.js';
import { jsonSchemaOf, parseStructured, repairPrompt, safeSchemaName } from './structured.js';
import type { JsonSchema, ParseOutcome } from './structured.js';
import { addUsage, ZERO_USAGE } from './types.js';
import type {
  ChatMessage,
  CompletionRequest,
  CompletionResult,
  Provider,
  ProviderEndpoint,
  ProviderKind,
  TokenUsage,
} from './types.js';
import { monotonicMs } from '../util/clock.js';

export interface ModelCall {
  model: string;
  system: string | undefined;
  messages: ChatMessage[];
  /** Present when the caller wants a structured reply. */
  structured: { name: string; jsonSchema: JsonSchema } | undefined;
  temperature: number;
  maxTokens: number;
  signal: AbortSignal | undefined;
  timeoutMs: number | undefined;
}

export interface ModelReply {
  text: string;
  /** Already-parsed structured value (a tool call's input); skips text extraction. */
  input?: unknown;
  /** Null when the server's reply carried no token counts: unknown, which is not zero. */
  usage: TokenUsage | null;
  model: string;
  /** Cost the backend itself reported (Claude Code does); otherwise the price table decides. */
  costUsd?: number;
}

export interface ModelAdapter {
  readonly name: string;
  readonly kind: ProviderKind;
  readonly endpoint: ProviderEndpoint;
  call(call: ModelCall): Promise<ModelReply>;
}

export interface AdapterProviderOptions {
  prices?: PriceTable;
}

export const DEFAULT_MAX_TOKENS = 1024;

export class AdapterProvider implements Provider {
  readonly name: string;
  readonly kind: ProviderKind;
  readonly endpoint: ProviderEndpoint;
  readonly #adapter: ModelAdapter;
  readonly #prices: PriceTable;

  constructor(adapter: ModelAdapter, options: AdapterProviderOptions = {}) {
    this.#adapter = adapter;
    this.name = adapter.name;
    this.kind = adapter.kind;
    this.endpoint = adapter.endpoint;
    this.#prices = options.prices ?? DEFAULT_PRICES;
  }

  async complete<T = string>(request: CompletionRequest<T>): Promise<CompletionResult<T>> {
    if (request.signal?.aborted) throw new CancelledError();
    const started = monotonicMs();
    const jsonSchema = request.schema === undefined ? undefined : jsonSchemaOf(request.schema);
    const call: ModelCall = {
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
    const replies: ModelReply[] = [first];
    let outcome: ParseOutcome<T>;
    let repaired = false;
    if (request.schema === undefined || jsonSchema === undefined) {
      outcome = { ok: true, value: first.text as T, adjustments: [] };
    } else {
      outcome = parseStructured(request.schema, jsonSchema, first);
      if (!outcome.ok) {
        // One repair turn that quotes the validation error; a second failure is reported, not retried.
        const previous = first.input !== undefined ? JSON.stringify(first.input) : first.text.trim() || '(empty reply)';
        const second = await this.#adapter.call({
          ...call,
          messages: [
            ...call.messages,
            { role: 'assistant', content: previous },
            { role: 'user', content: repairPrompt(outcome.reason, jsonSchema) },
          ],
        });
        replies.push(second);
        const retried = parseStructured(request.schema, jsonSchema, second);
        if (retried.ok) {
          outcome = retried;
          repaired = true;
        } else {
          outcome = {
            ok: false,
            reason: `${retried.reason}\n(after one repair request; the first reply failed with: ${outcome.reason})`,
          };
        }
      }
    }

    const last = replies[replies.length - 1] as ModelReply;
    let usage: TokenUsage = { ...ZERO_USAGE };
    let usageReported = true;
    let costUsd = 0;
    let priced = true;
    for (const reply of replies) {
      if (reply.costUsd !== undefined) costUsd += reply.costUsd;
      const price = reply.costUsd === undefined ? findPrice(reply.model || call.model, this.#prices) : undefined;
      if (reply.costUsd === undefined) priced &&= price !== undefined;
      // A reply without token counts adds nothing: its cost is unknown, and `usageReported` says so.
      if (reply.usage === null) {
        usageReported = false;
        continue;
      }
      usage = addUsage(usage, reply.usage);
      if (price !== undefined) costUsd += costOfUsage(reply.usage, price);
    }
    const meta = {
      usage,
      usageReported,
      costUsd,
      priced,
      latencyMs: Math.round(monotonicMs() - started),
      model: last.model || call.model,
      provider: this.name,
      cached: false,
      attempts: 1,
      repaired,
      text: last.input !== undefined ? JSON.stringify(last.input) : last.text,
    };
    return outcome.ok
      ? { ...meta, ok: true, value: outcome.value, adjustments: outcome.adjustments }
      : { ...meta, ok: false, reason: outcome.reason };
  }
}
