export class PluginEvalError extends Error {
    code;
    /** File the problem is about, when there is one. */
    path;
    constructor(code, message, options = {}) {
        super(message, options.cause === undefined ? undefined : { cause: options.cause });
        this.name = 'PluginEvalError';
        this.code = code;
        this.path = options.path;
    }
}
export class InputError extends PluginEvalError {
    constructor(message, path, cause) {
        super('INPUT', message, { path, cause });
        this.name = 'InputError';
    }
}
export class UsageError extends PluginEvalError {
    constructor(message) {
        super('USAGE', message);
        this.name = 'UsageError';
    }
}
export class ConfigError extends PluginEvalError {
    constructor(message, path) {
        super('CONFIG', message, { path });
        this.name = 'ConfigError';
    }
}
export class ProviderError extends PluginEvalError {
    /** HTTP status when the failure came from a response. */
    status;
    retryable;
    /**
     * Set when no later call can succeed either (bad credentials, unknown model, nothing listening): the cause
     * in words. Once retries are exhausted such a failure stops the run instead of leaving one dimension unmeasured.
     */
    fatal;
    constructor(message, options = {}) {
        super('PROVIDER', message, { cause: options.cause });
        this.name = 'ProviderError';
        this.status = options.status;
        this.retryable = options.retryable ?? false;
        this.fatal = options.fatal;
    }
}
export class CancelledError extends PluginEvalError {
    constructor(message = 'cancelled') {
        super('CANCELLED', message);
        this.name = 'CancelledError';
    }
}
/**
 * A layer cannot measure anything, and retrying cannot fix it: missing credentials, 401/403, an unknown
 * model (404), nothing listening at the endpoint, Claude Code not logged in. The run stops (exit 3); a
 * score computed without the layer would look measured when it is not.
 */
export class NotMeasuredError extends PluginEvalError {
    /** Provider name (e.g. `anthropic`, `openai-compatible(127.0.0.1:8080)`, `claude-code`). */
    provider;
    /** Base URL the provider talks to, or how it reaches its backend. */
    endpoint;
    /** What went wrong, in words (e.g. "authentication failed (HTTP 401): invalid x-api-key"). */
    reason;
    status;
    constructor(options) {
        super('NOT_MEASURED', `could not measure: the ${options.provider} provider at ${options.endpoint}: ${options.reason}`, { cause: options.cause });
        this.name = 'NotMeasuredError';
        this.provider = options.provider;
        this.endpoint = options.endpoint;
        this.reason = options.reason;
        this.status = options.status;
    }
}
//# sourceMappingURL=errors.js.map