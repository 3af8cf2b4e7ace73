import { AdapterProvider } from './adapter.js';
import type { ModelAdapter, ModelCall, ModelReply } from './adapter.js';
import type { PriceTable } from './pricing.js';
import type { ProviderEndpoint } from './types.js';
export interface ClaudeCodeOptions {
    /** Environment of the Claude Code process (default: this process's). Our isolation flags are added on top. */
    env?: NodeJS.ProcessEnv;
    /** Point Claude Code at another Messages endpoint (sets ANTHROPIC_BASE_URL). */
    baseURL?: string;
    /** Working directory; default a fresh empty temp dir per call so no project files leak into the judge. */
    cwd?: string;
    /** Which settings files to load; default none, so user hooks/skills/CLAUDE.md cannot sway a judge. */
    settingSources?: ('user' | 'project' | 'local')[];
    pathToClaudeCodeExecutable?: string;
    /** Prices for the fallback when the SDK reports no cost. */
    prices?: PriceTable;
}
/** The agent SDK takes one prompt: earlier turns (e.g. the repair exchange) are rendered as a transcript. */
export declare function renderPrompt(call: Pick<ModelCall, 'messages' | 'structured'>): string;
export declare class ClaudeCodeAdapter implements ModelAdapter {
    #private;
    readonly name = "claude-code";
    readonly kind: "claude-code";
    readonly endpoint: ProviderEndpoint;
    constructor(options?: ClaudeCodeOptions);
    call(call: ModelCall): Promise<ModelReply>;
}
export declare function createClaudeCodeProvider(options?: ClaudeCodeOptions): AdapterProvider;
