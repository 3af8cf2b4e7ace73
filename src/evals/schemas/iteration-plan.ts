/**
 * Beyond skill-creator's schemas: `iteration-N/evals_run.json`, what an `evals run` iteration measures (which evals,
 * which configurations installing what, how many runs, which agent), so `--resume` can refuse to mix measurements of
 * different requests into one iteration, and a reader knows what each configuration was. skill-creator's tools
 * ignore the file.
 */
import { z } from 'zod';

export const IterationConfiguration = z
  .object({
    name: z.string().min(1),
    /** What the agent's project had installed: the skill (candidate or a snapshot of the old one), or nothing. */
    install: z.enum(['skill', 'none']),
    /** The folder installed (for old_skill: the snapshot inside the workspace). */
    skill_path: z.string().optional(),
    /** old_skill: the folder the snapshot was copied from. */
    snapshot_of: z.string().optional(),
    /**
     * Hash of the installed folder's files, so a skill edited between a stop and --resume is noticed. with_skill:
     * without the evals file (iteration.ts skillContentHash); iterations of earlier versions hashed it too.
     */
    content_hash: z.string().optional(),
  })
  .loose();
export type IterationConfiguration = z.infer<typeof IterationConfiguration>;

export const IterationPlan = z
  .object({
    kind: z.literal('evals-run'),
    skill_name: z.string(),
    skill_path: z.string(),
    evals_file: z.string(),
    evals: z.array(
      z
        .object({
          eval_id: z.number().int(),
          eval_name: z.string(),
          /** Hash of the prompt and input files. */ input_hash: z.string(),
        })
        .loose(),
    ),
    configurations: z.array(IterationConfiguration).min(1),
    runs_per_configuration: z.number().int().min(1),
    runner: z.string(),
    model: z.string(),
    allowed_tools: z.array(z.string()),
    max_turns: z.number().int().min(1),
    timeout_ms: z.number().int().min(1),
    created_at: z.string(),
  })
  .loose()
  .meta({
    id: 'IterationPlan',
    title: 'evals_run.json',
    description: 'What one evals run iteration measures: evals, configurations, runs, agent (plugin-eval)',
  });
export type IterationPlan = z.infer<typeof IterationPlan>;
