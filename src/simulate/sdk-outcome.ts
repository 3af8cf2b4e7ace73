/**
 * How a Claude Agent SDK session ended, as `ok` (possibly with the agent's own error) or an infrastructure error.
 *
 * What the SDK does, found by running @anthropic-ai/claude-agent-sdk 0.3.330 (bundled Claude Code) against the
 * scripted model server (test/support/model-server.ts), CLAUDE_CODE_MAX_RETRIES=0:
 * - An API failure is NOT thrown first. Claude Code emits an assistant message whose `error` names the failure
 *   (`rate_limit`, `server_error`, `authentication_failed`, ...) and whose text is `API Error: ...`, then a result
 *   with `subtype: 'success'`, `is_error: true`, `terminal_reason: 'api_error'`, `api_error_status` (the HTTP
 *   status, null for a connection failure) and `api_error_type`; only then does the iterator throw
 *   `Claude Code returned an error result: <text>`.
 *     429 -> error 'rate_limit', status 429, type rate_limit_error ("API Error: Request rejected (429) · ...")
 *     500 -> error 'server_error', status 500, type api_error
 *     529 -> error 'server_error' (not 'overloaded'), status 529, type overloaded_error
 *     401 -> error 'authentication_failed', status 401 ("Failed to authenticate. API Error: 401 ...")
 *     a stream cut mid-way -> error 'server_error', status null ("Connection to the API was lost (ECONNRESET)")
 *     no key and no login -> error 'authentication_failed', no request made, text "Not logged in · Please run /login"
 * - Max turns: result `subtype: 'error_max_turns'`, `errors: ['Reached maximum number of turns (N)']`, then a throw.
 * - A binary that exits: no result; the iterator throws `Claude Code process exited with code 1. stderr: ...`, or
 *   `Claude Code process terminated by signal SIGKILL` when killed.
 * - Abort through the AbortController: no result; throws `Claude Code process aborted by user` (about 2 s after the
 *   abort, while the SDK stops the process).
 * So the result message, when there is one, decides; the throw that follows it is expected and ignored.
 */
import type { InfraError, InfraErrorKind } from './types.js';

/** The fields of an SDK result message this classification reads. */
export interface SdkResultFields {
  subtype: string;
  is_error: boolean;
  api_error_status?: number | null;
  api_error_type?: string;
  terminal_reason?: string;
  result?: string;
  errors?: string[];
  startup_failure_reason?: string;
}

export interface SdkObservation {
  result?: SdkResultFields;
  /** `error` and text of assistant messages that reported an API error, in order. */
  apiErrors: { error: string; text: string }[];
  /** What the iterator threw, if it threw. */
  thrown?: unknown;
  /** Our whole-run timer fired (and aborted the session). */
  timedOut: boolean;
  /** The caller's signal aborted the run. */
  cancelled: boolean;
  timeoutMs: number;
  /** Tail of the process's stderr, for crash messages. */
  stderr: string;
}

export type SdkOutcome = { status: 'ok'; agentError?: string } | { status: 'infra'; infraError: InfraError };

const NOT_LOGGED_IN = /not logged in|please run \/login|invalid api key|authentication/i;
const PROCESS_FAILURE = /process exited|terminated by signal|spawn|ENOENT|EACCES|not found/i;

const infra = (kind: InfraErrorKind, message: string, status?: number): SdkOutcome => ({
  status: 'infra',
  infraError: { kind, message, ...(status === undefined ? {} : { status }) },
});

function notLoggedInMessage(detail: string): string {
  return `Claude Code is not logged in or the key was refused (${detail.trim()}); the run's config home is isolated, so ` +
    `your own login is not used: set ANTHROPIC_API_KEY (or CLAUDE_CODE_OAUTH_TOKEN from \`claude setup-token\`)`;
}

/** An `is_error` result of subtype success: an API failure, or (rarely) the agent's own. */
function classifyErrorResult(result: SdkResultFields, apiErrors: SdkObservation['apiErrors']): SdkOutcome {
  const status = result.api_error_status ?? undefined;
  const kind = apiErrors.at(-1)?.error;
  const text = result.result ?? apiErrors.at(-1)?.text ?? 'unknown error';
  if (kind === 'authentication_failed' || status === 401 || status === 403 || NOT_LOGGED_IN.test(text)) {
    return infra('not_logged_in', notLoggedInMessage(text), status);
  }
  if (status === 429 || kind === 'rate_limit') return infra('rate_limited', text, status);
  if (status === 529 || result.api_error_type === 'overloaded_error' || kind === 'overloaded') return infra('overloaded', text, status);
  // The model ran out of output tokens: the agent's own failure, like max turns.
  if (kind === 'max_output_tokens') return { status: 'ok', agentError: text };
  if (kind !== undefined || status !== undefined || result.terminal_reason === 'api_error') return infra('api_error', text, status);
  return { status: 'ok', agentError: text };
}

function describeThrown(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

export function classifySdkOutcome(observed: SdkObservation): SdkOutcome {
  if (observed.cancelled) return infra('cancelled', 'the run was cancelled');
  if (observed.timedOut) return infra('timeout', `the run did not end within ${observed.timeoutMs} ms`);
  const { result } = observed;
  if (result !== undefined) {
    if (result.subtype === 'success') return result.is_error ? classifyErrorResult(result, observed.apiErrors) : { status: 'ok' };
    const detail = (result.errors ?? []).join('; ') || result.subtype;
    if (NOT_LOGGED_IN.test(detail)) return infra('not_logged_in', notLoggedInMessage(detail));
    // Claude Code refused to start (bad config file, managed policy...): nothing about the skill was measured.
    if (result.startup_failure_reason !== undefined) return infra('crash', `Claude Code did not start (${result.startup_failure_reason}): ${detail}`);
    if (result.subtype === 'error_max_turns') return { status: 'ok', agentError: `max turns reached: ${detail}` };
    return { status: 'ok', agentError: `${result.subtype}: ${detail}` };
  }
  const stderr = observed.stderr.trim() === '' ? '' : ` (stderr: ${observed.stderr.trim().slice(-500)})`;
  if (observed.thrown !== undefined) {
    const message = describeThrown(observed.thrown);
    if (NOT_LOGGED_IN.test(message)) return infra('not_logged_in', notLoggedInMessage(message));
    const what = PROCESS_FAILURE.test(message) ? 'the Claude Code process failed' : 'the Claude Agent SDK failed';
    return infra('crash', `${what}: ${message}${message.includes('stderr') ? '' : stderr}`);
  }
  return infra('crash', `the session ended without a result${stderr}`);
}
