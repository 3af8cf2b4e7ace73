/**
 * How far the quick (static-only) composite tracks whether a skill helps: Spearman's rho between the mean quick
 * composite of a task's skills and the task's measured uplift (SkillsBench: each task run with and without its
 * skills by many agent-model setups, checked by deterministic verifiers). The reports' header note and the JSON
 * `scoreMeaning` field read these figures and nothing else does, so they are updated here alone when the rules or
 * the validity set change (`plugin-eval validity` measures them again).
 *
 * A plain const module: it loads on the score path before the report prints, and costs nothing to parse.
 */

/** The task set the figures come from (the dev split of SkillsBench), as the reports name it. */
export const QUICK_SCORE_VALIDITY_SOURCE = 'SkillsBench';

/** Tasks the figures were measured over. */
export const QUICK_SCORE_VALIDITY_TASKS = 27;

/** Spearman's rho between the quick composite and measured uplift, per methodology. */
export const QUICK_SCORE_RHO = { default: -0.13, compat: -0.25 } as const;

/** The layers and commands that do measure whether a skill helps, as the reports point to them. */
export const HELP_MEASURED_BY = ["certify's measured uplift", 'evals run'];
