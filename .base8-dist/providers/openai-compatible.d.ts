import { AdapterProvider } from './adapter.js';
import type { ModelAdapter, ModelCall, ModelReply } from './adapter.js';
import type { PriceTable } from './pricing.js';
import type { ProviderEndpoint } from './types.js';
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
export declare class OpenAiCompatibleAdapter implements ModelAdapter {
    #private;
    readonly name: string;
    readonly kind: "openai-compatible";
    readonly endpoint: ProviderEndpoint;
    constructor(options?: OpenAiCompatibleOptions);
    call(call: ModelCall): Promise<ModelReply>;
}
export declare function createOpenAiCompatibleProvider(options?: OpenAiCompatibleOptions): AdapterProvider;
