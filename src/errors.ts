/**
 * Known failure modes. The CLI maps each to a friendly message and an exit code;
 * anything else is a bug and is shown with its stack only under --debug.
 */
export type ErrorCode =
  | 'USAGE' // bad flags or arguments
  | 'INPUT' // a path that is missing, unreadable or not a skill/plugin
  | 'CONFIG' // a configuration file that does not validate
  | 'PROVIDER' // an LLM provider failure that survived retries
  | 'NOT_MEASURED' // a layer the run needs cannot measure at all (no credentials, 401/403, unknown model, nothing listening)
  | 'CANCELLED'; // the user pressed Ctrl-C

export class PluginEvalError extends Error {
  readonly code: ErrorCode;
  /** File the problem is about, when there is one. */
  readonly path: string | undefined;
  /**
   * What the user can do about it, printed by the CLI on its own line after the message. Without it a
   * NOT_MEASURED error gets the CLI's general line about scoring, which says nothing useful to a worker.
   */
  readonly next: string | undefined;

  constructor(code: ErrorCode, message: string, options: { path?: string; cause?: unknown; next?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PluginEvalError';
    this.code = code;
    this.path = options.path;
    this.next = options.next;
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
  /**
   * Set when no later call can succeed either (bad credentials, unknown model, nothing listening): the cause
   * in words. Once retries are exhausted such a failure stops the run instead of leaving one dimension unmeasured.
   */
  readonly fatal: string | undefined;

  constructor(
    message: string,
    options: { status?: number; retryable?: boolean; fatal?: string; cause?: unknown } = {},
  ) {
    super('PROVIDER', message, { cause: options.cause });
    this.name = 'ProviderError';
    this.status = options.status;
    this.retryable = options.retryable ?? false;
    this.fatal = options.fatal;
  }
}

export class CancelledError extends PluginEvalError {
  /**
   * What the command kept of the stopped run, in words, when it kept something (the CLI says it instead of "nothing
   * written").
   */
  readonly kept: string | undefined;

  constructor(message = 'cancelled', kept?: string) {
    super('CANCELLED', message);
    this.name = 'CancelledError';
    this.kept = kept;
  }
}

/**
 * A layer cannot measure anything, and retrying cannot fix it: missing credentials, 401/403, an unknown
 * model (404), nothing listening at the endpoint, Claude Code not logged in. The run stops (exit 3); a
 * score computed without the layer would look measured when it is not.
 */
export class NotMeasuredError extends PluginEvalError {
  /** Provider name (e.g. `anthropic`, `openai-compatible(127.0.0.1:8080)`, `claude-code`). */
  readonly provider: string;
  /** Base URL the provider talks to, or how it reaches its backend. */
  readonly endpoint: string;
  /** What went wrong, in words (e.g. "authentication failed (HTTP 401): invalid x-api-key"). */
  readonly reason: string;
  readonly status: number | undefined;

  constructor(options: { provider: string; endpoint: string; reason: string; status?: number; cause?: unknown }) {
    super(
      'NOT_MEASURED',
      `could not measure: the ${options.provider} provider at ${options.endpoint}: ${options.reason}`,
      { cause: options.cause },
    );
    this.name = 'NotMeasuredError';
    this.provider = options.provider;
    this.endpoint = options.endpoint;
    this.reason = options.reason;
    this.status = options.status;
  }
}

/**
 * A heavy package that only some runs need (an LLM SDK, the SQLite client) is not installed. Nothing was
 * measured with it, so it stops the run like NotMeasuredError (exit 3), and the message says what to install.
 */
export class MissingPackageError extends PluginEvalError {
  /** The npm package name, e.g. `openai`. */
  readonly packageName: string;

  /** `install` is how to install it, where that is more than `npm i <package>`. */
  constructor(packageName: string, neededFor: string, cause?: unknown, install = `\`npm i ${packageName}\``) {
    super(
      'NOT_MEASURED',
      `could not measure: ${neededFor} needs the package ${packageName}, which is not installed; install it ` +
        `with ${install}`,
      { cause },
    );
    this.name = 'MissingPackageError';
    this.packageName = packageName;
  }
}

/**
 * The Agent SDK is installed without its Claude Code binary (`--omit=optional`) and no other `claude` was given or
 * found on PATH: nothing can run the agent, so the run stops (exit 3) saying how to add one.
 */
export class MissingClaudeError extends PluginEvalError {
  /** `orElse` completes "reinstall it ..., or ..." where another `claude` can be given (the agent's --claude-path). */
  constructor(neededFor: string, cause?: unknown, orElse?: string) {
    super(
      'NOT_MEASURED',
      `could not measure: ${neededFor} needs Claude Code, and the Agent SDK was installed without its binary for ` +
        `${process.platform}-${process.arch}; reinstall it with \`npm i @anthropic-ai/claude-agent-sdk\` (without ` +
        `--omit=optional)${orElse === undefined ? '' : `, or ${orElse}`}`,
      { cause },
    );
    this.name = 'MissingClaudeError';
  }
}
