/**
 * Known failure modes. The CLI maps each to a friendly message and an exit code;
 * anything else is a bug and is shown with its stack only under --debug.
 */
export type ErrorCode = 'USAGE' | 'INPUT' | 'CONFIG' | 'PROVIDER' | 'NOT_MEASURED' | 'CANCELLED';
export declare class PluginEvalError extends Error {
    readonly code: ErrorCode;
    /** File the problem is about, when there is one. */
    readonly path: string | undefined;
    constructor(code: ErrorCode, message: string, options?: {
        path?: string;
        cause?: unknown;
    });
}
export declare class InputError extends PluginEvalError {
    constructor(message: string, path?: string, cause?: unknown);
}
export declare class UsageError extends PluginEvalError {
    constructor(message: string);
}
export declare class ConfigError extends PluginEvalError {
    constructor(message: string, path?: string);
}
export declare class ProviderError extends PluginEvalError {
    /** HTTP status when the failure came from a response. */
    readonly status: number | undefined;
    readonly retryable: boolean;
    /**
     * Set when no later call can succeed either (bad credentials, unknown model, nothing listening): the cause
     * in words. Once retries are exhausted such a failure stops the run instead of leaving one dimension unmeasured.
     */
    readonly fatal: string | undefined;
    constructor(message: string, options?: {
        status?: number;
        retryable?: boolean;
        fatal?: string;
        cause?: unknown;
    });
}
export declare class CancelledError extends PluginEvalError {
    constructor(message?: string);
}
/**
 * A layer cannot measure anything, and retrying cannot fix it: missing credentials, 401/403, an unknown
 * model (404), nothing listening at the endpoint, Claude Code not logged in. The run stops (exit 3); a
 * score computed without the layer would look measured when it is not.
 */
export declare class NotMeasuredError extends PluginEvalError {
    /** Provider name (e.g. `anthropic`, `openai-compatible(127.0.0.1:8080)`, `claude-code`). */
    readonly provider: string;
    /** Base URL the provider talks to, or how it reaches its backend. */
    readonly endpoint: string;
    /** What went wrong, in words (e.g. "authentication failed (HTTP 401): invalid x-api-key"). */
    readonly reason: string;
    readonly status: number | undefined;
    constructor(options: {
        provider: string;
        endpoint: string;
        reason: string;
        status?: number;
        cause?: unknown;
    });
}
