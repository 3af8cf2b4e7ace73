/**
 * A model call as the event stream records it. Structural input types (not the provider's own) keep this
 * folder free of imports from the rest of the code base.
 */
import type { CallPrompt, CallReply } from './types.js';

interface RequestLike {
  model: string;
  system?: string | undefined;
  messages: readonly { role: string; content: string }[];
  schemaName?: string | undefined;
  sampleIndex?: number | undefined;
  temperature?: number | undefined;
}

interface ResultLike {
  ok: boolean;
  text: string;
  reason?: string;
  model: string;
  provider: string;
  usage: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheWriteTokens: number };
  usageReported?: boolean;
  costUsd: number;
  cached: boolean;
  attempts: number;
  latencyMs: number;
}

export function promptOf(request: RequestLike): CallPrompt {
  return {
    model: request.model,
    ...(request.system !== undefined ? { system: request.system } : {}),
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    ...(request.schemaName !== undefined ? { schemaName: request.schemaName } : {}),
    ...(request.sampleIndex !== undefined ? { sampleIndex: request.sampleIndex } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
  };
}

export function replyOf(result: ResultLike): CallReply {
  return {
    ok: result.ok,
    text: result.text,
    ...(!result.ok && result.reason !== undefined ? { reason: result.reason } : {}),
    model: result.model,
    provider: result.provider,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    cacheReadTokens: result.usage.cacheReadTokens,
    cacheWriteTokens: result.usage.cacheWriteTokens,
    ...(result.usageReported === false ? { usageReported: false as const } : {}),
    costUsd: result.costUsd,
    cached: result.cached,
    attempts: result.attempts,
    latencyMs: result.latencyMs,
  };
}
