/**
 * Human review of logged skill executions (the skill-evaluator seed), the pure part: which executions to show for a
 * mode, how one is summarised, what a valid answer is, the evaluation saved and the summary at the end. No I/O here:
 * the CLI (src/cli/commands/evaluate-skill.ts) asks the questions and saves through the locked store.
 */
import { visibleControls } from '../util/text.js';
import { PREVIEW_CHARS } from './redact.js';
import { RATING_LABELS, type LogEntry, type QualitativeEvaluation } from './schema.js';
import type { ReadEntry } from './read.js';
import type { ReviewMode } from './review-report.js';

/** Days the default mode looks back, as the skill-evaluator agent does. */
export const RECENT_DAYS = 7;

export type { ReviewMode };

const DAY = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` that names a real calendar day (2026-02-30 does not). */
export function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** Milliseconds since the epoch, or undefined for a timestamp that does not parse (kept only by --all). */
const timeOf = (entry: LogEntry): number | undefined => {
  const t = Date.parse(entry.timestamp);
  return Number.isNaN(t) ? undefined : t;
};

/** Whether an execution falls in the mode's window, evaluated or not. Dates are UTC, like the day files. */
export function inWindow(entry: LogEntry, mode: ReviewMode, now: Date): boolean {
  if (mode.kind === 'all') return true;
  const t = timeOf(entry);
  if (t === undefined) return false;
  if (mode.kind === 'date') return new Date(t).toISOString().slice(0, 10) === mode.date;
  return t >= now.getTime() - mode.days * DAY;
}

export interface ReviewSelection {
  /** Unevaluated executions in the window, newest first (the ones a person remembers best come first). */
  toReview: ReadEntry[];
  /** Executions in the window, evaluated or not. */
  inWindow: number;
  /** Unevaluated executions outside the window (a hint to widen it). */
  unevaluatedElsewhere: number;
}

export function selectForReview(entries: readonly ReadEntry[], mode: ReviewMode, now: Date): ReviewSelection {
  const toReview: ReadEntry[] = [];
  let windowed = 0;
  let elsewhere = 0;
  for (const read of entries) {
    const unevaluated = read.entry.qualitative_evaluation === null;
    if (inWindow(read.entry, mode, now)) {
      windowed++;
      if (unevaluated) toReview.push(read);
    } else if (unevaluated) elsewhere++;
  }
  // Newest first; an unparseable timestamp sorts last (compared, not subtracted: -Infinity minus itself is NaN).
  const key = (read: ReadEntry): number => timeOf(read.entry) ?? -Infinity;
  toReview.sort((a, b) => (key(a) === key(b) ? 0 : key(a) < key(b) ? 1 : -1));
  return { toReview, inWindow: windowed, unevaluatedElsewhere: elsewhere };
}

/** The mode in words, for messages: "in the last 7 days", "on 2026-01-08", "". */
export function describeMode(mode: ReviewMode): string {
  if (mode.kind === 'recent') return `in the last ${mode.days} day${mode.days === 1 ? '' : 's'}`;
  return mode.kind === 'date' ? `on ${mode.date}` : '';
}

/** Why there is nothing to review, in the skill-evaluator agent's words plus what to do next. */
export function nothingToReviewMessage(ref: string, mode: ReviewMode, selection: ReviewSelection): string {
  const where = describeMode(mode);
  const lines =
    selection.inWindow > 0
      ? [
          `All ${mode.kind === 'all' ? '' : 'recent '}executions of ${ref} already evaluated ` +
            `(${selection.inWindow} ${where || 'logged'}).`,
        ]
      : [`No executions of ${ref} ${where}.`];
  if (selection.unevaluatedElsewhere > 0)
    lines.push(
      `${selection.unevaluatedElsewhere} unevaluated execution(s) outside that window: run with --all to review them.`,
    );
  else lines.push('Wait for new executions, or rate one again with --invocation ID --rating N --replace.');
  return lines.join('\n');
}

/** `2026-01-08 03:15:23 UTC`, or the raw timestamp when it does not parse. */
export function humanTime(timestamp: string): string {
  const t = Date.parse(timestamp);
  if (Number.isNaN(t)) return timestamp;
  return `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Seconds with one decimal: 2345 ms -> "2.3s". */
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)}s`;

/**
 * What the execution produced, at most 200 characters on one line. Successful runs of the reference hooks keep no
 * output, so the preview falls back to the error, then to what the skill was called with, and says so when there
 * is nothing: a reviewer should not mistake "not recorded" for "empty".
 */
export function previewOf(entry: LogEntry): string {
  const context = entry.context;
  const args = (context.tool_input as { args?: unknown } | undefined)?.args;
  const source =
    context.output_preview !== undefined && context.output_preview !== ''
      ? context.output_preview
      : entry.error !== null && entry.error !== ''
        ? `error: ${entry.error}`
        : typeof args === 'string' && args !== ''
          ? `called with: ${args}`
          : undefined;
  if (source === undefined) return '(no output recorded)';
  const flat = source.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS)}...` : flat;
}

/**
 * The skill-evaluator agent's execution summary: time, duration in seconds, outcome, preview, session (and tokens when
 * logged).
 */
export function summarizeExecution(entry: LogEntry): string {
  const lines = [`Execution at ${humanTime(entry.timestamp)} (${seconds(entry.duration_ms)}, ${entry.outcome})`];
  lines.push(`  Context: ${previewOf(entry)}`);
  lines.push(`  Session: ${entry.context.session_id ?? 'unknown'}`);
  if (entry.tokens !== undefined) lines.push(`  Tokens: ${entry.tokens.input} in, ${entry.tokens.output} out`);
  lines.push(`  Invocation: ${entry.invocation_id}`);
  // Every field comes from the log, written from what an agent and its skills returned: printed, never obeyed.
  return visibleControls(lines.join('\n'));
}

