/**
 * Known failure modes. The CLI maps each to a friendly message and an exit code;
 * anything else is a bug and is shown with its stack only under --debug.
 */
export type ErrorCode =
  | 'USAGE' // bad flags or arguments
  | 'INPUT' // a path that is missing, unreadable or not a skill/plugin
  | 'CONFIG' // a configuration file that does not validate
  | 'PROVIDER' // an LLM provider failure that survived retries
  | 'CANCELLED'; // the user pressed Ctrl-C

export class PluginEvalError extends Error {
  readonly code: ErrorCode;
  /** File the problem is about, when there is one. */
  readonly path: string | undefined;

  constructor(code: ErrorCode, message: string, options: { path?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PluginEvalError';
    this.code = code;
    this.path = options.path;
  }
}

export class InputError extends PluginEvalError {
  constructor(message: string, path?: string, cause?: unknown) {
    super('INPUT', message, { path, cause });
    this.name = 'InputError';
  }
}

export class UsageError extends PluginEvalError {
  constructor(message: string) {
    super('USAGE', message);
    this.name = 'UsageError';
  }
}

export class ConfigError extends PluginEvalError {
  constructor(message: string, path?: string) {
    super('CONFIG', message, { path });
    this.name = 'ConfigError';
  }
}

export class ProviderError extends PluginEvalError {
  /** HTTP status when the failure came from a response. */
  readonly status: number | undefined;
  readonly retryable: boolean;

  constructor(message: string, options: { status?: number; retryable?: boolean; cause?: unknown } = {}) {
    super('PROVIDER', message, { cause: options.cause });
    this.name = 'ProviderError';
    this.status = options.status;
    this.retryable = options.retryable ?? false;
  }
}

export class CancelledError extends PluginEvalError {
  constructor(message = 'cancelled') {
    super('CANCELLED', message);
    this.name = 'CancelledError';
  }
}
