/**
 * Every value judgekit reads or writes, as one zod declaration each (schema and type share a name).
 * Inputs (criteria, rubrics, batch lines) and outputs (results, reports) are validated with these,
 * and `judgeSchemas` publishes the output formats as JSON Schema through the CLI.
 */
import { z } from 'zod';
export declare const Scale: z.ZodUnion<readonly [z.ZodLiteral<3>, z.ZodLiteral<5>, z.ZodLiteral<10>]>;
export type Scale = z.infer<typeof Scale>;
export declare const Strictness: z.ZodEnum<{
    strict: "strict";
    lenient: "lenient";
    balanced: "balanced";
}>;
export type Strictness = z.infer<typeof Strictness>;
export declare const RubricLevel: z.ZodObject<{
    score: z.ZodNumber;
    label: z.ZodString;
    description: z.ZodString;
    characteristics: z.ZodArray<z.ZodString>;
    example: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type RubricLevel = z.infer<typeof RubricLevel>;
export declare const EdgeCase: z.ZodObject<{
    situation: z.ZodString;
    guidance: z.ZodString;
}, z.core.$strip>;
export type EdgeCase = z.infer<typeof EdgeCase>;
/** Records which prompt template produced a result, so a prompt change is visible in stored results. */
export declare const PromptVersion: z.ZodObject<{
    template: z.ZodString;
    version: z.ZodString;
    hash: z.ZodString;
}, z.core.$strip>;
export type PromptVersion = z.infer<typeof PromptVersion>;
export declare const Rubric: z.ZodObject<{
    criterion: z.ZodString;
    description: z.ZodDefault<z.ZodString>;
    scale: z.ZodObject<{
        min: z.ZodLiteral<1>;
        max: z.ZodUnion<readonly [z.ZodLiteral<3>, z.ZodLiteral<5>, z.ZodLiteral<10>]>;
    }, z.core.$strip>;
    domain: z.ZodOptional<z.ZodString>;
    strictness: z.ZodDefault<z.ZodEnum<{
        strict: "strict";
        lenient: "lenient";
        balanced: "balanced";
    }>>;
    levels: z.ZodArray<z.ZodObject<{
        score: z.ZodNumber;
        label: z.ZodString;
        description: z.ZodString;
        characteristics: z.ZodArray<z.ZodString>;
        example: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>>;
    scoringGuidelines: z.ZodDefault<z.ZodArray<z.ZodString>>;
    edgeCases: z.ZodDefault<z.ZodArray<z.ZodObject<{
        situation: z.ZodString;
        guidance: z.ZodString;
    }, z.core.$strip>>>;
    generatedBy: z.ZodOptional<z.ZodObject<{
        model: z.ZodString;
        prompt: z.ZodObject<{
            template: z.ZodString;
            version: z.ZodString;
            hash: z.ZodString;
        }, z.core.$strip>;
    }, z.core.$strip>>;
    warnings: z.ZodDefault<z.ZodArray<z.ZodString>>;
}, z.core.$strip>;
export type Rubric = z.infer<typeof Rubric>;
export declare const Criterion: z.ZodObject<{
    name: z.ZodString;
    description: z.ZodDefault<z.ZodString>;
    weight: z.ZodDefault<z.ZodNumber>;
    rubric: z.ZodOptional<z.ZodObject<{
        criterion: z.ZodString;
        description: z.ZodDefault<z.ZodString>;
        scale: z.ZodObject<{
            min: z.ZodLiteral<1>;
            max: z.ZodUnion<readonly [z.ZodLiteral<3>, z.ZodLiteral<5>, z.ZodLiteral<10>]>;
        }, z.core.$strip>;
        domain: z.ZodOptional<z.ZodString>;
        strictness: z.ZodDefault<z.ZodEnum<{
            strict: "strict";
            lenient: "lenient";
            balanced: "balanced";
        }>>;
        levels: z.ZodArray<z.ZodObject<{
            score: z.ZodNumber;
            label: z.ZodString;
            description: z.ZodString;
            characteristics: z.ZodArray<z.ZodString>;
            example: z.ZodOptional<z.ZodString>;
        }, z.core.$strip>>;
        scoringGuidelines: z.ZodDefault<z.ZodArray<z.ZodString>>;
        edgeCases: z.ZodDefault<z.ZodArray<z.ZodObject<{
            situation: z.ZodString;
            guidance: z.ZodString;
        }, z.core.$strip>>>;
        generatedBy: z.ZodOptional<z.ZodObject<{
            model: z.ZodString;
            prompt: z.ZodObject<{
                template: z.ZodString;
                version: z.ZodString;
                hash: z.ZodString;
            }, z.core.$strip>;
        }, z.core.$strip>>;
        warnings: z.ZodDefault<z.ZodArray<z.ZodString>>;
    }, z.core.$strip>>;
}, z.core.$strip>;
export type Criterion = z.infer<typeof Criterion>;
export type CriterionInput = z.input<typeof Criterion>;
export declare const JudgeInfo: z.ZodObject<{
    model: z.ZodString;
    provider: z.ZodString;
    prompt: z.ZodObject<{
        template: z.ZodString;
        version: z.ZodString;
        hash: z.ZodString;
    }, z.core.$strip>;
}, z.core.$strip>;
export type JudgeInfo = z.infer<typeof JudgeInfo>;
export declare const CallCost: z.ZodObject<{
    inputTokens: z.ZodNumber;
    outputTokens: z.ZodNumber;
    costUsd: z.ZodNumber;
    latencyMs: z.ZodNumber;
    calls: z.ZodNumber;
    cachedCalls: z.ZodNumber;
}, z.core.$strip>;
export type CallCost = z.infer<typeof CallCost>;
export declare const CriterionScore: z.ZodObject<{
    criterion: z.ZodString;
    weight: z.ZodNumber;
    evidence: z.ZodArray<z.ZodString>;
    justification: z.ZodString;
    score: z.ZodNullable<z.ZodNumber>;
    improvement: z.ZodString;
    adjustments: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export type CriterionScore = z.infer<typeof CriterionScore>;
export declare const ScoreSummary: z.ZodObject<{
    assessment: z.ZodString;
    strengths: z.ZodArray<z.ZodString>;
    weaknesses: z.ZodArray<z.ZodString>;
    priorities: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export declare const DirectScoreResult: z.ZodObject<{
    kind: z.ZodLiteral<"direct">;
    id: z.ZodOptional<z.ZodString>;
    status: z.ZodEnum<{
        unmeasured: "unmeasured";
        scored: "scored";
    }>;
    reason: z.ZodOptional<z.ZodString>;
    scale: z.ZodUnion<readonly [z.ZodLiteral<3>, z.ZodLiteral<5>, z.ZodLiteral<10>]>;
    scores: z.ZodArray<z.ZodObject<{
        criterion: z.ZodString;
        weight: z.ZodNumber;
        evidence: z.ZodArray<z.ZodString>;
        justification: z.ZodString;
        score: z.ZodNullable<z.ZodNumber>;
        improvement: z.ZodString;
        adjustments: z.ZodArray<z.ZodString>;
    }, z.core.$strip>>;
    overallScore: z.ZodNullable<z.ZodNumber>;
    weightedScore: z.ZodNullable<z.ZodNumber>;
    normalisedScore: z.ZodNullable<z.ZodNumber>;
    summary: z.ZodNullable<z.ZodObject<{
        assessment: z.ZodString;
        strengths: z.ZodArray<z.ZodString>;
        weaknesses: z.ZodArray<z.ZodString>;
        priorities: z.ZodArray<z.ZodString>;
    }, z.core.$strip>>;
    responseLength: z.ZodNumber;
    lengthNormalised: z.ZodBoolean;
    judge: z.ZodObject<{
        model: z.ZodString;
        provider: z.ZodString;
        prompt: z.ZodObject<{
            template: z.ZodString;
            version: z.ZodString;
            hash: z.ZodString;
        }, z.core.$strip>;
    }, z.core.$strip>;
    cost: z.ZodObject<{
        inputTokens: z.ZodNumber;
        outputTokens: z.ZodNumber;
        costUsd: z.ZodNumber;
        latencyMs: z.ZodNumber;
        calls: z.ZodNumber;
        cachedCalls: z.ZodNumber;
    }, z.core.$strip>;
    warnings: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export type DirectScoreResult = z.infer<typeof DirectScoreResult>;
export declare const Winner: z.ZodEnum<{
    A: "A";
    B: "B";
    TIE: "TIE";
}>;
export type Winner = z.infer<typeof Winner>;
export declare const LikertVerdict: z.ZodEnum<{
    "A>>B": "A>>B";
    "A>B": "A>B";
    "A=B": "A=B";
    "B>A": "B>A";
    "B>>A": "B>>A";
}>;
export type LikertVerdict = z.infer<typeof LikertVerdict>;
export declare const CriterionVerdict: z.ZodObject<{
    criterion: z.ZodString;
    winner: z.ZodEnum<{
        A: "A";
        B: "B";
        TIE: "TIE";
    }>;
    reasoning: z.ZodString;
}, z.core.$strip>;
/** One judge call of a pairwise comparison, already mapped back to the caller's A/B labels. */
export declare const PairwisePass: z.ZodObject<{
    pass: z.ZodNumber;
    order: z.ZodEnum<{
        AB: "AB";
        BA: "BA";
    }>;
    status: z.ZodEnum<{
        unmeasured: "unmeasured";
        judged: "judged";
    }>;
    reason: z.ZodOptional<z.ZodString>;
    rawVerdict: z.ZodNullable<z.ZodString>;
    winner: z.ZodNullable<z.ZodEnum<{
        A: "A";
        B: "B";
        TIE: "TIE";
    }>>;
    likert: z.ZodNullable<z.ZodEnum<{
        "A>>B": "A>>B";
        "A>B": "A>B";
        "A=B": "A=B";
        "B>A": "B>A";
        "B>>A": "B>>A";
    }>>;
    confidence: z.ZodNullable<z.ZodNumber>;
    pickedFirstPosition: z.ZodNullable<z.ZodBoolean>;
    evidence: z.ZodArray<z.ZodString>;
    reasoning: z.ZodString;
    analysis: z.ZodNullable<z.ZodObject<{
        responseA: z.ZodString;
        responseB: z.ZodString;
    }, z.core.$strip>>;
    criteria: z.ZodArray<z.ZodObject<{
        criterion: z.ZodString;
        winner: z.ZodEnum<{
            A: "A";
            B: "B";
            TIE: "TIE";
        }>;
        reasoning: z.ZodString;
    }, z.core.$strip>>;
    differentiators: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export type PairwisePass = z.infer<typeof PairwisePass>;
export declare const PairwiseResult: z.ZodObject<{
    kind: z.ZodLiteral<"pairwise">;
    id: z.ZodOptional<z.ZodString>;
    status: z.ZodEnum<{
        unmeasured: "unmeasured";
        judged: "judged";
    }>;
    reason: z.ZodOptional<z.ZodString>;
    winner: z.ZodEnum<{
        A: "A";
        B: "B";
        TIE: "TIE";
    }>;
    likert: z.ZodNullable<z.ZodEnum<{
        "A>>B": "A>>B";
        "A>B": "A>B";
        "A=B": "A=B";
        "B>A": "B>A";
        "B>>A": "B>>A";
    }>>;
    confidence: z.ZodNumber;
    rawConfidence: z.ZodNumber;
    consistent: z.ZodBoolean;
    leaning: z.ZodNullable<z.ZodEnum<{
        A: "A";
        B: "B";
        TIE: "TIE";
    }>>;
    votes: z.ZodObject<{
        A: z.ZodNumber;
        B: z.ZodNumber;
        TIE: z.ZodNumber;
    }, z.core.$strip>;
    criteria: z.ZodArray<z.ZodObject<{
        criterion: z.ZodString;
        winner: z.ZodEnum<{
            A: "A";
            B: "B";
            TIE: "TIE";
        }>;
        votes: z.ZodObject<{
            A: z.ZodNumber;
            B: z.ZodNumber;
            TIE: z.ZodNumber;
        }, z.core.$strip>;
    }, z.core.$strip>>;
    passes: z.ZodArray<z.ZodObject<{
        pass: z.ZodNumber;
        order: z.ZodEnum<{
            AB: "AB";
            BA: "BA";
        }>;
        status: z.ZodEnum<{
            unmeasured: "unmeasured";
            judged: "judged";
        }>;
        reason: z.ZodOptional<z.ZodString>;
        rawVerdict: z.ZodNullable<z.ZodString>;
        winner: z.ZodNullable<z.ZodEnum<{
            A: "A";
            B: "B";
            TIE: "TIE";
        }>>;
        likert: z.ZodNullable<z.ZodEnum<{
            "A>>B": "A>>B";
            "A>B": "A>B";
            "A=B": "A=B";
            "B>A": "B>A";
            "B>>A": "B>>A";
        }>>;
        confidence: z.ZodNullable<z.ZodNumber>;
        pickedFirstPosition: z.ZodNullable<z.ZodBoolean>;
        evidence: z.ZodArray<z.ZodString>;
        reasoning: z.ZodString;
        analysis: z.ZodNullable<z.ZodObject<{
            responseA: z.ZodString;
            responseB: z.ZodString;
        }, z.core.$strip>>;
        criteria: z.ZodArray<z.ZodObject<{
            criterion: z.ZodString;
            winner: z.ZodEnum<{
                A: "A";
                B: "B";
                TIE: "TIE";
            }>;
            reasoning: z.ZodString;
        }, z.core.$strip>>;
        differentiators: z.ZodArray<z.ZodString>;
    }, z.core.$strip>>;
    lengthA: z.ZodNumber;
    lengthB: z.ZodNumber;
    modelA: z.ZodOptional<z.ZodString>;
    modelB: z.ZodOptional<z.ZodString>;
    allowTies: z.ZodBoolean;
    judge: z.ZodObject<{
        model: z.ZodString;
        provider: z.ZodString;
        prompt: z.ZodObject<{
            template: z.ZodString;
            version: z.ZodString;
            hash: z.ZodString;
        }, z.core.$strip>;
    }, z.core.$strip>;
    cost: z.ZodObject<{
        inputTokens: z.ZodNumber;
        outputTokens: z.ZodNumber;
        costUsd: z.ZodNumber;
        latencyMs: z.ZodNumber;
        calls: z.ZodNumber;
        cachedCalls: z.ZodNumber;
    }, z.core.$strip>;
    warnings: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
export type PairwiseResult = z.infer<typeof PairwiseResult>;
