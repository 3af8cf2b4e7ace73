import type { PriceTable } from './pricing.js';
import type { JsonSchema } from './structured.js';
import type { ChatMessage, CompletionRequest, CompletionResult, Provider, ProviderEndpoint, ProviderKind, TokenUsage } from './types.js';
export interface ModelCall {
    model: string;
    system: string | undefined;
    messages: ChatMessage[];
    /** Present when the caller wants a structured reply. */
    structured: {
        name: string;
        jsonSchema: JsonSchema;
    } | undefined;
    temperature: number;
    maxTokens: number;
    signal: AbortSignal | undefined;
    timeoutMs: number | undefined;
}
export interface ModelReply {
    text: string;
    /** Already-parsed structured value (a tool call's input); skips text extraction. */
    input?: unknown;
    usage: TokenUsage;
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
export declare const DEFAULT_MAX_TOKENS = 1024;
export declare class AdapterProvider implements Provider {
    #private;
    readonly name: string;
    readonly kind: ProviderKind;
    readonly endpoint: ProviderEndpoint;
    constructor(adapter: ModelAdapter, options?: AdapterProviderOptions);
    complete<T = string>(request: CompletionRequest<T>): Promise<CompletionResult<T>>;
}
