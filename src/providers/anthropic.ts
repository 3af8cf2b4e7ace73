/**
 * Anthropic Messages API through the official SDK. Structured output is a forced tool call whose
 * input schema is the zod schema's JSON Schema: the model must answer by "calling" it, and the SDK
 * hands back the parsed input.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { NotMeasuredError } from '../errors.js';
import { importLazily } from '../util/optional-package.js';
import { AdapterProvider } from './adapter.js';
import type { ModelAdapter, ModelCall, ModelReply } from './adapter.js';
import { malformedReply, toProviderFailure } from './failures.js';
import type { PriceTable } from './pricing.js';
import type { ProviderEndpoint, TokenUsage } from './types.js';
import { toolInputSchema, unwrapToolInput } from './structured.js';

export interface AnthropicProviderOptions {
  /** Default: ANTHROPIC_API_KEY. */
  apiKey?: string;
  /** Default: ANTHROPIC_AUTH_TOKEN (bearer token, e.g. behind a gateway). */
  authToken?: string;
  /** Default: ANTHROPIC_BASE_URL, else the SDK's default. */
  baseURL?: string;
  /** Use SSE streaming (needed for very long outputs; exercises the same path as Claude Code). */
  streaming?: boolean;
  /**
   * How to get structured output: a forced tool call (default), or the native
   * `output_config.format` JSON schema (for models that refuse forced tool choice).
   */
  structuredOutput?: 'tool' | 'output-format';
  prices?: PriceTable;
  env?: NodeJS.ProcessEnv;
}

type MessageParams = Anthropic.MessageCreateParamsNonStreaming;

/** The SDK's own default, named here because the endpoint is known before the SDK loads. */
const DEFAULT_BASE_URL = 'https://api.anthropic.com';

export class AnthropicAdapter implements ModelAdapter {
  readonly name = 'anthropic';
  readonly kind = 'anthropic' as const;
  readonly endpoint: ProviderEndpoint;
  readonly #clientOptions: ConstructorParameters<typeof Anthropic>[0];
  #client: Promise<Anthropic> | undefined;
  readonly #streaming: boolean;
  readonly #structuredOutput: 'tool' | 'output-format';

  constructor(options: AnthropicProviderOptions = {}) {
    const env = options.env ?? process.env;
    const apiKey = options.apiKey ?? env.ANTHROPIC_API_KEY;
    const authToken = options.authToken ?? env.ANTHROPIC_AUTH_TOKEN;
    if (!apiKey && !authToken) {
      throw new NotMeasuredError({
        provider: 'anthropic',
        endpoint: options.baseURL ?? env.ANTHROPIC_BASE_URL ?? 'https://api.anthropic.com',
        reason: 'no credentials: set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN)',
      });
    }
    const baseURL = (options.baseURL ?? env.ANTHROPIC_BASE_URL) || DEFAULT_BASE_URL;
    // Retries belong to the reliability layer only; SDK retries would multiply them.
    this.#clientOptions = { apiKey: apiKey ?? null, authToken: authToken ?? null, baseURL, maxRetries: 0 };
    this.#streaming = options.streaming ?? false;
    this.#structuredOutput = options.structuredOutput ?? 'tool';
    // Streaming changes only the transport, not the answer, so it is not part of the endpoint.
    this.endpoint = { kind: this.kind, baseURL, options: { structuredOutput: this.#structuredOutput } };
  }

  /**
   * The SDK loads at the first call, not with this module: `plugin-eval/providers` and an OpenAI-only install
   * must not need @anthropic-ai/sdk, and a missing one is a MissingPackageError naming it (exit 3).
   */
  #sdkClient(): Promise<Anthropic> {
    this.#client ??= importLazily(() => import('@anthropic-ai/sdk'), 'the anthropic provider').then(
      ({ default: Sdk }) => new Sdk(this.#clientOptions),
    );
    return this.#client;
  }

  async call(call: ModelCall): Promise<ModelReply> {
    const useTool = call.structured !== undefined && this.#structuredOutput === 'tool';
    const tool =
      call.structured === undefined || !useTool
        ? undefined
        : { name: call.structured.name, ...toolInputSchema(call.structured.jsonSchema) };
    const params: MessageParams = {
      model: call.model,
      max_tokens: call.maxTokens,
      // No temperature: the current Messages API deprecated it (absent from SDK 1.x params).
      messages: call.messages.map((m) => ({ role: m.role, content: m.content })),
      ...(call.system ? { system: call.system } : {}),
      ...(call.structured !== undefined && !useTool
        ? { output_config: { format: { type: 'json_schema' as const, schema: call.structured.jsonSchema } } }
        : {}),
      ...(tool === undefined
        ? {}
        : {
            tools: [
              {
                name: tool.name,
                description: 'Record your answer. Fill every field.',
                input_schema: tool.schema as Anthropic.Tool.InputSchema,
              },
            ],
            tool_choice: { type: 'tool' as const, name: tool.name },
          }),
    };
    const requestOptions = {
      signal: call.signal,
      ...(call.timeoutMs === undefined ? {} : { timeout: call.timeoutMs }),
    };
    const client = await this.#sdkClient();
    let message: Anthropic.Message;
    try {
      message = this.#streaming
        ? await client.messages.stream(params, requestOptions).finalMessage()
        : await client.messages.create(params, requestOptions);
    } catch (error) {
      throw toProviderFailure(error, call.signal, 'anthropic');
    }
    const blocks: unknown = (message as Partial<Anthropic.Message> | undefined)?.content;
    if (!Array.isArray(blocks) || !blocks.every((b) => typeof b === 'object' && b !== null))
      throw malformedReply('anthropic', 'the reply has no content blocks');
    const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
    const toolUse = message.content.find((block) => block.type === 'tool_use' && block.name === tool?.name);
    return {
      text,
      ...(toolUse?.type === 'tool_use' && tool !== undefined
        ? { input: unwrapToolInput(toolUse.input, tool.wrapped) }
        : {}),
      usage: usageOf(message.usage as Anthropic.Usage | undefined),
      model: message.model,
    };
  }
}

/** Token counts of a reply, or null when a gateway or proxy sent none (unknown, which is not zero). */
function usageOf(u: Anthropic.Usage | null | undefined): TokenUsage | null {
  if (typeof u?.input_tokens !== 'number' || typeof u.output_tokens !== 'number') return null;
  return {
    inputTokens: u.input_tokens,
    outputTokens: u.output_tokens,
    cacheReadTokens: u.cache_read_input_tokens ?? 0,
    cacheWriteTokens: u.cache_creation_input_tokens ?? 0,
  };
}

export function createAnthropicProvider(options: AnthropicProviderOptions = {}): AdapterProvider {
  return new AdapterProvider(new AnthropicAdapter(options), { prices: options.prices });
}
