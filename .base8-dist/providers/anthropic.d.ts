import { AdapterProvider } from './adapter.js';
import type { ModelAdapter, ModelCall, ModelReply } from './adapter.js';
import type { PriceTable } from './pricing.js';
import type { ProviderEndpoint } from './types.js';
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
export declare class AnthropicAdapter implements ModelAdapter {
    #private;
    readonly name = "anthropic";
    readonly kind: "anthropic";
    readonly endpoint: ProviderEndpoint;
    constructor(options?: AnthropicProviderOptions);
    call(call: ModelCall): Promise<ModelReply>;
}
export declare function createAnthropicProvider(options?: AnthropicProviderOptions): AdapterProvider;
