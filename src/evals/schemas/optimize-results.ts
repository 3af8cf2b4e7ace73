/**
 * results.json of `evals optimize-description`: every iteration with its description, train and test scores and
 * per-query results, the split, and which description won (highest test score, ties to the earliest). Field names
 * follow skill-creator's run_loop results where it has one (original_description, best_description, holdout).
 */
import { z } from 'zod';
import { TriggerQueryResult } from './trigger-results.js';

export const SetScore = z
  .object({
    passed: z.number().int().min(0),
    failed: z.number().int().min(0),
    /** Queries of the set no run of which measured anything. */
    errors: z.number().int().min(0),
    total: z.number().int().min(0),
    /**
     * passed / total; null unless every query of the set was measured (an unmeasured set is not scored, not "worse").
     */
    score: z.number().min(0).max(1).nullable(),
  })
  .loose();
export type SetScore = z.infer<typeof SetScore>;

export const OptimizeIteration = z
  .object({
    iteration: z.number().int().min(1),
    /** evaluated; failed: the improver gave no usable description (nothing was run). */
    status: z.enum(['evaluated', 'failed']),
    description: z.string(),
    chars: z.number().int().min(0),
    train: SetScore.nullable(),
    test: SetScore.nullable(),
    results: z.array(TriggerQueryResult.extend({ set: z.enum(['train', 'test']) })),
    reason: z.string().optional(),
    agent_cost_usd: z.number().nullable(),
  })
  .loose();
export type OptimizeIteration = z.infer<typeof OptimizeIteration>;

const SplitItem = z.object({ query: z.string(), should_trigger: z.boolean() });

export const OptimizeResults = z
  .object({
    skill_name: z.string(),
    skill_path: z.string(),
    /** measured: the original was scored on the test set; not-measured: it was not, so nothing could be compared. */
    status: z.enum(['measured', 'not-measured']),
    stop_reason: z.string(),
    original_description: z.string(),
    original_test_score: z.number().nullable(),
    best_description: z.string(),
    best_iteration: z.number().int().min(1),
    best_test_score: z.number().nullable(),
    /** The best beats the original on the test set. */
    improved: z.boolean(),
    /** --apply wrote best_description into SKILL.md. */
    applied: z.boolean(),
    settings: z
      .object({
        holdout: z.number(),
        seed: z.number().int(),
        max_iterations: z.number().int(),
        runs_per_query: z.number().int(),
        threshold: z.number(),
        timeout_ms: z.number().int(),
        runner: z.string(),
        simulated: z.boolean(),
        agent_model: z.string(),
        improver_model: z.string(),
      })
      .loose(),
    split: z.object({ train: z.array(SplitItem), test: z.array(SplitItem) }),
    iterations: z.array(OptimizeIteration).min(1),
    cost: z.object({ agent_usd: z.number().nullable(), improver_usd: z.number().nullable() }),
    warnings: z.array(z.string()),
  })
  .loose()
  .meta({
    id: 'OptimizeResults',
    title: 'description optimisation results',
    description: 'evals optimize-description results.json: iterations, scores, the split and the best description',
  });
export type OptimizeResults = z.infer<typeof OptimizeResults>;
