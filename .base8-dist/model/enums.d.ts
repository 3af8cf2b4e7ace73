import { z } from 'zod';
/** zod enums over the name constants, for schemas of files and outputs. */
export declare const DimensionName: z.ZodEnum<{
    triggering_accuracy: "triggering_accuracy";
    orchestration_fitness: "orchestration_fitness";
    output_quality: "output_quality";
    scope_calibration: "scope_calibration";
    progressive_disclosure: "progressive_disclosure";
    token_efficiency: "token_efficiency";
    robustness: "robustness";
    structural_completeness: "structural_completeness";
    code_template_quality: "code_template_quality";
    ecosystem_coherence: "ecosystem_coherence";
}>;
export declare const LayerName: z.ZodEnum<{
    static: "static";
    judge: "judge";
    monte_carlo: "monte_carlo";
}>;
export declare const SubScoreName: z.ZodEnum<{
    progressive_disclosure: "progressive_disclosure";
    token_efficiency: "token_efficiency";
    structural_completeness: "structural_completeness";
    ecosystem_coherence: "ecosystem_coherence";
    frontmatter_quality: "frontmatter_quality";
    orchestration_wiring: "orchestration_wiring";
    harness_portability: "harness_portability";
}>;
export declare const AntiPatternFlag: z.ZodEnum<{
    OVER_CONSTRAINED: "OVER_CONSTRAINED";
    EMPTY_DESCRIPTION: "EMPTY_DESCRIPTION";
    MISSING_TRIGGER: "MISSING_TRIGGER";
    BLOATED_SKILL: "BLOATED_SKILL";
    ORPHAN_REFERENCE: "ORPHAN_REFERENCE";
    DEAD_CROSS_REF: "DEAD_CROSS_REF";
    KEYWORD_STUFFING: "KEYWORD_STUFFING";
    FILLER_CONTENT: "FILLER_CONTENT";
    EMPTY_REFERENCE_FILE: "EMPTY_REFERENCE_FILE";
    INJECTION_ATTEMPT: "INJECTION_ATTEMPT";
    LOW_INFORMATION_PROSE: "LOW_INFORMATION_PROSE";
}>;
export declare const Methodology: z.ZodEnum<{
    default: "default";
    compat: "compat";
}>;
export declare const Depth: z.ZodEnum<{
    quick: "quick";
    standard: "standard";
    deep: "deep";
    thorough: "thorough";
}>;
export type DimensionName = z.infer<typeof DimensionName>;
export type LayerName = z.infer<typeof LayerName>;
export type SubScoreName = z.infer<typeof SubScoreName>;
export type AntiPatternFlag = z.infer<typeof AntiPatternFlag>;
export type Methodology = z.infer<typeof Methodology>;
export type Depth = z.infer<typeof Depth>;
