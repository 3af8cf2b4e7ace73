/**
 * What `evals triggers --output json` prints: skill-creator's run_eval.py shape (`skill_name`, `description`,
 * `results[]` with query, should_trigger, trigger_rate, triggers, runs, pass; `summary` with total, passed, failed),
 * so its loop and viewer read it, plus fields run_eval never had because it could not tell an error from "not
 * triggered": per query the runs that measured nothing (`errors`, `error_messages`), `pass: null` when no run of it
 * measured anything, and the summary's `errors`.
 *
 * `runs` is the number of MEASURED runs (the denominator of trigger_rate, so triggers / runs = trigger_rate as in
 * run_eval); `errors` counts the attempted runs that were infrastructure errors, `not_run` the runs never started
 * (the cost cap, a stop after repeated infrastructure errors, Ctrl-C).
 */
import { z } from 'zod';

export const TriggerQueryResult = z
  .object({
    query: z.string(),
    should_trigger: z.boolean(),
    /** triggers / runs; null when no run measured anything. */
    trigger_rate: z.number().min(0).max(1).nullable(),
    triggers: z.number().int().min(0),
    runs: z.number().int().min(0),
    /** should_trigger: rate >= threshold; should not: rate < threshold; null: not measured (an error, not a fail). */
    pass: z.boolean().nullable(),
    errors: z.number().int().min(0),
    error_messages: z.array(z.string()),
    not_run: z.number().int().min(0),
    /** How each triggered run activated the skill (the first activating tool call), as the user can check it. */
    evidence: z.array(z.string()),
  })
  .loose();
export type TriggerQueryResult = z.infer<typeof TriggerQueryResult>;

export const TriggerSummary = z
  .object({
    total: z.number().int().min(0),
    passed: z.number().int().min(0),
    failed: z.number().int().min(0),
    /** Queries no run of which measured anything (pass null): neither passed nor failed. */
    errors: z.number().int().min(0),
    /** Runs that were infrastructure errors, over all queries. */
    error_runs: z.number().int().min(0),
  })
  .loose();
export type TriggerSummary = z.infer<typeof TriggerSummary>;

export const TriggerResults = z
  .object({
    skill_name: z.string(),
    description: z.string(),
    results: z.array(TriggerQueryResult),
    summary: TriggerSummary,
    /** claude-agent-sdk (the real agent with the real SKILL.md installed) or messages (a simulation). */
    runner: z.string(),
    simulated: z.boolean(),
    agent_model: z.string(),
    threshold: z.number().min(0).max(1),
    runs_per_query: z.number().int().min(1),
    timeout_ms: z.number().int().positive(),
    /**
     * USD the agent runs cost; null when a model had no price or a run's calls had no usage reported (a warning says
     * which).
     */
    cost_usd: z.number().nullable(),
    /** Why runs were left out (cost cap, repeated infrastructure errors), duplicate queries merged, shadowing. */
    warnings: z.array(z.string()),
  })
  .loose()
  .meta({
    id: 'TriggerResults',
    title: 'trigger eval results',
    description:
      "evals triggers --output json: skill-creator's run_eval shape, with errors counted apart from not-triggered",
  });
export type TriggerResults = z.infer<typeof TriggerResults>;
