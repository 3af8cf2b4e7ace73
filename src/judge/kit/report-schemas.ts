/**
 * Output formats of the aggregate views: panels, screening, batches, length control, bias and
 * calibration reports. Split from schemas.ts only to keep files short.
 */
import { z } from 'zod';
import { CallCost, DirectScoreResult, JudgeInfo, PairwiseResult, Scale, Winner } from './schemas.js';

export const PanelCriterion = z.object({
  criterion: z.string(),
  weight: z.number(),
  /** One entry per judge, null where that judge left the criterion unmeasured. */
  scores: z.array(z.number().nullable()),
  /** Mean of the judges that scored the criterion (the one aggregation rule, src/judge/kit/aggregate.ts). */
  mean: z.number().nullable(),
  /** 95% Student t-interval of that mean across judges, clipped to the scale; null below two judges. */
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  stdev: z.number().nullable(),
  /** Share of judge pairs whose scores are within one point of each other. */
  agreement: z.number().nullable(),
});

export const PanelResult = z.object({
  kind: z.literal('panel'),
  id: z.string().optional(),
  status: z.enum(['scored', 'unmeasured']),
  scale: Scale,
  criteria: z.array(PanelCriterion),
  /** Mean of the per-criterion means. */
  overallScore: z.number().nullable(),
  /** Weighted mean of the per-criterion means. */
  weightedScore: z.number().nullable(),
  normalisedScore: z.number().nullable(),
  /** Sample stdev of the judges' weighted scores. */
  judgeStdev: z.number().nullable(),
  judges: z.array(DirectScoreResult),
  cost: CallCost,
  warnings: z.array(z.string()),
  /**
   * A scored panel that measured only in part: each judge that gave no usable scores, and each criterion a judge
   * skipped.
   */
  gaps: z
    .array(z.string())
    .default([])
    .describe(
      'What the judge was asked to measure and did not, one reason each; non-empty means the result is partial ' +
        '(exit code 3)',
    ),
});
export type PanelResult = z.infer<typeof PanelResult>;

export const ScreenedResult = z.object({
  kind: z.literal('screened'),
  id: z.string().optional(),
  /** `screen`: the cheap judge's result was kept; `judge`: the item was escalated. */
  decidedBy: z.enum(['screen', 'judge']),
  threshold: z.number(),
  screenScore: z.number().nullable(),
  screen: DirectScoreResult,
  final: z.union([DirectScoreResult, PanelResult]),
});
export type ScreenedResult = z.infer<typeof ScreenedResult>;

export const ScoreItemResult = z.union([DirectScoreResult, PanelResult, ScreenedResult]);
export type ScoreItemResult = z.infer<typeof ScoreItemResult>;

export const LengthControlledWinRate = z.object({
  /** Win rate of A in percent, ties counting half. */
  winRate: z.number(),
  /** Model-predicted win rate at zero length difference, in percent. */
  lcWinRate: z.number(),
  lcInterval: z.tuple([z.number(), z.number()]).nullable(),
  /** Null when every battle has the same winner (the fit diverges). */
  intercept: z.number().nullable(),
  lengthCoefficient: z.number(),
  interceptSe: z.number().nullable(),
  covariate: z.enum(['tanh', 'linear']),
  n: z.number().int(),
  iterations: z.number().int(),
  converged: z.boolean(),
  note: z.string().optional(),
});
export type LengthControlledWinRate = z.infer<typeof LengthControlledWinRate>;

export const Level = z.enum(['good', 'acceptable', 'concerning']);
export type Level = z.infer<typeof Level>;

export const MetricReading = z.object({
  metric: z.string(),
  value: z.number().nullable(),
  level: Level.nullable(),
  note: z.string().optional(),
});
export type MetricReading = z.infer<typeof MetricReading>;

export const BiasReport = z.object({
  kind: z.literal('bias'),
  n: z.number().int(),
  position: z
    .object({
      decisivePasses: z.number().int(),
      firstPositionWins: z.number().int(),
      firstPositionRate: z.number().nullable(),
      z: z.number().nullable(),
      p: z.number().nullable(),
      biased: z.boolean(),
      consistency: z.number().nullable(),
    })
    .nullable(),
  length: z
    .object({
      basis: z.enum(['score-vs-length', 'outcome-vs-length-difference']),
      rho: z.number().nullable(),
      p: z.number().nullable(),
      biased: z.boolean(),
      level: Level.nullable(),
    })
    .nullable(),
  lengthControlled: LengthControlledWinRate.nullable(),
  selfEnhancement: z.array(z.string()),
  findings: z.array(z.string()),
});
export type BiasReport = z.infer<typeof BiasReport>;

export const Disagreement = z.object({
  index: z.number().int(),
  id: z.string().optional(),
  human: z.union([z.number(), Winner]),
  judge: z.union([z.number(), Winner]).nullable(),
  difference: z.number().nullable(),
  reasoning: z.string(),
});

export const CalibrationReport = z.object({
  kind: z.literal('calibration'),
  mode: z.enum(['score', 'pairwise']),
  n: z.number().int(),
  unmeasured: z.number().int(),
  metrics: z.array(MetricReading),
  overall: Level.nullable(),
  disagreements: z.array(Disagreement),
  judge: JudgeInfo,
  cost: CallCost,
});
export type CalibrationReport = z.infer<typeof CalibrationReport>;

/** An item of a batch the judge could not measure (an invalid reply after the repair request, a provider failure). */
export const BatchFailure = z.object({
  /** 0-based position in the input file (line order, blank lines skipped). */
  index: z.number().int(),
  id: z.string().optional(),
  reason: z.string(),
});
export type BatchFailure = z.infer<typeof BatchFailure>;

export const ScoreBatch = z.object({
  kind: z.literal('score-batch'),
  items: z.array(ScoreItemResult),
  meanWeightedScore: z.number().nullable(),
  unmeasured: z.number().int(),
  /** Every unmeasured item with its reason: the batch is partial (exit code 3) and the other items stand. */
  failed: z.array(BatchFailure).default([]),
  /**
   * Every item measured only in part (a judge of its panel failed, a criterion was skipped), with what is missing: the
   * batch is partial too.
   */
  partial: z.array(BatchFailure).default([]),
  bias: BiasReport.nullable(),
});
export type ScoreBatch = z.infer<typeof ScoreBatch>;

export const CompareBatch = z.object({
  kind: z.literal('compare-batch'),
  items: z.array(PairwiseResult),
  wins: z.object({ A: z.number().int(), B: z.number().int(), TIE: z.number().int() }),
  /** Arena-Hard weighting when 5-point verdicts are on: a strong win counts as 3 battles. */
  weightedWinRate: z.number().nullable(),
  lengthControlled: LengthControlledWinRate.nullable(),
  /** Every pair no pass could judge, with the reason: the batch is partial (exit code 3). */
  failed: z.array(BatchFailure).default([]),
  /** Every pair judged on fewer passes than asked, with the passes that gave no verdict: the batch is partial too. */
  partial: z.array(BatchFailure).default([]),
  bias: BiasReport.nullable(),
});
export type CompareBatch = z.infer<typeof CompareBatch>;
