/** Dimension, layer and anti-pattern names and weights: plain constants (no zod, so the CLI starts fast). */
import { ANTI_PATTERNS } from './anti-pattern-flags.generated.js';

export const LAYERS = ['static', 'judge', 'monte_carlo'] as const;
export type LayerName = (typeof LAYERS)[number];

/** One scored dimension: everything the composite, the reports and the judge layer need to know about it. */
export interface DimensionRow {
  /** Weight in the composite score (the ten weights sum to 1). */
  weight: number;
  /** PluginEval's layer blend: how much each layer contributes to the dimension when all three run. */
  blend: Readonly<Record<LayerName, number>>;
  /** Column heading where space is short (the dashboard's heat map). */
  short: string;
  /**
   * The LLM judge measures this dimension, with its module src/judge/dimensions/<name>.ts (registered in
   * src/judge/registry.ts, where the compiler refuses a judged row without a module and a module without a row).
   */
  judged?: true;
}

/**
 * The one table of scored dimensions, in PluginEval's order. Adding a dimension is one row here (plus, for a judged
 * one, its module under src/judge/dimensions/ and that module's entry in src/judge/registry.ts); every list of
 * dimensions, weights, blends, labels and judged dimensions is derived from this table.
 */
const DIMENSION_TABLE = {
  triggering_accuracy: {
    weight: 0.25,
    blend: { static: 0.15, judge: 0.25, monte_carlo: 0.6 },
    short: 'Trigger',
    judged: true,
  },
  orchestration_fitness: {
    weight: 0.2,
    blend: { static: 0.1, judge: 0.7, monte_carlo: 0.2 },
    short: 'Orchestr.',
    judged: true,
  },
  output_quality: { weight: 0.15, blend: { static: 0.0, judge: 0.4, monte_carlo: 0.6 }, short: 'Output', judged: true },
  scope_calibration: {
    weight: 0.12,
    blend: { static: 0.3, judge: 0.55, monte_carlo: 0.15 },
    short: 'Scope',
    judged: true,
  },
  progressive_disclosure: { weight: 0.1, blend: { static: 0.8, judge: 0.2, monte_carlo: 0.0 }, short: 'Disclosure' },
  token_efficiency: { weight: 0.06, blend: { static: 0.4, judge: 0.1, monte_carlo: 0.5 }, short: 'Tokens' },
  robustness: { weight: 0.05, blend: { static: 0.0, judge: 0.2, monte_carlo: 0.8 }, short: 'Robust.' },
  structural_completeness: { weight: 0.03, blend: { static: 0.9, judge: 0.1, monte_carlo: 0.0 }, short: 'Structure' },
  code_template_quality: {
    weight: 0.02,
    blend: { static: 0.3, judge: 0.7, monte_carlo: 0.0 },
    short: 'Code',
    judged: true,
  },
  ecosystem_coherence: { weight: 0.02, blend: { static: 0.85, judge: 0.15, monte_carlo: 0.0 }, short: 'Ecosystem' },
} as const satisfies Record<string, DimensionRow>;

export type DimensionName = keyof typeof DIMENSION_TABLE;

/** The rows of the table, in its order. */
export const DIMENSION_ROWS: readonly (DimensionRow & { name: DimensionName })[] = Object.freeze(
  (Object.entries(DIMENSION_TABLE) as [DimensionName, DimensionRow][]).map(([name, row]) => ({ name, ...row })),
);

const tableColumn = <T>(pick: (row: DimensionRow) => T): Readonly<Record<DimensionName, T>> =>
  Object.freeze(Object.fromEntries(DIMENSION_ROWS.map((row) => [row.name, pick(row)])) as Record<DimensionName, T>);

/** The ten scored dimensions, in PluginEval's order. */
export const DIMENSIONS: readonly DimensionName[] = Object.freeze(DIMENSION_ROWS.map((row) => row.name));

export const DIMENSION_WEIGHTS: Readonly<Record<DimensionName, number>> = tableColumn((row) => row.weight);

/** PluginEval's layer blend table: how much each layer contributes to each dimension when all three run. */
export const LAYER_BLEND: Readonly<Record<DimensionName, Readonly<Record<LayerName, number>>>> = tableColumn(
  (row) => row.blend,
);

export const DIMENSION_SHORT_LABELS: Readonly<Record<DimensionName, string>> = tableColumn((row) => row.short);

/** The dimensions the LLM judge measures. */
export type JudgedDimensionName = {
  [K in DimensionName]: (typeof DIMENSION_TABLE)[K] extends { judged: true } ? K : never;
}[DimensionName];

/** The dimensions the LLM judge measures, in table order: known without loading the judge. */
export const JUDGED_DIMENSIONS: readonly JudgedDimensionName[] = Object.freeze(
  DIMENSION_ROWS.filter((row) => row.judged === true).map((row) => row.name as JudgedDimensionName),
);

/** Static sub-scores (Layer 1), in PluginEval's order, with their weights in the static layer score. */
export const SUB_SCORES = [
  'frontmatter_quality',
  'orchestration_wiring',
  'progressive_disclosure',
  'structural_completeness',
  'token_efficiency',
  'ecosystem_coherence',
  'harness_portability',
] as const;
export type SubScoreName = (typeof SUB_SCORES)[number];

export const SUB_SCORE_WEIGHTS: Readonly<Record<SubScoreName, number>> = Object.freeze({
  frontmatter_quality: 0.32,
  orchestration_wiring: 0.23,
  progressive_disclosure: 0.14,
  structural_completeness: 0.1,
  token_efficiency: 0.09,
  ecosystem_coherence: 0.06,
  harness_portability: 0.06,
});

/** Which dimension each static sub-score feeds. harness_portability is reported but feeds none. */
export const SUB_SCORE_TO_DIMENSION: Readonly<Record<SubScoreName, DimensionName | undefined>> = Object.freeze({
  frontmatter_quality: 'triggering_accuracy',
  orchestration_wiring: 'orchestration_fitness',
  progressive_disclosure: 'progressive_disclosure',
  structural_completeness: 'structural_completeness',
  token_efficiency: 'token_efficiency',
  ecosystem_coherence: 'ecosystem_coherence',
  harness_portability: undefined,
});

/** Every anti-pattern flag, in the rule table's order (src/rules/checks/table.ts; the file is generated from it). */
export { ANTI_PATTERNS };
export type AntiPatternFlag = (typeof ANTI_PATTERNS)[number];

export const METHODOLOGIES = ['default', 'compat'] as const;
export type Methodology = (typeof METHODOLOGIES)[number];

export const DEPTHS = ['quick', 'standard', 'deep', 'thorough'] as const;
export type Depth = (typeof DEPTHS)[number];

/** Layers each depth asks for, and the confidence label it earns. */
export const DEPTH_PLAN: Readonly<Record<Depth, { layers: readonly LayerName[]; confidence: string }>> = Object.freeze({
  quick: { layers: ['static'], confidence: 'Estimated' },
  standard: { layers: ['static', 'judge'], confidence: 'Assessed' },
  deep: { layers: ['static', 'judge', 'monte_carlo'], confidence: 'Certified' },
  thorough: { layers: ['static', 'judge', 'monte_carlo'], confidence: 'Certified+' },
});

/** Version of the native result format (ScoreResult.schemaVersion). */
export const RESULT_SCHEMA_VERSION = 1;
