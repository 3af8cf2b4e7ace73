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
import {
  classifySdkResult,
  infraOutcome as infra,
  isNotLoggedIn,
  notLoggedInMessage,
  type SdkApiError,
  type SdkOutcome,
  type SdkResultFields,
} from '../providers/infra-failure.js';

export type { SdkOutcome, SdkResultFields };

export interface SdkObservation {
  result?: SdkResultFields;
  /** `error` and text of assistant messages that reported an API error, in order. */
  apiErrors: SdkApiError[];
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

const PROCESS_FAILURE = /process exited|terminated by signal|spawn|ENOENT|EACCES|not found/i;

function describeThrown(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

export function classifySdkOutcome(observed: SdkObservation): SdkOutcome {
  if (observed.cancelled) return infra('cancelled', 'the run was cancelled');
  if (observed.timedOut) return infra('timeout', `the run did not end within ${observed.timeoutMs} ms`);
  if (observed.result !== undefined) return classifySdkResult(observed.result, observed.apiErrors);
  const stderr = observed.stderr.trim() === '' ? '' : ` (stderr: ${observed.stderr.trim().slice(-500)})`;
  if (observed.thrown !== undefined) {
    const message = describeThrown(observed.thrown);
    if (isNotLoggedIn(message)) return infra('not_logged_in', notLoggedInMessage(message));
    const what = PROCESS_FAILURE.test(message) ? 'the Claude Code process failed' : 'the Claude Agent SDK failed';
    return infra('crash', `${what}: ${message}${message.includes('stderr') ? '' : stderr}`);
  }
  return infra('crash', `the session ended without a result${stderr}`);
}
