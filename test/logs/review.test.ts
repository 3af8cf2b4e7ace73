/** The pure part of evaluate-skill: which executions are offered, how one reads, what a rating is, the end summary. */
import { describe, expect, it } from 'vitest';
import {
  averageRating,
  buildEvaluation,
  checkRating,
  isCalendarDate,
  nothingToReviewMessage,
  previewOf,
  ratingQuestion,
  reviewSummary,
  selectForReview,
  summarizeExecution,
  LogEntry,
  type ReadEntry,
} from '../../src/logs/index.js';

/** Control characters (but newline and tab) left raw in printed text. */
const rawControls = (text: string): number[] =>
  [...text]
    .map((c) => c.charCodeAt(0))
    .filter((n) => (n < 0x20 && n !== 0x0a && n !== 0x09) || (n >= 0x7f && n <= 0x9f));

const NOW = new Date('2026-01-10T12:00:00.000Z');
const entry = (id: string, timestamp: string, extra: Record<string, unknown> = {}): LogEntry =>
  LogEntry.parse({
    timestamp,
    invocation_id: id,
    skill: 'imbue:proof',
    plugin: 'imbue',
    skill_name: 'proof',
    duration_ms: 2345,
    outcome: 'success',
    context: { session_id: 's1' },
    error: null,
    qualitative_evaluation: null,
    ...extra,
  });
const read = (e: LogEntry): ReadEntry => ({ entry: e, file: `/logs/${e.timestamp.slice(0, 10)}.jsonl`, line: 1 });
const rated = {
  evaluated_at: '2026-01-09T00:00:00.000Z',
  rating: 4,
  friction_points: [],
  improvement_suggestions: [],
  evaluator_notes: '',
  evaluator: 'human',
};

const ENTRIES = [
  entry('old', '2025-12-01T10:00:00.000Z'),
  entry('edge-in', '2026-01-03T12:00:00.000Z'), // exactly 7 days before NOW: inside
  entry('edge-out', '2026-01-03T11:59:59.999Z'),
  entry('done', '2026-01-09T09:00:00.000Z', { qualitative_evaluation: rated }),
  entry('newest', '2026-01-10T11:00:00.000Z'),
  entry('mid', '2026-01-08T23:59:59.000Z'),
  entry('garbled', 'yesterday'),
].map(read);
const ids = (rs: readonly ReadEntry[]): string[] => rs.map((r) => r.entry.invocation_id);

describe('which executions a review offers', () => {
  it('recent: unevaluated ones of the last 7 days, newest first; the window edge is inclusive', () => {
    const s = selectForReview(ENTRIES, { kind: 'recent', days: 7 }, NOW);
    expect(ids(s.toReview)).toEqual(['newest', 'mid', 'edge-in']);
    expect(s.inWindow).toBe(4);
    expect(s.unevaluatedElsewhere).toBe(3); // old, edge-out, garbled
  });

  it('date: one UTC day; all: everything unevaluated, an unparseable timestamp last', () => {
    expect(ids(selectForReview(ENTRIES, { kind: 'date', date: '2026-01-08' }, NOW).toReview)).toEqual(['mid']);
    expect(ids(selectForReview(ENTRIES, { kind: 'date', date: '2026-01-09' }, NOW).toReview)).toEqual([]);
    expect(ids(selectForReview(ENTRIES, { kind: 'all' }, NOW).toReview)).toEqual([
      'newest',
      'mid',
      'edge-in',
      'edge-out',
      'old',
      'garbled',
    ]);
  });

  it('says why there is nothing to review, and points at --all only when older ones wait', () => {
    const onlyDone = [ENTRIES[3]!];
    expect(
      nothingToReviewMessage(
        'imbue:proof',
        { kind: 'recent', days: 7 },
        selectForReview(onlyDone, { kind: 'recent', days: 7 }, NOW),
      ),
    ).toBe(
      'All recent executions of imbue:proof already evaluated (1 in the last 7 days).\nWait for new executions, ' +
        'or rate one again with --invocation ID --rating N --replace.',
    );
    const olderWaiting = selectForReview([ENTRIES[0]!], { kind: 'recent', days: 7 }, NOW);
    expect(nothingToReviewMessage('imbue:proof', { kind: 'recent', days: 7 }, olderWaiting)).toBe(
      'No executions of imbue:proof in the last 7 days.\n1 unevaluated execution(s) outside that window: run ' +
        'with --all to review them.',
    );
  });

  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2026-01-08')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '2025-02-29', '2026-1-8', '20260108', '2026-13-01', ''])
      expect(isCalendarDate(bad), bad).toBe(false);
  });
});

