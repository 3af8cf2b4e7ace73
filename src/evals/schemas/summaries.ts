/**
 * What the `evals` steps print with `--output json`: a summary of what the step did and where it wrote, beside the
 * files it wrote (those have their own schemas). Field names are the ones printed since these commands existed,
 * camelCase for `run` and `grade`, skill-creator's snake_case where the summary carries one of its files.
 */
import { z } from 'zod';
import { UsageSummary } from '../../providers/pricing.js';
import { Benchmark } from './benchmark.js';
import { Uplift } from '../../model/uplift.js';
import { Analysis, Comparison } from './comparison.js';
import { History } from './history.js';
import { IterationPlan } from './iteration-plan.js';

export const GradeStatus = z
  .enum(['graded', 'already_graded', 'infra', 'ungraded', 'no_expectations'])
  .describe(
    'graded: grading.json written now; already_graded: it existed (no --force); infra: the run was an ' +
      'infrastructure error or cut short, nothing to grade; ungraded: the grading failed or was cancelled, no ' +
      'grading.json (exit 3); no_expectations: eval_metadata.json lists none',
  );
export type GradeStatus = z.infer<typeof GradeStatus>;

export const GradeRow = z.strictObject({
  run: z.string().describe('The run folder relative to the iteration (eval-1/with_skill/run-1)'),
  configuration: z.string(),
  status: GradeStatus,
  passed: z.number().int().min(0).optional().describe('Expectations passed (graded runs)'),
  total: z.number().int().min(0).optional().describe('Expectations graded (graded runs)'),
  reason: z.string().optional().describe('Why the run is not graded (infra, ungraded, no_expectations)'),
  llm: z
    .boolean()
    .optional()
    .describe('Whether a model graded plain-text expectations; false: programmatic checks only (graded runs)'),
});
export type GradeRow = z.infer<typeof GradeRow>;

export const GradeOutcome = z
  .strictObject({
    iterationDir: z.string().describe('The iteration folder graded'),
    rows: z.array(GradeRow).describe('One per run found, in folder order'),
    usage: UsageSummary.describe('The grading calls, summed (cache hits and unpriced models counted as such)'),
  })
  .meta({
    id: 'EvalsGradeSummary',
    title: 'plugin-eval evals grade --output json',
    description: 'Which runs of an iteration were graded, and what the grading calls used',
  });
export type GradeOutcome = z.infer<typeof GradeOutcome>;

export const RunRowStatus = z
  .enum(['ok', 'infra', 'not_run', 'kept'])
  .describe(
    'ok: the agent session ran to an end; infra: an infrastructure error (not a skill result); not_run: never ' +
      'started (cost cap, cancel, give-up); kept: an ok run of the resumed iteration, not run again',
  );
export type RunRowStatus = z.infer<typeof RunRowStatus>;

export const RunRow = z.strictObject({
  evalId: z.number().int(),
  evalName: z.string(),
  configuration: z.string(),
  runNumber: z.number().int().min(1),
  status: RunRowStatus,
  infraKind: z.string().optional().describe('The kind of infrastructure error (status infra)'),
  infraMessage: z.string().optional(),
  agentError: z.string().optional().describe("The agent's own error (max turns, ...): the run still counts as ok"),
  tokens: z.number().min(0).optional().describe('Input, output, cache read and cache write tokens of the run, summed'),
  costUsd: z.number().optional().describe('USD the run cost as the runner reports it (see priced)'),
  priced: z.boolean().optional().describe('False when the agent model had no price: costUsd is then not the cost'),
  durationMs: z.number().optional(),
});
export type RunRow = z.infer<typeof RunRow>;

export const ConfigurationTally = z
  .strictObject({
    name: z.string(),
    ok: z.number().int(),
    infra: z.number().int(),
    notRun: z.number().int(),
    kept: z.number().int(),
  })
  .describe('Runs of one configuration, by status');
export type ConfigurationTally = z.infer<typeof ConfigurationTally>;

export const EvalsRunOutcome = z
  .strictObject({
    workspace: z.string(),
    iteration: z.number().int().min(1),
    iterationDir: z.string(),
    plan: IterationPlan.describe("The iteration's plan, as saved in evals_run.json"),
    rows: z.array(RunRow).describe('One per planned run, by eval, configuration and run number'),
    configurations: z.array(ConfigurationTally),
    stoppedBy: z
      .enum(['max-cost', 'cancelled', 'infrastructure'])
      .optional()
      .describe('What stopped the launching of runs early, if anything'),
    stopReason: z.string().optional(),
    spentUsd: z
      .number()
      .nullable()
      .describe("USD this command spent on agent runs; null when a run's model had no price"),
    agentTokens: z
      .strictObject({ input: z.number(), output: z.number() })
      .describe("Tokens this command's agent runs used (cache reads and writes not included)"),
    notes: z.array(z.string()),
    unmeasured: z
      .array(z.string())
      .describe(
        'Configurations with no ok run where every run made was an infrastructure error: nothing measured (exit 3)',
      ),
  })
  .meta({
    id: 'EvalsRunSummary',
    title: 'plugin-eval evals run --output json',
    description: 'The runs of one evals run iteration: what ran, what did not, what it spent',
  });
export type EvalsRunOutcome = z.infer<typeof EvalsRunOutcome>;

export const EvalsAggregateSummary = z
  .strictObject({
    folder: z.string().describe('The iteration folder aggregated'),
    files: z.strictObject({
      json: z.string().describe('benchmark.json written'),
      markdown: z.string().describe('benchmark.md written'),
    }),
    analyst: z
      .strictObject({
        model: z.string().optional().describe('The analyst model whose notes were added (marked "Analyst model:")'),
        error: z.string().optional().describe("Why the analyst model's notes are missing: its call failed"),
        line: z.string().describe('How the notes were made, as the text output says it'),
      })
      .describe("The notes of benchmark.json: deterministic only, or with an analyst model's"),
    uplift: Uplift.optional().describe(
      'The pass-rate delta (candidate minus baseline) as certify states its uplift; absent without a baseline',
    ),
    benchmark: Benchmark,
  })
  .meta({
    id: 'EvalsAggregateSummary',
    title: 'plugin-eval evals aggregate --output json',
    description: 'Where benchmark.json and benchmark.md were written, and the benchmark itself',
  });
export type EvalsAggregateSummary = z.infer<typeof EvalsAggregateSummary>;

export const EvalsCompareSummary = z
  .strictObject({
    files: z.strictObject({
      comparison: z.string().describe('comparison.json written'),
      analysis: z.string().optional().describe('analysis.json written; absent when there is none'),
    }),
    comparison: Comparison,
    analysis: Analysis.nullable().describe('null when the analyzer did not run (see analysis_skipped)'),
    analysis_skipped: z
      .string()
      .nullable()
      .describe('Why there is no analysis.json (--no-analyzer, or a TIE); null when there is one'),
  })
  .meta({
    id: 'EvalsCompareSummary',
    title: 'plugin-eval evals compare --output json',
    description: "The blind comparison of two runs and the analyzer's account of it, with the files written",
  });
export type EvalsCompareSummary = z.infer<typeof EvalsCompareSummary>;

export const EvalsHistorySummary = z
  .strictObject({
    file: z.string().describe('history.json written'),
    skipped_iterations: z.array(z.number().int()).describe('Iterations without a benchmark.json: not in the history'),
    history: History,
  })
  .meta({
    id: 'EvalsHistorySummary',
    title: 'plugin-eval evals history --output json',
    description: 'history.json as written, with where and which iterations it left out',
  });
export type EvalsHistorySummary = z.infer<typeof EvalsHistorySummary>;
