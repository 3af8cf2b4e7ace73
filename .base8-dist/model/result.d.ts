import { z } from 'zod';
import { RESULT_SCHEMA_VERSION } from './dimensions.js';
export { RESULT_SCHEMA_VERSION };
export declare const AntiPatternResult: z.ZodObject<{
    flag: z.ZodEnum<{
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
    description: z.ZodString;
    severity: z.ZodNumber;
    file: z.ZodOptional<z.ZodString>;
    line: z.ZodOptional<z.ZodNumber>;
}, z.core.$strip>;
export type AntiPatternResult = z.infer<typeof AntiPatternResult>;
export declare const DimensionResult: z.ZodObject<{
    name: z.ZodEnum<{
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
    weight: z.ZodNumber;
    effectiveWeight: z.ZodNumber;
    measured: z.ZodBoolean;
    score: z.ZodNullable<z.ZodNumber>;
    grade: z.ZodNullable<z.ZodEnum<{
        A: "A";
        B: "B";
        C: "C";
        D: "D";
        F: "F";
    }>>;
    layers: z.ZodRecord<z.ZodEnum<{
        static: "static";
        judge: "judge";
        monte_carlo: "monte_carlo";
    }> & z.core.$partial, z.ZodNumber>;
    ciLow: z.ZodNullable<z.ZodNumber>;
    ciHigh: z.ZodNullable<z.ZodNumber>;
    evidence: z.ZodArray<z.ZodString>;
    unmeasuredReason: z.ZodOptional<z.ZodString>;
    notMeasuredBy: z.ZodOptional<z.ZodRecord<z.ZodEnum<{
        static: "static";
        judge: "judge";
        monte_carlo: "monte_carlo";
    }> & z.core.$partial, z.ZodString>>;
}, z.core.$strip>;
export type DimensionResult = z.infer<typeof DimensionResult>;
export declare const SubScoreResult: z.ZodObject<{
    score: z.ZodNumber;
    evidence: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export declare const LayerUsage: z.ZodObject<{
    provider: z.ZodOptional<z.ZodString>;
    models: z.ZodArray<z.ZodString>;
    calls: z.ZodNumber;
    cachedCalls: z.ZodNumber;
    inputTokens: z.ZodNumber;
    outputTokens: z.ZodNumber;
    cacheReadTokens: z.ZodNumber;
    cacheWriteTokens: z.ZodNumber;
    costUsd: z.ZodNumber;
}, z.core.$strip>;
export type LayerUsage = z.infer<typeof LayerUsage>;
export declare const LayerResult: z.ZodObject<{
    name: z.ZodEnum<{
        static: "static";
        judge: "judge";
        monte_carlo: "monte_carlo";
    }>;
    score: z.ZodNumber;
    durationMs: z.ZodNumber;
    dimensionsMeasured: z.ZodArray<z.ZodEnum<{
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
    }>>;
    subScores: z.ZodRecord<z.ZodEnum<{
        progressive_disclosure: "progressive_disclosure";
        token_efficiency: "token_efficiency";
        structural_completeness: "structural_completeness";
        ecosystem_coherence: "ecosystem_coherence";
        frontmatter_quality: "frontmatter_quality";
        orchestration_wiring: "orchestration_wiring";
        harness_portability: "harness_portability";
    }> & z.core.$partial, z.ZodObject<{
        score: z.ZodNumber;
        evidence: z.ZodArray<z.ZodString>;
    }, z.core.$strip>>;
    antiPatterns: z.ZodArray<z.ZodObject<{
        flag: z.ZodEnum<{
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
        description: z.ZodString;
        severity: z.ZodNumber;
        file: z.ZodOptional<z.ZodString>;
        line: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strip>>;
    usage: z.ZodOptional<z.ZodObject<{
        provider: z.ZodOptional<z.ZodString>;
        models: z.ZodArray<z.ZodString>;
        calls: z.ZodNumber;
        cachedCalls: z.ZodNumber;
        inputTokens: z.ZodNumber;
        outputTokens: z.ZodNumber;
        cacheReadTokens: z.ZodNumber;
        cacheWriteTokens: z.ZodNumber;
        costUsd: z.ZodNumber;
    }, z.core.$strip>>;
    notes: z.ZodOptional<z.ZodArray<z.ZodString>>;
    judges: z.ZodOptional<z.ZodNumber>;
    kappa: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
}, z.core.$strip>;
export type LayerResult = z.infer<typeof LayerResult>;
export declare const LayerNotRun: z.ZodObject<{
    name: z.ZodEnum<{
        static: "static";
        judge: "judge";
        monte_carlo: "monte_carlo";
    }>;
    reason: z.ZodString;
}, z.core.$strip>;
/** One dimension a layer that ran failed to measure, or measured from fewer judges or skills than asked. */
export declare const MeasurementGap: z.ZodObject<{
    layer: z.ZodEnum<{
        static: "static";
        judge: "judge";
        monte_carlo: "monte_carlo";
    }>;
    dimension: z.ZodEnum<{
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
    measured: z.ZodBoolean;
    reason: z.ZodString;
}, z.core.$strip>;
export type MeasurementGap = z.infer<typeof MeasurementGap>;
export declare const Measurement: z.ZodObject<{
    status: z.ZodEnum<{
        complete: "complete";
        partial: "partial";
    }>;
    gaps: z.ZodArray<z.ZodObject<{
        layer: z.ZodEnum<{
            static: "static";
            judge: "judge";
            monte_carlo: "monte_carlo";
        }>;
        dimension: z.ZodEnum<{
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
        measured: z.ZodBoolean;
        reason: z.ZodString;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type Measurement = z.infer<typeof Measurement>;
export declare const ComponentResult: z.ZodObject<{
    kind: z.ZodEnum<{
        skill: "skill";
        agent: "agent";
        command: "command";
    }>;
    name: z.ZodString;
    path: z.ZodString;
    score: z.ZodNullable<z.ZodNumber>;
    staticScore: z.ZodNullable<z.ZodNumber>;
    evidence: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export declare const Coverage: z.ZodObject<{
    share: z.ZodNumber;
    byLayer: z.ZodRecord<z.ZodEnum<{
        static: "static";
        judge: "judge";
        monte_carlo: "monte_carlo";
    }> & z.core.$partial, z.ZodNumber>;
    unmeasured: z.ZodArray<z.ZodEnum<{
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
    }>>;
}, z.core.$strip>;
export type Coverage = z.infer<typeof Coverage>;
export declare const BadgeDecision: z.ZodObject<{
    badge: z.ZodEnum<{
        platinum: "platinum";
        gold: "gold";
        silver: "silver";
        bronze: "bronze";
        none: "none";
    }>;
    byComposite: z.ZodEnum<{
        platinum: "platinum";
        gold: "gold";
        silver: "silver";
        bronze: "bronze";
        none: "none";
    }>;
    provisional: z.ZodBoolean;
    reasons: z.ZodArray<z.ZodString>;
    label: z.ZodString;
}, z.core.$strip>;
export type BadgeDecision = z.infer<typeof BadgeDecision>;
/**
 * One mechanical change to the files of a tip's target. Paths are relative to the target's folder: the skill
 * folder for a skill, the folder holding the file (agents/, commands/) for an agent or command. Line numbers are
 * 1-based lines of the file as it is now (CRLF read as LF); `text: null` deletes the lines. `tips[].edits` can be
 * applied as they stand (see `applyEdits`).
 */
export declare const SkillEdit: z.ZodDiscriminatedUnion<[z.ZodObject<{
    op: z.ZodLiteral<"set-frontmatter">;
    file: z.ZodOptional<z.ZodString>;
    key: z.ZodString;
    value: z.ZodString;
}, z.core.$strip>, z.ZodObject<{
    op: z.ZodLiteral<"append">;
    file: z.ZodString;
    text: z.ZodString;
}, z.core.$strip>, z.ZodObject<{
    op: z.ZodLiteral<"replace-lines">;
    file: z.ZodString;
    start: z.ZodNumber;
    end: z.ZodNumber;
    text: z.ZodNullable<z.ZodString>;
}, z.core.$strip>, z.ZodObject<{
    op: z.ZodLiteral<"write-file">;
    file: z.ZodString;
    text: z.ZodString;
}, z.core.$strip>, z.ZodObject<{
    op: z.ZodLiteral<"delete-file">;
    file: z.ZodString;
}, z.core.$strip>], "op">;
export type SkillEdit = z.infer<typeof SkillEdit>;
export declare const TipEffect: z.ZodObject<{
    dimension: z.ZodEnum<{
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
    from: z.ZodNumber;
    to: z.ZodNumber;
}, z.core.$strip>;
export declare const Tip: z.ZodObject<{
    id: z.ZodString;
    source: z.ZodEnum<{
        check: "check";
        judge: "judge";
        "anti-pattern": "anti-pattern";
    }>;
    dimension: z.ZodNullable<z.ZodEnum<{
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
    }>>;
    antiPattern: z.ZodOptional<z.ZodEnum<{
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
    }>>;
    target: z.ZodObject<{
        kind: z.ZodEnum<{
            skill: "skill";
            agent: "agent";
            command: "command";
        }>;
        path: z.ZodString;
    }, z.core.$strip>;
    gain: z.ZodNumber;
    gainBasis: z.ZodEnum<{
        simulated: "simulated";
        ceiling: "ceiling";
    }>;
    action: z.ZodString;
    example: z.ZodOptional<z.ZodString>;
    edits: z.ZodOptional<z.ZodArray<z.ZodDiscriminatedUnion<[z.ZodObject<{
        op: z.ZodLiteral<"set-frontmatter">;
        file: z.ZodOptional<z.ZodString>;
        key: z.ZodString;
        value: z.ZodString;
    }, z.core.$strip>, z.ZodObject<{
        op: z.ZodLiteral<"append">;
        file: z.ZodString;
        text: z.ZodString;
    }, z.core.$strip>, z.ZodObject<{
        op: z.ZodLiteral<"replace-lines">;
        file: z.ZodString;
        start: z.ZodNumber;
        end: z.ZodNumber;
        text: z.ZodNullable<z.ZodString>;
    }, z.core.$strip>, z.ZodObject<{
        op: z.ZodLiteral<"write-file">;
        file: z.ZodString;
        text: z.ZodString;
    }, z.core.$strip>, z.ZodObject<{
        op: z.ZodLiteral<"delete-file">;
        file: z.ZodString;
    }, z.core.$strip>], "op">>>;
    effects: z.ZodOptional<z.ZodObject<{
        dimensions: z.ZodArray<z.ZodObject<{
            dimension: z.ZodEnum<{
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
            from: z.ZodNumber;
            to: z.ZodNumber;
        }, z.core.$strip>>;
        antiPatternsRemoved: z.ZodArray<z.ZodEnum<{
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
        }>>;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type Tip = z.infer<typeof Tip>;
export declare const ScoreResult: z.ZodObject<{
    schemaVersion: z.ZodLiteral<1>;
    tool: z.ZodObject<{
        name: z.ZodLiteral<"plugin-eval">;
        version: z.ZodString;
    }, z.core.$strip>;
    target: z.ZodObject<{
        path: z.ZodString;
        kind: z.ZodEnum<{
            skill: "skill";
            plugin: "plugin";
        }>;
        name: z.ZodString;
        lineCount: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strip>;
    methodology: z.ZodEnum<{
        default: "default";
        compat: "compat";
    }>;
    depth: z.ZodEnum<{
        quick: "quick";
        standard: "standard";
        deep: "deep";
        thorough: "thorough";
    }>;
    layersRequested: z.ZodArray<z.ZodEnum<{
        static: "static";
        judge: "judge";
        monte_carlo: "monte_carlo";
    }>>;
    layersRun: z.ZodArray<z.ZodEnum<{
        static: "static";
        judge: "judge";
        monte_carlo: "monte_carlo";
    }>>;
    layersNotRun: z.ZodArray<z.ZodObject<{
        name: z.ZodEnum<{
            static: "static";
            judge: "judge";
            monte_carlo: "monte_carlo";
        }>;
        reason: z.ZodString;
    }, z.core.$strip>>;
    composite: z.ZodObject<{
        score: z.ZodNumber;
        rawScore: z.ZodNumber;
        penalty: z.ZodNumber;
        badge: z.ZodEnum<{
            platinum: "platinum";
            gold: "gold";
            silver: "silver";
            bronze: "bronze";
            none: "none";
        }>;
        confidenceLabel: z.ZodString;
        ciLow: z.ZodNullable<z.ZodNumber>;
        ciHigh: z.ZodNullable<z.ZodNumber>;
        elo: z.ZodNullable<z.ZodNumber>;
        coverage: z.ZodObject<{
            share: z.ZodNumber;
            byLayer: z.ZodRecord<z.ZodEnum<{
                static: "static";
                judge: "judge";
                monte_carlo: "monte_carlo";
            }> & z.core.$partial, z.ZodNumber>;
            unmeasured: z.ZodArray<z.ZodEnum<{
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
            }>>;
        }, z.core.$strip>;
        badgeDecision: z.ZodObject<{
            badge: z.ZodEnum<{
                platinum: "platinum";
                gold: "gold";
                silver: "silver";
                bronze: "bronze";
                none: "none";
            }>;
            byComposite: z.ZodEnum<{
                platinum: "platinum";
                gold: "gold";
                silver: "silver";
                bronze: "bronze";
                none: "none";
            }>;
            provisional: z.ZodBoolean;
            reasons: z.ZodArray<z.ZodString>;
            label: z.ZodString;
        }, z.core.$strip>;
    }, z.core.$strip>;
    measurement: z.ZodDefault<z.ZodObject<{
        status: z.ZodEnum<{
            complete: "complete";
            partial: "partial";
        }>;
        gaps: z.ZodArray<z.ZodObject<{
            layer: z.ZodEnum<{
                static: "static";
                judge: "judge";
                monte_carlo: "monte_carlo";
            }>;
            dimension: z.ZodEnum<{
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
            measured: z.ZodBoolean;
            reason: z.ZodString;
        }, z.core.$strip>>;
    }, z.core.$strip>>;
    dimensions: z.ZodArray<z.ZodObject<{
        name: z.ZodEnum<{
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
        weight: z.ZodNumber;
        effectiveWeight: z.ZodNumber;
        measured: z.ZodBoolean;
        score: z.ZodNullable<z.ZodNumber>;
        grade: z.ZodNullable<z.ZodEnum<{
            A: "A";
            B: "B";
            C: "C";
            D: "D";
            F: "F";
        }>>;
        layers: z.ZodRecord<z.ZodEnum<{
            static: "static";
            judge: "judge";
            monte_carlo: "monte_carlo";
        }> & z.core.$partial, z.ZodNumber>;
        ciLow: z.ZodNullable<z.ZodNumber>;
        ciHigh: z.ZodNullable<z.ZodNumber>;
        evidence: z.ZodArray<z.ZodString>;
        unmeasuredReason: z.ZodOptional<z.ZodString>;
        notMeasuredBy: z.ZodOptional<z.ZodRecord<z.ZodEnum<{
            static: "static";
            judge: "judge";
            monte_carlo: "monte_carlo";
        }> & z.core.$partial, z.ZodString>>;
    }, z.core.$strip>>;
    layers: z.ZodArray<z.ZodObject<{
        name: z.ZodEnum<{
            static: "static";
            judge: "judge";
            monte_carlo: "monte_carlo";
        }>;
        score: z.ZodNumber;
        durationMs: z.ZodNumber;
        dimensionsMeasured: z.ZodArray<z.ZodEnum<{
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
        }>>;
        subScores: z.ZodRecord<z.ZodEnum<{
            progressive_disclosure: "progressive_disclosure";
            token_efficiency: "token_efficiency";
            structural_completeness: "structural_completeness";
            ecosystem_coherence: "ecosystem_coherence";
            frontmatter_quality: "frontmatter_quality";
            orchestration_wiring: "orchestration_wiring";
            harness_portability: "harness_portability";
        }> & z.core.$partial, z.ZodObject<{
            score: z.ZodNumber;
            evidence: z.ZodArray<z.ZodString>;
        }, z.core.$strip>>;
        antiPatterns: z.ZodArray<z.ZodObject<{
            flag: z.ZodEnum<{
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
            description: z.ZodString;
            severity: z.ZodNumber;
            file: z.ZodOptional<z.ZodString>;
            line: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strip>>;
        usage: z.ZodOptional<z.ZodObject<{
            provider: z.ZodOptional<z.ZodString>;
            models: z.ZodArray<z.ZodString>;
            calls: z.ZodNumber;
            cachedCalls: z.ZodNumber;
            inputTokens: z.ZodNumber;
            outputTokens: z.ZodNumber;
            cacheReadTokens: z.ZodNumber;
            cacheWriteTokens: z.ZodNumber;
            costUsd: z.ZodNumber;
        }, z.core.$strip>>;
        notes: z.ZodOptional<z.ZodArray<z.ZodString>>;
        judges: z.ZodOptional<z.ZodNumber>;
        kappa: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    }, z.core.$strip>>;
    antiPatterns: z.ZodArray<z.ZodObject<{
        flag: z.ZodEnum<{
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
        description: z.ZodString;
        severity: z.ZodNumber;
        file: z.ZodOptional<z.ZodString>;
        line: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strip>>;
    usage: z.ZodNullable<z.ZodObject<{
        provider: z.ZodOptional<z.ZodString>;
        models: z.ZodArray<z.ZodString>;
        calls: z.ZodNumber;
        cachedCalls: z.ZodNumber;
        inputTokens: z.ZodNumber;
        outputTokens: z.ZodNumber;
        cacheReadTokens: z.ZodNumber;
        cacheWriteTokens: z.ZodNumber;
        costUsd: z.ZodNumber;
    }, z.core.$strip>>;
    tips: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        source: z.ZodEnum<{
            check: "check";
            judge: "judge";
            "anti-pattern": "anti-pattern";
        }>;
        dimension: z.ZodNullable<z.ZodEnum<{
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
        }>>;
        antiPattern: z.ZodOptional<z.ZodEnum<{
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
        }>>;
        target: z.ZodObject<{
            kind: z.ZodEnum<{
                skill: "skill";
                agent: "agent";
                command: "command";
            }>;
            path: z.ZodString;
        }, z.core.$strip>;
        gain: z.ZodNumber;
        gainBasis: z.ZodEnum<{
            simulated: "simulated";
            ceiling: "ceiling";
        }>;
        action: z.ZodString;
        example: z.ZodOptional<z.ZodString>;
        edits: z.ZodOptional<z.ZodArray<z.ZodDiscriminatedUnion<[z.ZodObject<{
            op: z.ZodLiteral<"set-frontmatter">;
            file: z.ZodOptional<z.ZodString>;
            key: z.ZodString;
            value: z.ZodString;
        }, z.core.$strip>, z.ZodObject<{
            op: z.ZodLiteral<"append">;
            file: z.ZodString;
            text: z.ZodString;
        }, z.core.$strip>, z.ZodObject<{
            op: z.ZodLiteral<"replace-lines">;
            file: z.ZodString;
            start: z.ZodNumber;
            end: z.ZodNumber;
            text: z.ZodNullable<z.ZodString>;
        }, z.core.$strip>, z.ZodObject<{
            op: z.ZodLiteral<"write-file">;
            file: z.ZodString;
            text: z.ZodString;
        }, z.core.$strip>, z.ZodObject<{
            op: z.ZodLiteral<"delete-file">;
            file: z.ZodString;
        }, z.core.$strip>], "op">>>;
        effects: z.ZodOptional<z.ZodObject<{
            dimensions: z.ZodArray<z.ZodObject<{
                dimension: z.ZodEnum<{
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
                from: z.ZodNumber;
                to: z.ZodNumber;
            }, z.core.$strip>>;
            antiPatternsRemoved: z.ZodArray<z.ZodEnum<{
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
            }>>;
        }, z.core.$strip>>;
    }, z.core.$strip>>;
    components: z.ZodOptional<z.ZodArray<z.ZodObject<{
        kind: z.ZodEnum<{
            skill: "skill";
            agent: "agent";
            command: "command";
        }>;
        name: z.ZodString;
        path: z.ZodString;
        score: z.ZodNullable<z.ZodNumber>;
        staticScore: z.ZodNullable<z.ZodNumber>;
        evidence: z.ZodArray<z.ZodString>;
    }, z.core.$strip>>>;
    diagnostics: z.ZodArray<z.ZodObject<{
        file: z.ZodString;
        line: z.ZodNumber;
        column: z.ZodNumber;
        severity: z.ZodEnum<{
            error: "error";
            warning: "warning";
            info: "info";
        }>;
        ruleId: z.ZodString;
        message: z.ZodString;
    }, z.core.$strip>>;
    durationMs: z.ZodNumber;
}, z.core.$strip>;
export type ScoreResult = z.infer<typeof ScoreResult>;