describe('the execution summary', () => {
  it("shows the seed's fields: readable UTC time, seconds, outcome, preview, session", () => {
    const e = entry('imbue:proof:1', '2026-01-08T03:15:23.123Z', {
      outcome: 'partial',
      context: { session_id: 'abc', output_preview: 'Validated\n  POW requirements' },
      tokens: { input: 1200, output: 80 },
    });
    expect(summarizeExecution(e)).toBe(
      [
        'Execution at 2026-01-08 03:15:23 UTC (2.3s, partial)',
        '  Context: Validated POW requirements',
        '  Session: abc',
        '  Tokens: 1200 in, 80 out',
        '  Invocation: imbue:proof:1',
      ].join('\n'),
    );
  });

  it('control characters from the log are shown, not obeyed by the terminal (colour, screen clear, window title)', () => {
    const e = entry('imbue:proof:t\u001b[2J', '2026-01-08T03:15:23.123Z', {
      context: { session_id: 's\u001b]0;pwned\u0007', output_preview: 'ok \u001b[31mRED\u001b[0m\u009b' },
    });
    const shown = summarizeExecution(e);
    expect(rawControls(shown)).toEqual([]);
    expect(shown).toContain('  Context: ok \\u001b[31mRED\\u001b[0m\\u009b');
    expect(shown).toContain('  Session: s\\u001b]0;pwned\\u0007');
    expect(shown).toContain('  Invocation: imbue:proof:t\\u001b[2J');
  });

  it('previews at most 200 characters, falls back to the error and the call arguments, and says when nothing was recorded', () => {
    const long = entry('a', '2026-01-08T00:00:00Z', { context: { output_preview: 'x'.repeat(450) } });
    expect(previewOf(long)).toBe(`${'x'.repeat(200)}...`);
    expect(previewOf(entry('b', '2026-01-08T00:00:00Z', { error: 'boom' }))).toBe('error: boom');
    expect(
      previewOf(
        entry('c', '2026-01-08T00:00:00Z', { context: { tool_input: { skill: 'imbue:proof', args: 'PR 84' } } }),
      ),
    ).toBe('called with: PR 84');
    expect(previewOf(entry('d', '2026-01-08T00:00:00Z'))).toBe('(no output recorded)');
  });
});

describe('answers', () => {
  it('a rating is a whole number 1 to 5 and nothing else', () => {
    for (const good of ['1', '5', ' 3 ']) expect(checkRating(good).ok, good).toBe(true);
    for (const bad of ['0', '6', '4.5', '04', 'five', '', '-1', '1e0']) {
      const checked = checkRating(bad);
      expect(checked.ok, bad).toBe(false);
      if (!checked.ok)
        expect(checked.message).toBe('Invalid rating: must be 1-5\nPlease enter a number between 1 and 5.');
    }
  });

  it('asks Q1 with the five labels, 5 first', () => {
    expect(ratingQuestion().split('\n')).toEqual([
      'How effective was this skill execution?',
      '5 - Exceptional (exceeded expectations)',
      '4 - Effective (achieved goal with minor friction)',
      '3 - Adequate (worked but had inefficiencies)',
      '2 - Poor (partial failure or workarounds needed)',
      '1 - Failed (did not achieve intended outcome)',
    ]);
  });

  it('builds the evaluation in the reference format: typed bullets stripped, blank items dropped', () => {
    const e = buildEvaluation(
      {
        rating: 4,
        friction: ['- Missing info about X', '  ', '* slow'],
        suggestions: ['Add examples'],
        notes: '  fine  ',
      },
      NOW,
    );
    expect(e).toEqual({
      evaluated_at: '2026-01-10T12:00:00.000Z',
      rating: 4,
      friction_points: ['Missing info about X', 'slow'],
      improvement_suggestions: ['Add examples'],
      evaluator_notes: 'fine',
      evaluator: 'human',
    });
  });
});

describe('the end summary', () => {
  const ev = (rating: number, friction: string[] = []) =>
    buildEvaluation({ rating, friction, suggestions: [], notes: '' }, NOW);

  it('averages the ratings saved in the session, names repeated friction, and points at the aggregation', () => {
    // python3 -c "print(round(sum([4,5,2])/3, 1))" -> 3.7
    expect(averageRating([ev(4), ev(5), ev(2)])).toBeCloseTo(11 / 3, 12);
    const text = reviewSummary({
      ref: 'imbue:proof',
      saved: [ev(4, ['Unclear X']), ev(5, ['unclear x']), ev(2, ['slow'])],
      skipped: 1,
      notReached: 2,
      logDir: '/logs/imbue/proof',
    });
    expect(text.split('\n')).toEqual([
      'Evaluation complete: 3 saved',
      '',
      'Skill: imbue:proof',
      'Executions evaluated: 3, skipped: 1, not reached: 2',
      'Average rating: 3.7/5.0',
      'Common friction: "Unclear X"',
      '',
      'Next steps:',
      '- Run `plugin-eval logs aggregate` to update LEARNINGS.md',
      '- High-rated executions: consider them as examples',
      '- Low-rated executions: prioritise the skill for improvement',
      '',
      'Evaluations saved to: /logs/imbue/proof',
    ]);
  });

  it('claims no average when nothing was rated', () => {
    expect(averageRating([])).toBeUndefined();
    const text = reviewSummary({ ref: 'imbue:proof', saved: [], skipped: 2, notReached: 0, logDir: '/l' });
    expect(text).toContain('Average rating: none (nothing rated)');
    expect(text).not.toContain('Next steps');
  });
});
