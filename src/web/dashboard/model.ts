/**
 * What the dashboard page is built from: the run log and the store's history, shaped into the rows, cells and
 * texts the page shows. Every number is formatted here, on the Node side, with the reporters' rules (one decimal
 * for a composite, two for a dimension), so the page script only places text and the unit tests can check what
 * a reader will see. Embedded in the page as JSON (`#dashboard-data`); internal to the page, so not published by
 * `plugin-eval schema`, but a schema all the same so the shape cannot drift from what the tests check.
 */
import { z } from 'zod';
import { DimensionName } from '../../model/enums.js';

export const HeatBinName = z.enum(['A', 'B', 'C', 'D', 'F', 'none']);

export const DashboardDimension = z.object({
  name: DimensionName,
  label: z.string().describe('"Triggering accuracy"'),
  short: z.string().describe('A column header short enough for a narrow table: "Trigger"'),
  weight: z.number(),
});

/** One heat-map / table cell: a measured score, or null when no layer measured the dimension. */
export const DimensionCell = z.object({
  score: z.number().nullable(),
  text: z.string().describe('"0.82", or "not measured": a missing score is never shown as 0'),
  bin: HeatBinName.describe('The grade of the score as displayed; none: not measured'),
});

export const TrendPoint = z.object({
  recordedAt: z.string(),
  date: z.string().describe('"2026-11-20"'),
  composite: z.number(),
  text: z.string(),
  badge: z.string(),
  contentChanged: z.boolean().describe('The content differs from the point before (a new segment of the trend)'),
  reused: z.boolean(),
  partial: z.boolean(),
});

export const DimensionDetail = z.object({
  label: z.string(),
  text: z.string(),
  grade: z.string().nullable(),
  layers: z.string().describe('"measured by static 0.82, judge 0.70", or "measured by no layer"'),
  evidence: z.array(z.string()),
  notes: z.array(z.string()).describe('Why it is not measured, and layers that ran but failed to measure it'),
});

export const SkillDetail = z.object({
  confidence: z.string(),
  coverage: z.string(),
  penalty: z.string(),
  dimensions: z.array(DimensionDetail),
  diagnostics: z.array(z.object({ where: z.string(), severity: z.string(), rule: z.string(), message: z.string() })),
  antiPatterns: z.array(z.object({ flag: z.string(), where: z.string(), description: z.string() })),
  tips: z
    .array(z.object({ gain: z.string(), subject: z.string(), action: z.string(), example: z.string().nullable() }))
    .describe('Biggest composite gain first'),
  gaps: z.array(z.string()).describe('Measurement gaps and layers that did not run, one sentence each'),
  elo: z.object({ summary: z.string(), notes: z.array(z.string()) }).nullable(),
  uplift: z
    .string()
    .nullable()
    .describe('The measured uplift line (certify, --uplift), shown first; null when none was asked for'),
  trendText: z.string().describe("The trend's text alternative: every point in words"),
});

export const SkillRow = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  kind: z.enum(['skill', 'plugin']),
  composite: z.number().nullable().describe('null: not scored, nothing was measured (never shown as 0)'),
  compositeText: z.string(),
  rankGroup: z
    .number()
    .int()
    .min(0)
    .max(2)
    .describe('0 measured, 1 low coverage (below half the weight), 2 not scored: the composite sort ranks by it first'),
  coverageFlag: z.string().nullable().describe('"low coverage: 25% of the weight measured", "not scored: ..."'),
  badge: z.string(),
  badgeRank: z.number().int().min(0).max(4).describe('0 (platinum) to 4 (none)'),
  badgeLabel: z.string().describe('The badge with why it is provisional, capped or withheld'),
  elo: z.number().nullable(),
  eloText: z.string(),
  coverage: z.number(),
  coverageText: z.string(),
  partial: z.boolean(),
  reused: z.boolean(),
  cells: z.array(DimensionCell).describe("One per dashboard dimension, in the dashboard's order"),
  history: z.array(TrendPoint),
  detail: SkillDetail,
});

export const DashboardSummary = z.object({
  skills: z.number().int(),
  plugins: z.number().int(),
  failures: z.number().int(),
  meanComposite: z.string(),
  meanCoverage: z.string(),
  status: z.string(),
  statusNote: z.string().nullable(),
  meaning: z
    .string()
    .nullable()
    .describe('What a static-only composite measures, when static analysis is all that measured every result'),
  partial: z.number().int(),
  reused: z.number().int(),
  unmeasuredCells: z.number().int().describe('Cells (skill x dimension) no layer measured'),
  unmeasuredSkills: z.number().int().describe('Skills with at least one unmeasured dimension'),
  scoredAt: z.string(),
  how: z.string(),
  runId: z.string(),
  toolVersion: z.string(),
});

export const DashboardData = z.object({
  title: z.string(),
  generatedAt: z.string(),
  summary: DashboardSummary,
  badges: z.array(z.object({ badge: z.string(), label: z.string(), count: z.number().int() })),
  dimensions: z.array(DashboardDimension),
  skills: z.array(SkillRow),
  failures: z.array(z.object({ path: z.string(), reason: z.string() })),
  /** Problems found while discovering targets (a marketplace entry whose source is missing): in no skill's row. */
  discovery: z.array(z.object({ where: z.string(), severity: z.string(), rule: z.string(), message: z.string() })),
});

export type DashboardDimension = z.infer<typeof DashboardDimension>;
export type DimensionCell = z.infer<typeof DimensionCell>;
export type TrendPoint = z.infer<typeof TrendPoint>;
export type DimensionDetail = z.infer<typeof DimensionDetail>;
export type SkillDetail = z.infer<typeof SkillDetail>;
export type SkillRow = z.infer<typeof SkillRow>;
export type DashboardSummary = z.infer<typeof DashboardSummary>;
export type DashboardData = z.infer<typeof DashboardData>;