export type RatingCheck = { ok: true; rating: 1 | 2 | 3 | 4 | 5 } | { ok: false; message: string };

/** The skill-evaluator agent's invalid-rating message. */
export const INVALID_RATING = 'Invalid rating: must be 1-5\nPlease enter a number between 1 and 5.';

/** A whole number 1 to 5, nothing else ("4.5", "04", "five" and "" are refused). */
export function checkRating(text: string): RatingCheck {
  const trimmed = text.trim();
  if (/^[1-5]$/.test(trimmed)) return { ok: true, rating: Number(trimmed) as 1 | 2 | 3 | 4 | 5 };
  return { ok: false, message: INVALID_RATING };
}

/** The skill-evaluator agent's Q1, with the labels the logs and LEARNINGS use. */
export function ratingQuestion(): string {
  const labels = ([5, 4, 3, 2, 1] as const).map((n) => `${n} - ${RATING_LABELS[n]}`);
  return ['How effective was this skill execution?', ...labels].join('\n');
}

export const FRICTION_QUESTION = [
  'What friction did you encounter? (Press Enter twice to finish)',
  'Examples:',
  '- Missing information about X',
  '- Unclear instructions for Y',
  '- Excessive token usage',
  '- Outdated guidance',
].join('\n');

export const SUGGESTIONS_QUESTION = [
  'What would make this skill better? (Press Enter twice to finish)',
  'Examples:',
  '- Add examples for X',
  '- Simplify language in section Y',
  '- Split into smaller skills',
  '- Add error recovery steps',
].join('\n');

export const NOTES_QUESTION = 'Any other observations?';

/** One item of a multi-line answer: a typed "- " or "* " bullet is the person's formatting, not their words. */
export function listItem(line: string): string {
  return line
    .trim()
    .replace(/^[-*]\s+/, '')
    .trim();
}

export interface EvaluationAnswers {
  rating: number;
  friction: readonly string[];
  suggestions: readonly string[];
  notes: string;
}

/** The `qualitative_evaluation` saved into the log line; blank items dropped. */
export function buildEvaluation(answers: EvaluationAnswers, now: Date): QualitativeEvaluation {
  const items = (list: readonly string[]): string[] => list.map(listItem).filter((s) => s !== '');
  return {
    evaluated_at: now.toISOString(),
    rating: answers.rating,
    friction_points: items(answers.friction),
    improvement_suggestions: items(answers.suggestions),
    evaluator_notes: answers.notes.trim(),
    evaluator: 'human',
  };
}

export interface ReviewOutcome {
  ref: string;
  /** Evaluations saved in this session. */
  saved: QualitativeEvaluation[];
  skipped: number;
  /** Executions offered but not reached (quit, Ctrl-C, end of input). */
  notReached: number;
  logDir: string;
}

/** Mean rating with one decimal, or undefined when nothing was rated. */
export function averageRating(evaluations: readonly QualitativeEvaluation[]): number | undefined {
  if (evaluations.length === 0) return undefined;
  return evaluations.reduce((sum, e) => sum + e.rating, 0) / evaluations.length;
}

/** Friction points named more than once in this session (case-insensitively), most frequent first. */
export function repeatedFriction(evaluations: readonly QualitativeEvaluation[]): string[] {
  const counts = new Map<string, { text: string; n: number }>();
  for (const point of evaluations.flatMap((e) => e.friction_points)) {
    const key = point.toLowerCase();
    const seen = counts.get(key);
    if (seen) seen.n++;
    else counts.set(key, { text: point, n: 1 });
  }
  return [...counts.values()]
    .filter((c) => c.n > 1)
    .sort((a, b) => b.n - a.n)
    .map((c) => c.text);
}

/** The skill-evaluator agent's closing summary, with the next step pointing at this tool's aggregation. */
export function reviewSummary(outcome: ReviewOutcome): string {
  const average = averageRating(outcome.saved);
  const lines = [
    outcome.saved.length > 0 ? `Evaluation complete: ${outcome.saved.length} saved` : 'No evaluations saved',
    '',
    `Skill: ${outcome.ref}`,
    `Executions ` +
      `evaluated: ${outcome.saved.length}${outcome.skipped > 0 ? `, skipped: ${outcome.skipped}` : ''}${outcome.notReached > 0 ? `, not reached: ${outcome.notReached}` : ''}`,
    `Average rating: ${average === undefined ? 'none (nothing rated)' : `${average.toFixed(1)}/5.0`}`,
  ];
  const common = repeatedFriction(outcome.saved);
  if (common.length > 0)
    lines.push(
      `Common friction: ${common
        .slice(0, 3)
        .map((f) => `"${f}"`)
        .join(', ')}`,
    );
  if (outcome.saved.length > 0) {
    lines.push('', 'Next steps:', '- Run `plugin-eval logs aggregate` to update LEARNINGS.md');
    if (outcome.saved.some((e) => e.rating >= 4)) lines.push('- High-rated executions: consider them as examples');
    if (outcome.saved.some((e) => e.rating <= 2))
      lines.push('- Low-rated executions: prioritise the skill for improvement');
    lines.push('', `Evaluations saved to: ${outcome.logDir}`);
  }
  return lines.join('\n');
}
