/**
 * Files one agent run leaves in its run folder (`iteration-N/eval-<id>/<config>/run-R/`): eval_metadata.json (also
 * in `eval-<id>/` and `eval-<id>/<config>/`, where skill-creator's aggregator and viewer each look), metrics.json
 * under outputs/ and timing.json beside it. Fields beyond skill-creator's schemas are optional so skill-creator's own
 * files read.
 */
import { z } from 'zod';
import { Expectation } from './evals-file.js';

export const EvalMetadata = z
  .object({
    eval_id: z.number().int(),
    eval_name: z.string(),
    prompt: z.string(),
    assertions: z.array(Expectation).default([]),
    expected_output: z.string().optional(),
    files: z.array(z.string()).optional(),
  })
  .loose()
  .meta({
    id: 'EvalMetadata',
    title: 'eval_metadata.json',
    description: 'The eval a run folder belongs to (skill-creator layout)',
  });
export type EvalMetadata = z.infer<typeof EvalMetadata>;

const Count = z.number().int().min(0);

export const RunMetrics = z
  .object({
    tool_calls: z.record(z.string(), Count).default({}),
    total_tool_calls: Count.default(0),
    total_steps: Count.default(0),
    files_created: z.array(z.string()).default([]),
    errors_encountered: Count.default(0),
    output_chars: Count.default(0),
    transcript_chars: Count.default(0),
  })
  .loose()
  .meta({
    id: 'RunMetrics',
    title: 'metrics.json',
    description: 'What one run did: tool calls by tool, steps, files, errors, sizes (outputs/metrics.json)',
  });
export type RunMetrics = z.infer<typeof RunMetrics>;

export const RunTiming = z
  .object({
    total_tokens: Count.optional(),
    duration_ms: z.number().min(0).optional(),
    total_duration_seconds: z.number().min(0).optional(),
    executor_start: z.string().optional(),
    executor_end: z.string().optional(),
    executor_duration_seconds: z.number().min(0).optional(),
    grader_start: z.string().optional(),
    grader_end: z.string().optional(),
    grader_duration_seconds: z.number().min(0).optional(),
    // Beyond skill-creator's schemas: the token split and cost, so nobody has to guess what total_tokens holds.
    input_tokens: Count.optional(),
    output_tokens: Count.optional(),
    cache_read_tokens: Count.optional(),
    cache_write_tokens: Count.optional(),
    cost_usd: z.number().min(0).optional(),
    cost_priced: z.boolean().optional(),
  })
  .loose()
  .meta({ id: 'RunTiming', title: 'timing.json', description: 'Tokens and wall time of one run (and of its grading)' });
export type RunTiming = z.infer<typeof RunTiming>;

/**
 * Beyond skill-creator's schemas: `run.json`, what we observed about the run itself, so an infrastructure failure is
 * recorded as one and never graded as failed expectations. skill-creator's tools ignore the file.
 */
/** One tool call of the run, in order: what programmatic checks (tool_used, tool_order) read. */
export const RecordedToolCall = z
  .object({ name: z.string(), input: z.unknown().optional(), is_error: z.boolean().optional() })
  .loose();
export type RecordedToolCall = z.infer<typeof RecordedToolCall>;

export const RunRecord = z
  .object({
    status: z.enum(['ok', 'infra']),
    infra_error: z.object({ kind: z.string(), message: z.string(), status: z.number().optional() }).optional(),
    agent_error: z.string().optional(),
    runner: z.string(),
    simulated: z.boolean(),
    model: z.string(),
    configuration: z.string(),
    skill_path: z.string().optional(),
    activated: z.boolean().optional(),
    started_at: z.string(),
    ended_at: z.string(),
    // Beyond the first version: the session's tool calls in order, its final reply, and the prompt as sent.
    tool_calls: z.array(RecordedToolCall).optional(),
    final_response: z.string().optional(),
    prompt_sent: z.string().optional(),
    turns: z.number().int().min(0).optional(),
    warnings: z.array(z.string()).optional(),
  })
  .loose()
  .meta({
    id: 'RunRecord',
    title: 'run.json',
    description: "plugin-eval's record of how one eval run ended (ok or infrastructure error)",
  });
export type RunRecord = z.infer<typeof RunRecord>;
