/**
 * One line of a skill execution log (`<logs root>/<plugin>/<skill>/YYYY-MM-DD.jsonl`), in the schema the
 * claude-night-market hooks and readers use, so existing readers work on our files and ours read theirs. What that
 * schema lacks is added as optional fields (`tool_use_id`, `transcript_path`, `tokens`, ...): readers that do not
 * know them ignore them.
 */
import { z } from 'zod';

/** A skill or plugin part of a reference: what the reference tools accept as a folder name. */
export { SKILL_PART } from './names.js';

export const Outcome = z.enum(['success', 'failure', 'partial']);
export type Outcome = z.infer<typeof Outcome>;

export const RATING_LABELS: Readonly<Record<1 | 2 | 3 | 4 | 5, string>> = {
  5: 'Exceptional (exceeded expectations)',
  4: 'Effective (achieved goal with minor friction)',
  3: 'Adequate (worked but had inefficiencies)',
  2: 'Poor (partial failure or workarounds needed)',
  1: 'Failed (did not achieve intended outcome)',
};

export const QualitativeEvaluation = z
  .object({
    evaluated_at: z.string(),
    rating: z.number().int().min(1).max(5),
    friction_points: z.array(z.string()).default([]),
    improvement_suggestions: z.array(z.string()).default([]),
    evaluator_notes: z.string().default(''),
    evaluator: z.string().default('human'),
  })
  .loose();
export type QualitativeEvaluation = z.infer<typeof QualitativeEvaluation>;

export const ContinualMetrics = z
  .object({
    worst_case_accuracy: z.number(),
    average_accuracy: z.number(),
    stability_gap: z.number(),
    avg_duration_ms: z.number(),
    execution_count: z.number().int(),
  })
  .loose();

export const LogEntry = z
  .object({
    timestamp: z.string(),
    invocation_id: z.string().min(1),
    /** `plugin:skill` as the agent named it. */
    skill: z.string(),
    plugin: z.string(),
    skill_name: z.string(),
    duration_ms: z.number().min(0),
    outcome: Outcome,
    continual_metrics: ContinualMetrics.nullable().optional(),
    context: z
      .object({
        session_id: z.string().optional(),
        /**
         * Redacted; over 8 KB of JSON it is that JSON's first 8 KB, redacted, and `tool_input_truncated_from` holds the
         * full length.
         */
        tool_input: z.unknown().optional(),
        tool_input_truncated_from: z.number().int().min(0).optional(),
        /** Bounded, secrets redacted: `<=200 chars` + `\n... (truncated from N chars)`. */
        output_preview: z.string().optional(),
        // Beyond the reference:
        tool_use_id: z.string().optional(),
        transcript_path: z.string().optional(),
        cwd: z.string().optional(),
      })
      .loose(),
    error: z.string().nullable().default(null),
    qualitative_evaluation: QualitativeEvaluation.nullable().default(null),
    // Beyond the reference: tokens where the transcript gives them.
    tokens: z
      .object({
        input: z.number().int().min(0),
        output: z.number().int().min(0),
        cache_read: z.number().int().min(0).optional(),
        cache_write: z.number().int().min(0).optional(),
      })
      .loose()
      .optional(),
  })
  .loose()
  .meta({
    id: 'SkillLogEntry',
    title: 'skill execution log line',
    description: 'One skill execution (one JSONL line), claude-night-market compatible',
  });
export type LogEntry = z.infer<typeof LogEntry>;

/** Sessions made by tests and dogfooding, left out of statistics (the reference's prefixes). */
export const SYNTHETIC_SESSION = /^(test-|dogfood-|fixture-)/;
export const isSynthetic = (entry: LogEntry): boolean => SYNTHETIC_SESSION.test(entry.context.session_id ?? '');
