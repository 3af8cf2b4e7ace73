import type { ProviderKind } from './types.js';
export interface ProviderConfig {
    /** anthropic | openai | openai-compatible | ollama | claude-code */
    provider?: string;
    model?: string;
    baseURL?: string;
}
export interface ProviderSelection {
    kind: ProviderKind;
    /** Human-readable reason, e.g. "ANTHROPIC_API_KEY is set". */
    reason: string;
    /** Model id or alias; undefined when nothing sensible can be defaulted (a local server). */
    model: string | undefined;
    baseURL: string | undefined;
}
/** Accepted spellings for the flag and config value. */
export declare function parseProviderName(name: string): {
    kind: ProviderKind;
    baseURL?: string;
} | undefined;
export declare function selectProvider(input?: {
    flag?: string;
    config?: ProviderConfig;
    env?: NodeJS.ProcessEnv;
    model?: string;
}): ProviderSelection;
