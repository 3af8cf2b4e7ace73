import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);

// src/model/dimensions.ts
var DIMENSIONS = [
  "triggering_accuracy",
  "orchestration_fitness",
  "output_quality",
  "scope_calibration",
  "progressive_disclosure",
  "token_efficiency",
  "robustness",
  "structural_completeness",
  "code_template_quality",
  "ecosystem_coherence"
];
var DIMENSION_WEIGHTS = Object.freeze({
  triggering_accuracy: 0.25,
  orchestration_fitness: 0.2,
  output_quality: 0.15,
  scope_calibration: 0.12,
  progressive_disclosure: 0.1,
  token_efficiency: 0.06,
  robustness: 0.05,
  structural_completeness: 0.03,
  code_template_quality: 0.02,
  ecosystem_coherence: 0.02
});
var LAYERS = ["static", "judge", "monte_carlo"];
var LAYER_BLEND = Object.freeze({
  triggering_accuracy: { static: 0.15, judge: 0.25, monte_carlo: 0.6 },
  orchestration_fitness: { static: 0.1, judge: 0.7, monte_carlo: 0.2 },
  output_quality: { static: 0, judge: 0.4, monte_carlo: 0.6 },
  scope_calibration: { static: 0.3, judge: 0.55, monte_carlo: 0.15 },
  progressive_disclosure: { static: 0.8, judge: 0.2, monte_carlo: 0 },
  token_efficiency: { static: 0.4, judge: 0.1, monte_carlo: 0.5 },
  robustness: { static: 0, judge: 0.2, monte_carlo: 0.8 },
  structural_completeness: { static: 0.9, judge: 0.1, monte_carlo: 0 },
  code_template_quality: { static: 0.3, judge: 0.7, monte_carlo: 0 },
  ecosystem_coherence: { static: 0.85, judge: 0.15, monte_carlo: 0 }
});
var SUB_SCORES = [
  "frontmatter_quality",
  "orchestration_wiring",
  "progressive_disclosure",
  "structural_completeness",
  "token_efficiency",
  "ecosystem_coherence",
  "harness_portability"
];
var SUB_SCORE_WEIGHTS = Object.freeze({
  frontmatter_quality: 0.32,
  orchestration_wiring: 0.23,
  progressive_disclosure: 0.14,
  structural_completeness: 0.1,
  token_efficiency: 0.09,
  ecosystem_coherence: 0.06,
  harness_portability: 0.06
});
var SUB_SCORE_TO_DIMENSION = Object.freeze({
  frontmatter_quality: "triggering_accuracy",
  orchestration_wiring: "orchestration_fitness",
  progressive_disclosure: "progressive_disclosure",
  structural_completeness: "structural_completeness",
  token_efficiency: "token_efficiency",
  ecosystem_coherence: "ecosystem_coherence",
  harness_portability: void 0
});
var ANTI_PATTERNS = [
  "OVER_CONSTRAINED",
  "EMPTY_DESCRIPTION",
  "MISSING_TRIGGER",
  "BLOATED_SKILL",
  "ORPHAN_REFERENCE",
  "DEAD_CROSS_REF",
  // Default methodology only: gaming the static layer.
  "KEYWORD_STUFFING",
  "FILLER_CONTENT",
  "EMPTY_REFERENCE_FILE",
  "INJECTION_ATTEMPT",
  "LOW_INFORMATION_PROSE"
];
var DISQUALIFYING_ANTI_PATTERNS = Object.freeze(["INJECTION_ATTEMPT", "LOW_INFORMATION_PROSE"]);
var METHODOLOGIES = ["default", "compat"];
var DEPTHS = ["quick", "standard", "deep", "thorough"];
var DEPTH_PLAN = Object.freeze({
  quick: { layers: ["static"], confidence: "Estimated" },
  standard: { layers: ["static", "judge"], confidence: "Assessed" },
  deep: { layers: ["static", "judge", "monte_carlo"], confidence: "Certified" },
  thorough: { layers: ["static", "judge", "monte_carlo"], confidence: "Certified+" }
});
var RESULT_SCHEMA_VERSION = 1;

export {
  DIMENSIONS,
  DIMENSION_WEIGHTS,
  LAYERS,
  LAYER_BLEND,
  SUB_SCORES,
  SUB_SCORE_WEIGHTS,
  SUB_SCORE_TO_DIMENSION,
  ANTI_PATTERNS,
  DISQUALIFYING_ANTI_PATTERNS,
  METHODOLOGIES,
  DEPTHS,
  DEPTH_PLAN,
  RESULT_SCHEMA_VERSION
};
//# sourceMappingURL=chunk-S3VFI5PN.js.map
