/**
 * The one reading of how a Claude Code session's result failed, shared by the agent runner (src/agent/sdk-outcome.ts,
 * which adds what only a whole agent run can show: timeouts, cancellation, a process that died) and the claude-code
 * judge provider (src/providers/claude-code.ts). Both used to carry their own "not logged in" pattern; they differed
 * on "Invalid API key", so the same refused key stopped a judge at once and was retried by the agent.
 *
 * What Claude Code reports is described in sdk-outcome.ts (found against the scripted model server).
 */

/** Why a run measured nothing about the skill. Counted apart; never "not triggered", never a skill failure. */
export type InfraErrorKind =
  | 'api_error'
  | 'rate_limited'
  | 'overloaded'
  | 'timeout'
  | 'crash'
  | 'not_logged_in'
  | 'unreachable'
  | 'cancelled';

export interface InfraError {
  kind: InfraErrorKind;
  message: string;
  /** HTTP status of the last failed model call, when there was one. */
  status?: number;
}

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

/** `error` and text of an assistant message that reported an API error. */
export interface SdkApiError {
  error: string;
  text: string;
}

export type SdkOutcome = { status: 'ok'; agentError?: string } | { status: 'infra'; infraError: InfraError };

/** What Claude Code says, without calling any API, when it has no login and no key, or when its key is refused. */
const NOT_LOGGED_IN = /not logged in|please run \/login|invalid api key|authentication/i;

/** Claude Code has no usable login or key: said in `text` (a result, an error, a throw). */
export function isNotLoggedIn(text: string): boolean {
  return NOT_LOGGED_IN.test(text);
}

export function notLoggedInMessage(detail: string): string {
  return (
    `Claude Code is not logged in or the key was refused (${detail.trim()}); the run's config home is isolated, so ` +
    `your own login is not used: set ANTHROPIC_API_KEY (or CLAUDE_CODE_OAUTH_TOKEN from \`claude setup-token\`)`
  );
}

export const infraOutcome = (kind: InfraErrorKind, message: string, status?: number): SdkOutcome => ({
  status: 'infra',
  infraError: { kind, message, ...(status === undefined ? {} : { status }) },
});

/** An `is_error` result of subtype success: an API failure, or (rarely) the agent's own. */
function classifyErrorResult(result: SdkResultFields, apiErrors: readonly SdkApiError[]): SdkOutcome {
  const status = result.api_error_status ?? undefined;
  const kind = apiErrors.at(-1)?.error;
  const text = result.result ?? apiErrors.at(-1)?.text ?? 'unknown error';
  if (kind === 'authentication_failed' || status === 401 || status === 403 || isNotLoggedIn(text)) {
    return infraOutcome('not_logged_in', notLoggedInMessage(text), status);
  }
  if (status === 429 || kind === 'rate_limit') return infraOutcome('rate_limited', text, status);
  if (status === 529 || result.api_error_type === 'overloaded_error' || kind === 'overloaded')
    return infraOutcome('overloaded', text, status);
  // The model ran out of output tokens: the agent's own failure, like max turns.
  if (kind === 'max_output_tokens') return { status: 'ok', agentError: text };
  if (kind !== undefined || status !== undefined || result.terminal_reason === 'api_error')
    return infraOutcome('api_error', text, status);
  return { status: 'ok', agentError: text };
}

/** A session's result message: ok, the agent's own failure (max turns...), or an infrastructure failure. */
export function classifySdkResult(result: SdkResultFields, apiErrors: readonly SdkApiError[]): SdkOutcome {
  if (result.subtype === 'success') return result.is_error ? classifyErrorResult(result, apiErrors) : { status: 'ok' };
  const detail = (result.errors ?? []).join('; ') || result.subtype;
  if (isNotLoggedIn(detail)) return infraOutcome('not_logged_in', notLoggedInMessage(detail));
  // Claude Code refused to start (bad config file, managed policy...): nothing about the skill was measured.
  if (result.startup_failure_reason !== undefined)
    return infraOutcome('crash', `Claude Code did not start (${result.startup_failure_reason}): ${detail}`);
  if (result.subtype === 'error_max_turns') return { status: 'ok', agentError: `max turns reached: ${detail}` };
  return { status: 'ok', agentError: `${result.subtype}: ${detail}` };
}

/** Infrastructure failures that no later call can recover from: the run stops rather than try again. */
export const isFatalInfra = (error: InfraError): boolean => error.kind === 'not_logged_in';

/** Failures worth another attempt (the API's own transient answers, a connection lost mid-way). */
export const isTransientInfra = (error: InfraError): boolean =>
  error.kind === 'rate_limited' ||
  error.kind === 'overloaded' ||
  (error.kind === 'api_error' &&
    (error.status === undefined || error.status === 408 || error.status === 409 || error.status >= 500));
