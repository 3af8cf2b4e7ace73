/**
 * What Layer 3 reports about one skill (or each skill of a plugin): how the agent was run, why sampling
 * stopped, every rate with its interval, and every run, so each number can be traced to the runs behind it.
 */
import { z } from 'zod';
import { Uplift } from './uplift.js';

const Rate = z.object({
  rate: z.number().nullable(),
  successes: z.number().int(),
  trials: z.number().int().describe('Measured runs only: infrastructure errors are never in a denominator'),
  prompts: z.number().int().optional().describe('Distinct prompts behind the trials (the sampling unit)'),
  effectiveTrials: z
    .number()
    .optional()
    .describe('Trials the interval is computed on: fewer than trials when repeated runs of a prompt agree'),
  low: z.number().nullable(),
  high: z.number().nullable(),
  method: z.enum(['wilson', 'clopper-pearson', 'confidence-sequence']),
});

export const McRunReport = z.object({
  runIndex: z.number().int(),
  prompt: z.string(),
  shouldTrigger: z.boolean(),
  status: z
    .enum(['ok', 'infra'])
    .describe('infra: the run measured nothing about the skill (API error, timeout, crash...)'),
  infraKind: z.string().optional(),
  infraMessage: z.string().optional(),
  activated: z.boolean(),
  activationEvidence: z.string().optional().describe('The tool call that activated the skill'),
  agentError: z.string().optional().describe("The agent's own error (max turns...): counts as a failed run"),
  quality: z.number().nullable().describe('Judge grade of the output in [0, 1]; null: not graded'),
  gradeNote: z.string().optional(),
  tokens: z.number(),
  costUsd: z.number(),
  durationMs: z.number(),
  toolCalls: z.number().int(),
});
export type McRunReport = z.infer<typeof McRunReport>;

export const MonteCarloReport = z
  .object({
    skill: z
      .string()
      .optional()
      .describe("The skill measured (its name as installed); absent in a skill's result: the result's target"),
    runner: z.string(),
    simulated: z.boolean().describe('true: the messages runner (a simulation of the routing decision, not the agent)'),
    model: z.string(),
    status: z.enum(['measured', 'partial', 'not-measured']),
    reason: z.string().optional(),
    sampling: z.object({
      mode: z.enum(['fixed', 'adaptive']),
      planned: z.number().int().describe('N'),
      done: z.number().int(),
      measured: z.number().int(),
      infra: z.number().int(),
      infraByKind: z.record(z.string(), z.number().int()),
      stoppedBy: z
        .enum(['max-runs', 'adaptive', 'max-cost', 'infrastructure', 'cancelled', 'prompts'])
        .describe('prompts: nothing ran, too few distinct real prompts'),
      stopReason: z.string(),
      savedRuns: z.number().int().describe('Runs not needed because adaptive sampling stopped before N'),
      resumed: z.number().int().describe('Runs reused from a saved state (--resume)'),
    }),
    prompts: z.object({
      positives: z.number().int(),
      negatives: z.number().int(),
      source: z.enum(['file', 'generated']),
    }),
    activation: Rate,
    falseActivation: Rate,
    precision: z.number().nullable(),
    recall: z.number().nullable(),
    f1: z.number().nullable(),
    quality: z.object({
      n: z.number().int(),
      prompts: z.number().int().optional().describe('Distinct prompts graded: the bootstrap resamples prompts'),
      mean: z.number().nullable(),
      cv: z.number().nullable(),
      low: z.number().nullable(),
      high: z.number().nullable(),
    }),
    failure: Rate,
    tokens: z.object({
      median: z.number().nullable(),
      q1: z.number().nullable(),
      q3: z.number().nullable(),
      iqr: z.number().nullable(),
      outliers: z.number().int(),
    }),
    efficiencyNorm: z.number().nullable(),
    mcScore: z
      .number()
      .nullable()
      .describe('0.40 activation + 0.30 (1 - min(1, CV)) + 0.20 (1 - failure) + 0.10 efficiency_norm'),
    costUsd: z
      .number()
      .nullable()
      .describe('Agent runs and judge calls; null when a model had no price or a call had no usage reported'),
    unreportedCalls: z
      .number()
      .int()
      .optional()
      .describe(
        'Charged calls (agent runs, judge calls) whose server reported no token counts; present when above 0, ' +
          'costUsd is then null',
      ),
    durationMs: z.number(),
    notes: z.array(z.string()),
    uplift: Uplift.optional().describe('With the skill against without it, on the positive prompts (when asked)'),
    runs: z.array(McRunReport),
  })
  .describe('Layer 3 (Monte Carlo): what was run and observed');
export type MonteCarloReport = z.infer<typeof MonteCarloReport>;
