/**
 * The golden log set of the logs tests, with every expected number worked out by hand in the comments.
 * "Now" is 2026-01-31T12:00:00Z, the period 30 days.
 */
import { entry } from './log-tree.js';

export const NOW = new Date('2026-01-31T12:00:00Z');

export function goldenEntries() {
  return [
    // demo:alpha: 6 runs, 3 success / 2 failure / 1 partial (success 50%: high_failure_rate); durations avg 6 s, max 21
    // s; human ratings 2, 3, 2, 1 (avg 2.0: low_rating and low-rated).
    entry({
      skill: 'demo:alpha',
      at: '2026-01-10T10:00:00Z',
      durationMs: 1000,
      rating: 2,
      evaluatedAt: '2026-01-12T10:00:00Z',
      friction: ['Missing examples for X'],
    }),
    entry({
      skill: 'demo:alpha',
      at: '2026-01-11T10:00:00Z',
      durationMs: 2000,
      rating: 3,
      evaluatedAt: '2026-01-25T10:00:00Z',
      friction: ['missing example for x!'],
    }),
    entry({
      skill: 'demo:alpha',
      at: '2026-01-12T10:00:00Z',
      durationMs: 3000,
      rating: 2,
      evaluatedAt: '2026-01-13T10:00:00Z',
      suggestions: ['Add examples for X'],
    }),
    entry({
      skill: 'demo:alpha',
      at: '2026-01-13T10:00:00Z',
      durationMs: 4000,
      outcome: 'failure',
      error: 'boom 1',
      rating: 1,
      evaluatedAt: '2026-01-14T10:00:00Z',
      friction: ['Too slow'],
    }),
    entry({ skill: 'demo:alpha', at: '2026-01-29T10:00:00Z', durationMs: 5000, outcome: 'failure', error: 'boom 2' }),
    entry({ skill: 'demo:alpha', at: '2026-01-30T10:00:00Z', durationMs: 21000, outcome: 'partial' }),
    // demo:beta: 3 runs, all success, avg 13 s (slow); human ratings 5, 5; one automated rating (not a person's).
    entry({
      skill: 'demo:beta',
      at: '2026-01-05T09:00:00Z',
      durationMs: 12000,
      rating: 5,
      evaluatedAt: '2026-01-06T09:00:00Z',
    }),
    entry({
      skill: 'demo:beta',
      at: '2026-01-28T09:00:00Z',
      durationMs: 14000,
      rating: 5,
      evaluatedAt: '2026-01-28T10:00:00Z',
    }),
    entry({ skill: 'demo:beta', at: '2026-01-20T09:00:00Z', durationMs: 13000, rating: 1, evaluator: 'automated' }),
    // Synthetic sessions: excluded everywhere, counted.
    ...['test-a', 'dogfood-b', 'fixture-c'].map((session) =>
      entry({
        skill: 'demo:alpha',
        at: '2026-01-15T10:00:00Z',
        session,
        outcome: 'failure',
        error: 'synthetic',
        rating: 1,
        friction: ['Missing examples for X'],
      }),
    ),
    // Outside the period.
    entry({ skill: 'demo:alpha', at: '2025-12-01T10:00:00Z', outcome: 'failure', error: 'old' }),
  ];
}
