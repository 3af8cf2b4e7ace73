/**
 * Any OpenAI-compatible Chat Completions server (OpenAI, Ollama, vLLM, llama.cpp, LM Studio) through
 * the official `openai` SDK and a base URL. Structured output uses
 * `response_format: {type: 'json_schema'}`; servers that lack it can use `structuredOutput: 'prompt'`.
 */
import OpenAI from 'openai';
import { NotMeasuredError } from '../errors.js';
import { AdapterProvider } from './adapter.js';
import { toProviderFailure } from './failures.js';
import { jsonInstruction, strictJsonSchema } from './structured.js';
/** Reasoning models (o-series, gpt-5) reject any temperature but the default. */
const FIXED_TEMPERATURE = /^(o\d|gpt-5)/i;
export class OpenAiCompatibleAdapter {
    name;
    kind = 'openai-compatible';
    endpoint;
    #client;
    #official;
    #structuredOutput;
    constructor(options = {}) {
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
        this.#client = new OpenAI({
            // Local servers ignore the key, but the SDK insists on a non-empty one.
            apiKey: apiKey || 'not-needed',
            ...(baseURL === undefined ? {} : { baseURL }),
            maxRetries: 0,
        });
        this.name = options.name ?? (this.#official ? 'openai' : `openai-compatible(${new URL(baseURL).host})`);
        this.#structuredOutput = options.structuredOutput ?? 'json_schema';
        this.endpoint = { kind: this.kind, baseURL: this.#client.baseURL, options: { structuredOutput: this.#structuredOutput } };
    }
    async call(call) {
        const structured = call.structured;
        const usePrompt = structured !== undefined && this.#structuredOutput === 'prompt';
        const system = [call.system, usePrompt ? jsonInstruction(structured.jsonSchema, structured.name) : undefined].filter(Boolean).join('\n\n');
        const messages = [
            ...(system ? [{ role: 'system', content: system }] : []),
            ...call.messages.map((m) => ({ role: m.role, content: m.content })),
        ];
        let responseFormat;
        if (structured !== undefined && !usePrompt) {
            const { schema, strict } = strictJsonSchema(structured.jsonSchema);
            responseFormat = { type: 'json_schema', json_schema: { name: structured.name, schema, strict } };
        }
        const params = {
            model: call.model,
            messages,
            // api.openai.com wants max_completion_tokens; most local servers only know max_tokens.
            ...(this.#official ? { max_completion_tokens: call.maxTokens } : { max_tokens: call.maxTokens }),
            ...(FIXED_TEMPERATURE.test(call.model) ? {} : { temperature: call.temperature }),
            ...(responseFormat === undefined ? {} : { response_format: responseFormat }),
        };
        let completion;
        try {
            completion = await this.#client.chat.completions.create(params, {
                signal: call.signal,
                ...(call.timeoutMs === undefined ? {} : { timeout: call.timeoutMs }),
            });
        }
        catch (error) {
            throw toProviderFailure(error, call.signal, this.name);
        }
        const message = completion.choices[0]?.message;
        const toolCall = message?.tool_calls?.[0];
        const text = message?.content ?? (toolCall?.type === 'function' ? toolCall.function.arguments : message?.refusal) ?? '';
        const u = completion.usage;
        const cached = u?.prompt_tokens_details?.cached_tokens ?? 0;
        return {
            text,
            usage: {
                inputTokens: Math.max(0, (u?.prompt_tokens ?? 0) - cached),
                outputTokens: u?.completion_tokens ?? 0,
                cacheReadTokens: cached,
                cacheWriteTokens: 0,
            },
            model: completion.model || call.model,
        };
    }
}
export function createOpenAiCompatibleProvider(options = {}) {
    return new AdapterProvider(new OpenAiCompatibleAdapter(options), { prices: options.prices });
}
//# sourceMappingURL=openai-compatible.js.map