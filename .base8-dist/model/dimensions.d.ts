/** Dimension, layer and anti-pattern names and weights: plain constants (no zod, so the CLI starts fast). */
/** The ten scored dimensions, in the seed's order, with their composite weights. */
export declare const DIMENSIONS: readonly ["triggering_accuracy", "orchestration_fitness", "output_quality", "scope_calibration", "progressive_disclosure", "token_efficiency", "robustness", "structural_completeness", "code_template_quality", "ecosystem_coherence"];
export type DimensionName = (typeof DIMENSIONS)[number];
export declare const DIMENSION_WEIGHTS: Readonly<Record<DimensionName, number>>;
export declare const LAYERS: readonly ["static", "judge", "monte_carlo"];
export type LayerName = (typeof LAYERS)[number];
/** The seed's layer blend table: how much each layer contributes to each dimension when all three run. */
export declare const LAYER_BLEND: Readonly<Record<DimensionName, Readonly<Record<LayerName, number>>>>;
/** Static sub-scores (Layer 1), in PluginEval's order, with their weights in the static layer score. */
export declare const SUB_SCORES: readonly ["frontmatter_quality", "orchestration_wiring", "progressive_disclosure", "structural_completeness", "token_efficiency", "ecosystem_coherence", "harness_portability"];
export type SubScoreName = (typeof SUB_SCORES)[number];
export declare const SUB_SCORE_WEIGHTS: Readonly<Record<SubScoreName, number>>;
/** Which dimension each static sub-score feeds. harness_portability is reported but feeds none. */
export declare const SUB_SCORE_TO_DIMENSION: Readonly<Record<SubScoreName, DimensionName | undefined>>;
export declare const ANTI_PATTERNS: readonly ["OVER_CONSTRAINED", "EMPTY_DESCRIPTION", "MISSING_TRIGGER", "BLOATED_SKILL", "ORPHAN_REFERENCE", "DEAD_CROSS_REF", "KEYWORD_STUFFING", "FILLER_CONTENT", "EMPTY_REFERENCE_FILE", "INJECTION_ATTEMPT", "LOW_INFORMATION_PROSE"];
export type AntiPatternFlag = (typeof ANTI_PATTERNS)[number];
/**
 * Anti-patterns that disqualify a skill from any badge in the default methodology, whatever its composite:
 * manipulating the evaluator, or prose that carries no information (a skeleton filled with salad or filler).
 */
export declare const DISQUALIFYING_ANTI_PATTERNS: readonly AntiPatternFlag[];
export declare const METHODOLOGIES: readonly ["default", "compat"];
export type Methodology = (typeof METHODOLOGIES)[number];
export declare const DEPTHS: readonly ["quick", "standard", "deep", "thorough"];
export type Depth = (typeof DEPTHS)[number];
/** Layers each depth asks for, and the confidence label it earns. */
export declare const DEPTH_PLAN: Readonly<Record<Depth, {
    layers: readonly LayerName[];
    confidence: string;
}>>;
/** Version of the native result format (ScoreResult.schemaVersion). */
export declare const RESULT_SCHEMA_VERSION = 1;
