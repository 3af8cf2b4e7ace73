/**
 * Any OpenAI-compatible Chat Completions server (OpenAI, Ollama, vLLM, llama.cpp, LM Studio) through
 * the official `openai` SDK and a base URL. Structured output uses
 * `response_format: {type: 'json_schema'}`; servers that lack it can use `structuredOutput: 'prompt'`.
 */
import type OpenAI from 'openai';
import { NotMeasuredError } from '../errors.js';
import { importLazily } from '../util/optional-package.js';
import { AdapterProvider } from './adapter.js';
import type { ModelAdapter, ModelCall, ModelReply } from './adapter.js';
import { malformedReply, toProviderFailure } from './failures.js';
import type { PriceTable } from './pricing.js';
import type { ProviderEndpoint, TokenUsage } from './types.js';
import { jsonInstruction, strictJsonSchema } from './structured.js';

export interface OpenAiCompatibleOptions {
  /** Default: OPENAI_API_KEY. Optional for local servers with a custom base URL. */
  apiKey?: string;
  /** Default: OPENAI_BASE_URL, else https://api.openai.com/v1. Ollama: http://localhost:11434/v1. */
  baseURL?: string;
  /** `json_schema` (default) or `prompt` (instruct JSON in the system prompt, parse the text). */
  structuredOutput?: 'json_schema' | 'prompt';
  /** Provider name in reports and cache keys; default `openai` or `openai-compatible(<host>)`. */
  name?: string;
  prices?: PriceTable;
  env?: NodeJS.ProcessEnv;
}

/** The SDK's own default, named here because the endpoint is known before the SDK loads. */
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Reasoning models (o-series, gpt-5) reject any temperature but the default. */
const FIXED_TEMPERATURE = /^(o\d|gpt-5)/i;

export class OpenAiCompatibleAdapter implements ModelAdapter {
  readonly name: string;
  readonly kind = 'openai-compatible' as const;
  readonly endpoint: ProviderEndpoint;
  readonly #clientOptions: ConstructorParameters<typeof OpenAI>[0];
  #client: Promise<OpenAI> | undefined;
  readonly #official: boolean;
  readonly #structuredOutput: 'json_schema' | 'prompt';

  constructor(options: OpenAiCompatibleOptions = {}) {
    const env = options.env ?? process.env;
    const baseURL = options.baseURL ?? env.OPENAI_BASE_URL;
    this.#official = baseURL === undefined || /^https:\/\/api\.openai\.com(\/|$)/.test(baseURL);
    const apiKey = options.apiKey ?? env.OPENAI_API_KEY;
    if (!apiKey && this.#official) {
      throw new NotMeasuredError({
        provider: 'openai',
        endpoint: baseURL ?? 'https://api.openai.com/v1',
        reason: 'no credentials: set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)',
      });
    }
    // Local servers ignore the key, but the SDK insists on a non-empty one. The base URL is always passed: the
    // SDK would otherwise read OPENAI_BASE_URL from process.env, not from options.env as the lines above do.
    this.#clientOptions = { apiKey: apiKey || 'not-needed', baseURL: baseURL || DEFAULT_BASE_URL, maxRetries: 0 };
    this.name = options.name ?? (this.#official ? 'openai' : `openai-compatible(${new URL(baseURL as string).host})`);
    this.#structuredOutput = options.structuredOutput ?? 'json_schema';
    this.endpoint = {
      kind: this.kind,
      baseURL: this.#clientOptions.baseURL ?? DEFAULT_BASE_URL,
      options: { structuredOutput: this.#structuredOutput },
    };
  }

  /**
   * The SDK loads at the first call, not with this module: `plugin-eval/providers` and an Anthropic-only install
   * must not need openai, and a missing one is a MissingPackageError naming it (exit 3).
   */
  #sdkClient(): Promise<OpenAI> {
    this.#client ??= importLazily(() => import('openai'), `the ${this.name} provider`).then(
      ({ default: Sdk }) => new Sdk(this.#clientOptions),
    );
    return this.#client;
  }

  async call(call: ModelCall): Promise<ModelReply> {
    const structured = call.structured;
    const usePrompt = structured !== undefined && this.#structuredOutput === 'prompt';
    const system = [call.system, usePrompt ? jsonInstruction(structured.jsonSchema, structured.name) : undefined]
      .filter(Boolean)
      .join('\n\n');
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      ...(system ? [{ role: 'system' as const, content: system }] : []),
      ...call.messages.map((m) => ({ role: m.role, content: m.content })),
    ];
    let responseFormat: OpenAI.ChatCompletionCreateParams['response_format'];
    if (structured !== undefined && !usePrompt) {
      const { schema, strict } = strictJsonSchema(structured.jsonSchema);
      responseFormat = { type: 'json_schema', json_schema: { name: structured.name, schema, strict } };
    }
    const params: OpenAI.ChatCompletionCreateParamsNonStreaming = {
      model: call.model,
      messages,
      // api.openai.com wants max_completion_tokens; most local servers only know max_tokens.
      ...(this.#official ? { max_completion_tokens: call.maxTokens } : { max_tokens: call.maxTokens }),
      ...(FIXED_TEMPERATURE.test(call.model) ? {} : { temperature: call.temperature }),
      ...(responseFormat === undefined ? {} : { response_format: responseFormat }),
    };
    const client = await this.#sdkClient();
    let completion: OpenAI.ChatCompletion;
    try {
      completion = await client.chat.completions.create(params, {
        signal: call.signal,
        ...(call.timeoutMs === undefined ? {} : { timeout: call.timeoutMs }),
      });
    } catch (error) {
      throw toProviderFailure(error, call.signal, this.name);
    }
    if (!Array.isArray((completion as Partial<OpenAI.ChatCompletion> | undefined)?.choices))
      throw malformedReply(this.name, 'the reply has no choices');
    const message = completion.choices[0]?.message;
    const toolCall = message?.tool_calls?.[0];
    const text =
      message?.content ?? (toolCall?.type === 'function' ? toolCall.function.arguments : message?.refusal) ?? '';
    return {
      text,
      usage: usageOf(completion.usage),
      model: completion.model || call.model,
    };
  }
}

/**
 * Token counts of a reply, or null when the server sent none: some OpenAI-compatible servers and proxies omit
 * `usage` (or its counts), and reading that as 0 tokens would report a known $0 for a call nobody knows the cost of.
 */
function usageOf(u: OpenAI.CompletionUsage | null | undefined): TokenUsage | null {
  if (typeof u?.prompt_tokens !== 'number' || typeof u.completion_tokens !== 'number') return null;
  const cached = u.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    inputTokens: Math.max(0, u.prompt_tokens - cached),
    outputTokens: u.completion_tokens,
    cacheReadTokens: cached,
    cacheWriteTokens: 0,
  };
}

export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions = {}): AdapterProvider {
  return new AdapterProvider(new OpenAiCompatibleAdapter(options), { prices: options.prices });
}
