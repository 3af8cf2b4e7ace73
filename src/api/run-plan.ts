/**
 * The library's `runPlan(plan, ctx)`, behind a check of the plan. Its own module because the plan schema is zod:
 * api/score.ts and check-options.ts sit on the CLI's eager path, and a static `score` loads no zod (the CLI never
 * calls this; scripts/bundle-cli.mjs fails the build if zod reaches that path).
 */
import { UsageError } from '../errors.js';
import { ScorePlan } from '../model/plan.js';
import type { ScoreRun } from '../model/run.js';
import type { RunContext } from '../pipeline/context.js';
import { runPlan as runPipelinePlan } from '../pipeline/run-plan.js';

/**
 * `runPlan(plan, ctx)` takes a plan as data, often read back from JSON (a run log, a queue job): one that is not
 * a ScorePlan used to fail deep in the pipeline with a TypeError ("paths is not iterable").
 */
export function checkPlan(plan: unknown): void {
  const checked = ScorePlan.safeParse(plan);
  if (checked.success) return;
  const issue = checked.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new UsageError(
    `runPlan(plan, ctx): plan is not a ScorePlan (plugin-eval schema ` +
      `score-plan): ${where}${issue?.message ?? 'invalid'}`,
  );
}

/** Run a plan (data: `plugin-eval schema score-plan`) through the pipeline; a plan that is not one is a UsageError. */
export async function runPlan(plan: ScorePlan, ctx: RunContext): Promise<ScoreRun> {
  checkPlan(plan);
  return runPipelinePlan(plan, ctx);
}
