/**
 * The classification of how an SDK session ended, on the message shapes recorded from the real SDK against the
 * scripted server (see the doc comment of src/agent/sdk-outcome.ts); claude-agent-runner.test.ts runs them live.
 */
import { describe, expect, it } from 'vitest';
import { classifySdkOutcome } from '../../src/agent/sdk-outcome.js';
import type { SdkObservation } from '../../src/agent/sdk-outcome.js';

const base: SdkObservation = { apiErrors: [], timedOut: false, cancelled: false, timeoutMs: 1000, stderr: '' };
const apiFailure = (status: number | null, error: string, text: string, type?: string): SdkObservation => ({
  ...base,
  result: {
    subtype: 'success',
    is_error: true,
    api_error_status: status,
    terminal_reason: 'api_error',
    result: text,
    ...(type ? { api_error_type: type } : {}),
  },
  apiErrors: [{ error, text }],
  thrown: new Error(`Claude Code returned an error result: ${text}`),
});

describe('classifySdkOutcome', () => {
  it.each([
    [
      '429',
      apiFailure(429, 'rate_limit', 'API Error: Request rejected (429) · scripted 429', 'rate_limit_error'),
      'rate_limited',
      429,
    ],
    ['500', apiFailure(500, 'server_error', 'API Error: 500 scripted 500', 'api_error'), 'api_error', 500],
    [
      '529 (reported as server_error)',
      apiFailure(529, 'server_error', 'API Error: 529 scripted 529', 'overloaded_error'),
      'overloaded',
      529,
    ],
    [
      'cut stream',
      apiFailure(null, 'server_error', 'API Error: Connection to the API was lost (ECONNRESET)'),
      'api_error',
      undefined,
    ],
    [
      '401',
      apiFailure(
        401,
        'authentication_failed',
        'Failed to authenticate. API Error: 401 scripted 401',
        'authentication_error',
      ),
      'not_logged_in',
      401,
    ],
    [
      'no login',
      apiFailure(null, 'authentication_failed', 'Not logged in · Please run /login'),
      'not_logged_in',
      undefined,
    ],
  ])('%s -> %s', (_label, observed, kind, status) => {
    const outcome = classifySdkOutcome(observed);
    expect(outcome.status).toBe('infra');
    if (outcome.status !== 'infra') return;
    expect(outcome.infraError.kind).toBe(kind);
    expect(outcome.infraError.status).toBe(status);
  });

  it('a clean success is ok without an agent error', () => {
    expect(classifySdkOutcome({ ...base, result: { subtype: 'success', is_error: false, result: 'Done.' } })).toEqual({
      status: 'ok',
    });
  });

  it("max turns and errors during execution are the agent's own errors", () => {
    expect(
      classifySdkOutcome({
        ...base,
        result: { subtype: 'error_max_turns', is_error: true, errors: ['Reached maximum number of turns (3)'] },
      }),
    ).toEqual({ status: 'ok', agentError: 'max turns reached: Reached maximum number of turns (3)' });
    expect(
      classifySdkOutcome({
        ...base,
        result: { subtype: 'error_during_execution', is_error: true, errors: ['tool loop'] },
      }),
    ).toEqual({ status: 'ok', agentError: 'error_during_execution: tool loop' });
    expect(classifySdkOutcome(apiFailure(null, 'max_output_tokens', 'output limit'))).toEqual({
      status: 'ok',
      agentError: 'output limit',
    });
  });

  it("a startup failure result is a crash, not the agent's error", () => {
    const outcome = classifySdkOutcome({
      ...base,
      result: {
        subtype: 'error_during_execution',
        is_error: true,
        errors: ['bad config'],
        startup_failure_reason: 'config_file_invalid',
      },
    });
    expect(outcome).toEqual({
      status: 'infra',
      infraError: { kind: 'crash', message: 'Claude Code did not start (config_file_invalid): bad config' },
    });
  });

  it('cancellation and our timeout win over whatever the SDK threw', () => {
    const thrown = new Error('Claude Code process aborted by user');
    expect(classifySdkOutcome({ ...base, thrown, cancelled: true })).toMatchObject({
      infraError: { kind: 'cancelled' },
    });
    expect(classifySdkOutcome({ ...base, thrown, timedOut: true, timeoutMs: 1500 })).toMatchObject({
      infraError: { kind: 'timeout', message: 'the run did not end within 1500 ms' },
    });
  });

  it('a process that exits or is killed is a crash, with stderr when the message lacks it', () => {
    expect(
      classifySdkOutcome({ ...base, thrown: new Error('Claude Code process exited with code 1. stderr: boom') }),
    ).toEqual({
      status: 'infra',
      infraError: {
        kind: 'crash',
        message: 'the Claude Code process failed: Claude Code process exited with code 1. stderr: boom',
      },
    });
    expect(
      classifySdkOutcome({
        ...base,
        thrown: new Error('Claude Code process terminated by signal SIGKILL'),
        stderr: 'last words\n',
      }),
    ).toEqual({
      status: 'infra',
      infraError: {
        kind: 'crash',
        message:
          'the Claude Code process failed: Claude Code process terminated by signal SIGKILL (stderr: last words)',
      },
    });
    expect(classifySdkOutcome(base)).toEqual({
      status: 'infra',
      infraError: { kind: 'crash', message: 'the session ended without a result' },
    });
  });
});
