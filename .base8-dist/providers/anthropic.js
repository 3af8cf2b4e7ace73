/**
 * Anthropic Messages API through the official SDK. Structured output is a forced tool call whose
 * input schema is the zod schema's JSON Schema: the model must answer by "calling" it, and the SDK
 * hands back the parsed input.
 */
import Anthropic from '@anthropic-ai/sdk';
import { NotMeasuredError } from '../errors.js';
import { AdapterProvider } from './adapter.js';
import { toProviderFailure } from './failures.js';
import { toolInputSchema, unwrapToolInput } from './structured.js';
export class AnthropicAdapter {
    name = 'anthropic';
    kind = 'anthropic';
    endpoint;
    #client;
    #streaming;
    #structuredOutput;
    constructor(options = {}) {
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
        this.#client = new Anthropic({
            apiKey: apiKey ?? null,
            authToken: authToken ?? null,
            baseURL: options.baseURL ?? env.ANTHROPIC_BASE_URL ?? null,
            // Retries belong to the reliability layer only; SDK retries would multiply them.
            maxRetries: 0,
        });
        this.#streaming = options.streaming ?? false;
        this.#structuredOutput = options.structuredOutput ?? 'tool';
        // Streaming changes only the transport, not the answer, so it is not part of the endpoint.
        this.endpoint = { kind: this.kind, baseURL: this.#client.baseURL, options: { structuredOutput: this.#structuredOutput } };
    }
    async call(call) {
        const useTool = call.structured !== undefined && this.#structuredOutput === 'tool';
        const tool = call.structured === undefined || !useTool ? undefined : { name: call.structured.name, ...toolInputSchema(call.structured.jsonSchema) };
        const params = {
            model: call.model,
            max_tokens: call.maxTokens,
            // No temperature: the current Messages API deprecated it (absent from SDK 1.x params).
            messages: call.messages.map((m) => ({ role: m.role, content: m.content })),
            ...(call.system ? { system: call.system } : {}),
            ...(call.structured !== undefined && !useTool ? { output_config: { format: { type: 'json_schema', schema: call.structured.jsonSchema } } } : {}),
            ...(tool === undefined
                ? {}
                : {
                    tools: [{ name: tool.name, description: 'Record your answer. Fill every field.', input_schema: tool.schema }],
                    tool_choice: { type: 'tool', name: tool.name },
                }),
        };
        const requestOptions = { signal: call.signal, ...(call.timeoutMs === undefined ? {} : { timeout: call.timeoutMs }) };
        let message;
        try {
            message = this.#streaming
                ? await this.#client.messages.stream(params, requestOptions).finalMessage()
                : await this.#client.messages.create(params, requestOptions);
        }
        catch (error) {
            throw toProviderFailure(error, call.signal, 'anthropic');
        }
        const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
        const toolUse = message.content.find((block) => block.type === 'tool_use' && block.name === tool?.name);
        const u = message.usage;
        return {
            text,
            ...(toolUse?.type === 'tool_use' && tool !== undefined ? { input: unwrapToolInput(toolUse.input, tool.wrapped) } : {}),
            usage: {
                inputTokens: u.input_tokens,
                outputTokens: u.output_tokens,
                cacheReadTokens: u.cache_read_input_tokens ?? 0,
                cacheWriteTokens: u.cache_creation_input_tokens ?? 0,
            },
            model: message.model,
        };
    }
}
export function createAnthropicProvider(options = {}) {
    return new AdapterProvider(new AnthropicAdapter(options), { prices: options.prices });
}
//# sourceMappingURL=anthropic.js.map