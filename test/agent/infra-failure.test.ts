import { describe, expect, it } from 'vitest';
import type { SdkApiError, SdkResultFields } from '../../src/providers/infra-failure.js';
import { resultFailure } from '../../src/providers/claude-code.js';
import { classifySdkOutcome } from '../../src/agent/sdk-outcome.js';

/**
 * One classifier of Claude Code's failed results (src/providers/infra-failure.ts) for the agent runner and the
 * claude-code judge provider: the same result is infrastructure for both, and what stops an agent run for good (no
 * login, a refused key) stops the judge too, while what an agent run counts as transient the judge retries. Result
 * shapes as Claude Code emits them against the scripted server (see src/agent/sdk-outcome.ts).
 */
const apiError = (
  status: number | null,
  error: string,
  text: string,
): { result: SdkResultFields; apiErrors: SdkApiError[] } => ({
  result: { subtype: 'success', is_error: true, api_error_status: status, terminal_reason: 'api_error', result: text },
  apiErrors: [{ error, text }],
});
const runner = (r: { result: SdkResultFields; apiErrors: SdkApiError[] }) =>
  classifySdkOutcome({ ...r, timedOut: false, cancelled: false, timeoutMs: 1000, stderr: '' });

const CASES = [
  {
    name: 'no login',
    ...apiError(null, 'authentication_failed', 'Not logged in · Please run /login'),
    kind: 'not_logged_in',
    fatal: true,
    retryable: false,
  },
  {
    name: 'a refused key without a status',
    ...apiError(null, 'unknown', 'Invalid API key · Fix external API key'),
    kind: 'not_logged_in',
    fatal: true,
    retryable: false,
  },
  {
    name: '401',
    ...apiError(401, 'authentication_failed', 'Failed to authenticate. API Error: 401'),
    kind: 'not_logged_in',
    fatal: true,
    retryable: false,
  },
  {
    name: '429',
    ...apiError(429, 'rate_limit', 'API Error: Request rejected (429)'),
    kind: 'rate_limited',
    fatal: false,
    retryable: true,
  },
  {
    name: '529',
    ...apiError(529, 'server_error', 'API Error: 529 overloaded'),
    kind: 'overloaded',
    fatal: false,
    retryable: true,
  },
  { name: '500', ...apiError(500, 'server_error', 'API Error: 500'), kind: 'api_error', fatal: false, retryable: true },
  {
    name: 'a connection lost mid-way',
    ...apiError(null, 'server_error', 'Connection to the API was lost (ECONNRESET)'),
    kind: 'api_error',
    fatal: false,
    retryable: true,
  },
] as const;

describe('one classifier of Claude Code failures', () => {
  it.each(CASES)('$name: the agent runner and the judge provider read it alike', (c) => {
    const run = runner(c);
    expect(run.status).toBe('infra');
    if (run.status !== 'infra') return;
    expect(run.infraError.kind).toBe(c.kind);
    const judged = resultFailure(c.result, c.apiErrors);
    expect(judged.fatal !== undefined).toBe(c.fatal);
    expect(judged.retryable).toBe(c.retryable);
  });

  it("max turns is the agent's own failure for the runner and a non-retryable error for the judge", () => {
    const result: SdkResultFields = {
      subtype: 'error_max_turns',
      is_error: true,
      errors: ['Reached maximum number of turns (1)'],
    };
    expect(runner({ result, apiErrors: [] })).toEqual({
      status: 'ok',
      agentError: 'max turns reached: Reached maximum number of turns (1)',
    });
    const judged = resultFailure(result, []);
    expect(judged.fatal).toBeUndefined();
    expect(judged.retryable).toBe(false);
  });
});
