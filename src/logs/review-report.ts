/**
 * What `evaluate-skill --output json` prints: the unevaluated executions (`--list`) and the evaluation saved
 * (`--invocation`). Field names follow the log line's (snake_case), so a script reads both alike. A module of its own
 * so that review.ts, the pure part the interactive review uses, imports the mode's type without zod.
 */
import { z } from 'zod';
import type { ReadEntry } from './read.js';
import { Outcome, QualitativeEvaluation } from './schema.js';

export const ReviewMode = z
  .discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('recent'),
      days: z.number().int().min(1).describe('Executions of the last N days (--recent, --days)'),
    }),
    z.strictObject({ kind: z.literal('all') }),
    z.strictObject({
      kind: z.literal('date'),
      date: z.string().describe('Executions of that UTC day, YYYY-MM-DD (--date)'),
    }),
  ])
  .describe('Which executions were looked at');
export type ReviewMode = z.infer<typeof ReviewMode>;

export const UnevaluatedList = z
  .strictObject({
    skill: z.string().describe('plugin:skill'),
    mode: ReviewMode,
    unevaluated: z
      .array(
        z.strictObject({
          invocation_id: z.string().describe('What --invocation takes to rate this execution'),
          timestamp: z.string(),
          duration_ms: z.number(),
          outcome: Outcome,
          session_id: z.string().nullable().describe('null when the hook recorded none'),
          file: z.string().describe('The log file holding the execution'),
        }),
      )
      .describe('Executions in the window that no one has evaluated, newest first'),
  })
  .meta({
    id: 'EvaluateSkillList',
    title: 'plugin-eval evaluate-skill --list --output json',
    description: 'The executions a review would offer',
  });
export type UnevaluatedList = z.infer<typeof UnevaluatedList>;

export const SavedRating = z
  .strictObject({
    skill: z.string().describe('plugin:skill'),
    invocation_id: z.string(),
    file: z.string().describe('The log file the evaluation was saved into'),
    replaced: z.boolean().describe('Whether an earlier evaluation was overwritten (--replace)'),
    qualitative_evaluation: QualitativeEvaluation.describe('The evaluation saved, as it now stands in the log line'),
  })
  .meta({
    id: 'EvaluateSkillRating',
    title: 'plugin-eval evaluate-skill --invocation ID --output json',
    description: 'The evaluation of one execution, as saved',
  });
export type SavedRating = z.infer<typeof SavedRating>;

export function unevaluatedList(skill: string, mode: ReviewMode, toReview: readonly ReadEntry[]): UnevaluatedList {
  const unevaluated = toReview.map(({ entry, file }) => ({
    invocation_id: entry.invocation_id,
    timestamp: entry.timestamp,
    duration_ms: entry.duration_ms,
    outcome: entry.outcome,
    session_id: entry.context.session_id ?? null,
    file,
  }));
  return { skill, mode, unevaluated };
}

export function savedRating(
  skill: string,
  saved: { invocationId: string; file: string; replaced: boolean; evaluation: QualitativeEvaluation },
): SavedRating {
  return {
    skill,
    invocation_id: saved.invocationId,
    file: saved.file,
    replaced: saved.replaced,
    qualitative_evaluation: saved.evaluation,
  };
}
