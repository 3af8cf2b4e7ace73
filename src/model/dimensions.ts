/** Dimension, layer and anti-pattern names and weights: plain constants (no zod, so the CLI starts fast). */
import { ANTI_PATTERNS } from './anti-pattern-flags.generated.js';

/** The ten scored dimensions, in the seed's order, with their composite weights. */
export const DIMENSIONS = [
  'triggering_accuracy',
  'orchestration_fitness',
  'output_quality',
  'scope_calibration',
  'progressive_disclosure',
  'token_efficiency',
  'robustness',
  'structural_completeness',
  'code_template_quality',
  'ecosystem_coherence',
] as const;
export type DimensionName = (typeof DIMENSIONS)[number];

export const DIMENSION_WEIGHTS: Readonly<Record<DimensionName, number>> = Object.freeze({
  triggering_accuracy: 0.25,
  orchestration_fitness: 0.2,
  output_quality: 0.15,
  scope_calibration: 0.12,
  progressive_disclosure: 0.1,
  token_efficiency: 0.06,
  robustness: 0.05,
  structural_completeness: 0.03,
  code_template_quality: 0.02,
  ecosystem_coherence: 0.02,
});

export const LAYERS = ['static', 'judge', 'monte_carlo'] as const;
export type LayerName = (typeof LAYERS)[number];

/** The seed's layer blend table: how much each layer contributes to each dimension when all three run. */
export const LAYER_BLEND: Readonly<Record<DimensionName, Readonly<Record<LayerName, number>>>> = Object.freeze({
  triggering_accuracy: { static: 0.15, judge: 0.25, monte_carlo: 0.6 },
  orchestration_fitness: { static: 0.1, judge: 0.7, monte_carlo: 0.2 },
  output_quality: { static: 0.0, judge: 0.4, monte_carlo: 0.6 },
  scope_calibration: { static: 0.3, judge: 0.55, monte_carlo: 0.15 },
  progressive_disclosure: { static: 0.8, judge: 0.2, monte_carlo: 0.0 },
  token_efficiency: { static: 0.4, judge: 0.1, monte_carlo: 0.5 },
  robustness: { static: 0.0, judge: 0.2, monte_carlo: 0.8 },
  structural_completeness: { static: 0.9, judge: 0.1, monte_carlo: 0.0 },
  code_template_quality: { static: 0.3, judge: 0.7, monte_carlo: 0.0 },
  ecosystem_coherence: { static: 0.85, judge: 0.15, monte_carlo: 0.0 },
});

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

/** Every anti-pattern flag, in the rule table's order (src/checks/table.ts; the file is generated from it). */
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
