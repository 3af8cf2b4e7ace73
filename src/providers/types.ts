/**
 * The one interface every LLM backend implements. Layers (reliability, cache) wrap a Provider
 * and are Providers themselves, so callers never know which stack they hold.
 */
import type { z } from 'zod';

export type ProviderKind = 'anthropic' | 'openai-compatible' | 'claude-code';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest<T = string> {
  /** Model id or alias (haiku, sonnet, opus). */
  model: string;
  system?: string;
  messages: ChatMessage[];
  /** When present the reply must validate against it; without it `value` is the reply text. */
  schema?: z.ZodType<T>;
  /** Name of the structured output (tool name / json_schema name). Default `result`. */
  schemaName?: string;
  /** Default 0: judges should be as repeatable as the backend allows. */
  temperature?: number;
  /** Default 1024. */
  maxTokens?: number;
  /** Repeat number of an otherwise identical request; part of the cache key so repeats are real samples. */
  sampleIndex?: number;
  signal?: AbortSignal;
  /** Per-attempt timeout; the reliability layer enforces it, adapters pass it to their SDK too. */
  timeoutMs?: number;
}

export interface TokenUsage {
  /** Uncached input tokens. */
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export interface CompletionMeta {
  /** Token counts the backend reported; with `usageReported: false`, only those of the replies that reported any. */
  usage: TokenUsage;
  /**
   * False when a reply of this call carried no token counts (an OpenAI-compatible server or a proxy that omits
   * `usage`): its tokens, and so its cost, are unknown, not zero. The ledger counts such a call apart.
   */
  usageReported: boolean;
  /** USD actually spent by this call (0 for a cache hit; 0 with `priced: false` for an unknown model). */
  costUsd: number;
  /** False when no price was known for the model, so `costUsd` is not a real figure. */
  priced: boolean;
  /** Wall time of the successful attempt (or of the cache lookup). */
  latencyMs: number;
  /** Model id the backend reported. */
  model: string;
  /** Name of the provider that produced the answer (e.g. `anthropic`). */
  provider: string;
  cached: boolean;
  /** Number of attempts the reliability layer made (0 for a cache hit, 1 without retries). */
  attempts: number;
  /** True when the first reply failed validation and the repair request fixed it. */
  repaired: boolean;
  /** Raw reply text (tool input serialised as JSON), kept for transcripts and debugging. */
  text: string;
}

/**
 * A reply that could not be turned into a valid `T` is a value, not an exception: the caller marks
 * the dimension "unmeasured" with `reason`. Infrastructure failures (network, 5xx after retries,
 * cancellation) are thrown as ProviderError / CancelledError instead.
 */
export type CompletionResult<T> = CompletionMeta &
  (
    | {
        ok: true;
        value: T /** Values read differently to fit the schema, e.g. `score: "7" read as a number`. */;
        adjustments: string[];
      }
    | { ok: false; reason: string }
  );

/**
 * Where a provider's answers come from. Part of every cache key, so two servers (a gateway, a local model
 * behind the same API, another account's proxy) never share answers.
 */
export interface ProviderEndpoint {
  kind: ProviderKind;
  /** Base URL the requests go to; null when the backend picks it itself (Claude Code's own login). */
  baseURL: string | null;
  /** Backend options that change what is sent, hence the answer (e.g. how structured output is requested). */
  options: Record<string, unknown>;
}

export interface Provider {
  /** Stable name used in cache keys, usage ledgers and run reports. */
  readonly name: string;
  /** The backend behind this provider; wrappers (reliability, cache) pass their inner provider's on. */
  readonly endpoint?: ProviderEndpoint;
  /**
   * Calls it sends at once at most, when it limits them (the reliability layer); wrappers pass their inner provider's
   * on.
   */
  readonly concurrency?: number | undefined;
  complete<T = string>(request: CompletionRequest<T>): Promise<CompletionResult<T>>;
}

/** Where the calls of a provider go, in words, for failure messages ("the anthropic provider at <this>"). */
export function describeEndpoint(endpoint: ProviderEndpoint | undefined): string {
  if (endpoint === undefined) return '(endpoint not reported)';
  if (endpoint.kind === 'claude-code') {
    return endpoint.baseURL === null
      ? 'the Claude Code login (default Anthropic endpoint)'
      : `${endpoint.baseURL} (through Claude Code)`;
  }
  return endpoint.baseURL ?? '(endpoint not reported)';
}

/**
 * How long one model call attempt waits for its answer unless the `requestTimeout` setting says otherwise (the
 * reliability layer's timeout, and the longest retry-after it obeys). Suits the hosted APIs; a local model on a CPU
 * may need several minutes for one judge reply.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

export const ZERO_USAGE: TokenUsage = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
});

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
  };
}
