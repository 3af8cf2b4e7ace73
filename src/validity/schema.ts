/** What `plugin-eval validity --output json` prints (`plugin-eval schema validity-report`). */
import { z } from 'zod';
import { Depth, Methodology } from '../model/enums.js';

/** A number that JSON cannot hold as NaN: null when the statistic is not defined. */
const Stat = z.number().nullable();

export const Correlation = z.object({
  estimate: Stat.describe('The correlation over the units; null when the predictor or the outcome is constant'),
  p: Stat.describe("Two-sided p-value, as scipy's spearmanr / kendalltau give it"),
  low: Stat.describe('Bootstrap 95% interval (resampling units, seeded); null when fewer than half the resamples vary'),
  high: Stat,
  resamplesUsed: z.number().int().describe('Resamples where both sides varied (the others have no rank correlation)'),
});
export type Correlation = z.infer<typeof Correlation>;

export const PredictorFigures = z.object({
  predictor: z.string().describe('"composite" or a dimension name'),
  units: z.number().int().describe('Units (tasks or skills) where the predictor was measured'),
  spearman: Correlation.nullable(),
  kendall: Correlation.nullable(),
  note: z.string().optional().describe('Why there are no figures, when there are none'),
});
export type PredictorFigures = z.infer<typeof PredictorFigures>;

export const UnitRow = z.object({
  name: z.string().describe('The task (or, with --from-logs, the skill)'),
  outcome: z.number(),
  skills: z.array(z.string()).describe('The skills scored for it, as paths relative to the folder'),
  scores: z
    .record(z.string(), z.record(z.string(), z.number().nullable()))
    .describe('methodology -> predictor -> the aggregated score (composite 0-100, dimensions 0-1); null: unmeasured'),
});

export const ValidityReport = z.object({
  kind: z.literal('validity-report'),
  schemaVersion: z.literal(1),
  folder: z.string(),
  outcome: z.object({
    source: z.enum(['outcome-file', 'logs']),
    where: z.string().describe('The outcome file, or the logs folder or file'),
    column: z.string().nullable().describe('The outcome column (outcome file only)'),
    unit: z.enum(['task', 'skill']),
  }),
  depth: Depth,
  aggregate: z.enum(['mean', 'min', 'max']).nullable().describe("How a task's skills make one score (task units)"),
  bootstrap: z.object({ samples: z.number().int(), alpha: z.number(), seed: z.number().int() }),
  units: z.number().int().describe('Units in the correlations'),
  notMeasured: z
    .number()
    .int()
    .describe('Skills left out because a layer could not measure them (infrastructure, not the skill): exit 3'),
  methodologies: z.array(z.object({ methodology: Methodology, predictors: z.array(PredictorFigures) })),
  rows: z.array(UnitRow),
  excluded: z
    .array(z.object({ task: z.string().optional(), path: z.string(), reason: z.string() }))
    .describe('What under the folder (or in the outcome) was left out, and why'),
});
export type ValidityReport = z.infer<typeof ValidityReport>;
