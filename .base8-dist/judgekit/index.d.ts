export * from './schemas.js';
export * from './report-schemas.js';
export { directReplySchema, lengthPenalty, normalise, normaliseName, parseCriteria, readReply, scoreDirect, scoreDirectBatch, weightedMean } from './direct.js';
export type { DirectOptions, DirectReply, LengthNormalisation, ScoreInput } from './direct.js';
export { DEFAULT_COMPARE_CRITERIA, aggregatePasses, calibrateConfidence, comparePair, comparePairs, likertWinner, majority, mapLikert, mapWinner, orderOfPass, pairwiseReplySchema, } from './pairwise.js';
export type { CompareInput, CompareOptions, Order, PairwiseReply } from './pairwise.js';
export { attachRubrics, checkLevels, formatRubrics, generateRubric, loadRubrics, rubricReplySchema, saveRubrics } from './rubric.js';
export type { RubricOptions, RubricRequest } from './rubric.js';
export { aggregatePanel, judgeScore, mapBatch, pairAgreement, scorePanel, scoreScreened } from './panel.js';
export type { JudgeRef, JudgeScoreOptions, PanelOptions, ScreenOptions } from './panel.js';
export { battlesOf, fitLogistic, lengthControlledWinRate, outcomeOf } from './length-control.js';
export type { LengthBattle, LogisticFit } from './length-control.js';
export { modelFamily, pairwiseBiasReport, positionZTest, scoreBiasReport, selfEnhancementWarnings } from './bias.js';
export type { BiasOptions } from './bias.js';
export { calibratePairwise, calibrateScores } from './calibrate.js';
export type { LabelledPairItem, LabelledScoreItem } from './calibrate.js';
export { CALIBRATION_THRESHOLDS, levelOf, worstLevel } from './thresholds.js';
export type { ThresholdMetric } from './thresholds.js';
export { finalWeightedScore, summariseCompareBatch, summariseScoreBatch, weightedWinRate } from './batch.js';
export { CompareLine, LabelledCompareLine, LabelledScoreLine, ScoreLine, loadCriteria, parseInlineCriteria, parseJsonl, readJsonl, readLabelled } from './io.js';
export { DIRECT_TEMPLATE, PAIRWISE_TEMPLATE, RUBRIC_TEMPLATE, promptVersion } from './prompts.js';
export type { PromptTemplate } from './prompts.js';
export { renderJson, renderMarkdown, renderText, renderers } from './render.js';
export type { JudgeOutput, OutputFormat } from './render.js';
export { costOfCall, emptyCost, sumCosts } from './cost.js';
/** Output formats by name, for `plugin-eval judge schema NAME` (JSON Schema via z.toJSONSchema). */
export declare const judgeSchemas: {
    readonly 'direct-score': import("zod").ZodObject<{
        kind: import("zod").ZodLiteral<"direct">;
        id: import("zod").ZodOptional<import("zod").ZodString>;
        status: import("zod").ZodEnum<{
            unmeasured: "unmeasured";
            scored: "scored";
        }>;
        reason: import("zod").ZodOptional<import("zod").ZodString>;
        scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
        scores: import("zod").ZodArray<import("zod").ZodObject<{
            criterion: import("zod").ZodString;
            weight: import("zod").ZodNumber;
            evidence: import("zod").ZodArray<import("zod").ZodString>;
            justification: import("zod").ZodString;
            score: import("zod").ZodNullable<import("zod").ZodNumber>;
            improvement: import("zod").ZodString;
            adjustments: import("zod").ZodArray<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>>;
        overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
        weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
        normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
        summary: import("zod").ZodNullable<import("zod").ZodObject<{
            assessment: import("zod").ZodString;
            strengths: import("zod").ZodArray<import("zod").ZodString>;
            weaknesses: import("zod").ZodArray<import("zod").ZodString>;
            priorities: import("zod").ZodArray<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>>;
        responseLength: import("zod").ZodNumber;
        lengthNormalised: import("zod").ZodBoolean;
        judge: import("zod").ZodObject<{
            model: import("zod").ZodString;
            provider: import("zod").ZodString;
            prompt: import("zod").ZodObject<{
                template: import("zod").ZodString;
                version: import("zod").ZodString;
                hash: import("zod").ZodString;
            }, import("zod/v4/core").$strip>;
        }, import("zod/v4/core").$strip>;
        cost: import("zod").ZodObject<{
            inputTokens: import("zod").ZodNumber;
            outputTokens: import("zod").ZodNumber;
            costUsd: import("zod").ZodNumber;
            latencyMs: import("zod").ZodNumber;
            calls: import("zod").ZodNumber;
            cachedCalls: import("zod").ZodNumber;
        }, import("zod/v4/core").$strip>;
        warnings: import("zod").ZodArray<import("zod").ZodString>;
    }, import("zod/v4/core").$strip>;
    readonly pairwise: import("zod").ZodObject<{
        kind: import("zod").ZodLiteral<"pairwise">;
        id: import("zod").ZodOptional<import("zod").ZodString>;
        status: import("zod").ZodEnum<{
            unmeasured: "unmeasured";
            judged: "judged";
        }>;
        reason: import("zod").ZodOptional<import("zod").ZodString>;
        winner: import("zod").ZodEnum<{
            A: "A";
            B: "B";
            TIE: "TIE";
        }>;
        likert: import("zod").ZodNullable<import("zod").ZodEnum<{
            "A>>B": "A>>B";
            "A>B": "A>B";
            "A=B": "A=B";
            "B>A": "B>A";
            "B>>A": "B>>A";
        }>>;
        confidence: import("zod").ZodNumber;
        rawConfidence: import("zod").ZodNumber;
        consistent: import("zod").ZodBoolean;
        leaning: import("zod").ZodNullable<import("zod").ZodEnum<{
            A: "A";
            B: "B";
            TIE: "TIE";
        }>>;
        votes: import("zod").ZodObject<{
            A: import("zod").ZodNumber;
            B: import("zod").ZodNumber;
            TIE: import("zod").ZodNumber;
        }, import("zod/v4/core").$strip>;
        criteria: import("zod").ZodArray<import("zod").ZodObject<{
            criterion: import("zod").ZodString;
            winner: import("zod").ZodEnum<{
                A: "A";
                B: "B";
                TIE: "TIE";
            }>;
            votes: import("zod").ZodObject<{
                A: import("zod").ZodNumber;
                B: import("zod").ZodNumber;
                TIE: import("zod").ZodNumber;
            }, import("zod/v4/core").$strip>;
        }, import("zod/v4/core").$strip>>;
        passes: import("zod").ZodArray<import("zod").ZodObject<{
            pass: import("zod").ZodNumber;
            order: import("zod").ZodEnum<{
                AB: "AB";
                BA: "BA";
            }>;
            status: import("zod").ZodEnum<{
                unmeasured: "unmeasured";
                judged: "judged";
            }>;
            reason: import("zod").ZodOptional<import("zod").ZodString>;
            rawVerdict: import("zod").ZodNullable<import("zod").ZodString>;
            winner: import("zod").ZodNullable<import("zod").ZodEnum<{
                A: "A";
                B: "B";
                TIE: "TIE";
            }>>;
            likert: import("zod").ZodNullable<import("zod").ZodEnum<{
                "A>>B": "A>>B";
                "A>B": "A>B";
                "A=B": "A=B";
                "B>A": "B>A";
                "B>>A": "B>>A";
            }>>;
            confidence: import("zod").ZodNullable<import("zod").ZodNumber>;
            pickedFirstPosition: import("zod").ZodNullable<import("zod").ZodBoolean>;
            evidence: import("zod").ZodArray<import("zod").ZodString>;
            reasoning: import("zod").ZodString;
            analysis: import("zod").ZodNullable<import("zod").ZodObject<{
                responseA: import("zod").ZodString;
                responseB: import("zod").ZodString;
            }, import("zod/v4/core").$strip>>;
            criteria: import("zod").ZodArray<import("zod").ZodObject<{
                criterion: import("zod").ZodString;
                winner: import("zod").ZodEnum<{
                    A: "A";
                    B: "B";
                    TIE: "TIE";
                }>;
                reasoning: import("zod").ZodString;
            }, import("zod/v4/core").$strip>>;
            differentiators: import("zod").ZodArray<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>>;
        lengthA: import("zod").ZodNumber;
        lengthB: import("zod").ZodNumber;
        modelA: import("zod").ZodOptional<import("zod").ZodString>;
        modelB: import("zod").ZodOptional<import("zod").ZodString>;
        allowTies: import("zod").ZodBoolean;
        judge: import("zod").ZodObject<{
            model: import("zod").ZodString;
            provider: import("zod").ZodString;
            prompt: import("zod").ZodObject<{
                template: import("zod").ZodString;
                version: import("zod").ZodString;
                hash: import("zod").ZodString;
            }, import("zod/v4/core").$strip>;
        }, import("zod/v4/core").$strip>;
        cost: import("zod").ZodObject<{
            inputTokens: import("zod").ZodNumber;
            outputTokens: import("zod").ZodNumber;
            costUsd: import("zod").ZodNumber;
            latencyMs: import("zod").ZodNumber;
            calls: import("zod").ZodNumber;
            cachedCalls: import("zod").ZodNumber;
        }, import("zod/v4/core").$strip>;
        warnings: import("zod").ZodArray<import("zod").ZodString>;
    }, import("zod/v4/core").$strip>;
    readonly panel: import("zod").ZodObject<{
        kind: import("zod").ZodLiteral<"panel">;
        id: import("zod").ZodOptional<import("zod").ZodString>;
        status: import("zod").ZodEnum<{
            unmeasured: "unmeasured";
            scored: "scored";
        }>;
        scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
        criteria: import("zod").ZodArray<import("zod").ZodObject<{
            criterion: import("zod").ZodString;
            weight: import("zod").ZodNumber;
            scores: import("zod").ZodArray<import("zod").ZodNullable<import("zod").ZodNumber>>;
            median: import("zod").ZodNullable<import("zod").ZodNumber>;
            stdev: import("zod").ZodNullable<import("zod").ZodNumber>;
            agreement: import("zod").ZodNullable<import("zod").ZodNumber>;
        }, import("zod/v4/core").$strip>>;
        overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
        weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
        normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
        judgeStdev: import("zod").ZodNullable<import("zod").ZodNumber>;
        judges: import("zod").ZodArray<import("zod").ZodObject<{
            kind: import("zod").ZodLiteral<"direct">;
            id: import("zod").ZodOptional<import("zod").ZodString>;
            status: import("zod").ZodEnum<{
                unmeasured: "unmeasured";
                scored: "scored";
            }>;
            reason: import("zod").ZodOptional<import("zod").ZodString>;
            scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
            scores: import("zod").ZodArray<import("zod").ZodObject<{
                criterion: import("zod").ZodString;
                weight: import("zod").ZodNumber;
                evidence: import("zod").ZodArray<import("zod").ZodString>;
                justification: import("zod").ZodString;
                score: import("zod").ZodNullable<import("zod").ZodNumber>;
                improvement: import("zod").ZodString;
                adjustments: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            summary: import("zod").ZodNullable<import("zod").ZodObject<{
                assessment: import("zod").ZodString;
                strengths: import("zod").ZodArray<import("zod").ZodString>;
                weaknesses: import("zod").ZodArray<import("zod").ZodString>;
                priorities: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            responseLength: import("zod").ZodNumber;
            lengthNormalised: import("zod").ZodBoolean;
            judge: import("zod").ZodObject<{
                model: import("zod").ZodString;
                provider: import("zod").ZodString;
                prompt: import("zod").ZodObject<{
                    template: import("zod").ZodString;
                    version: import("zod").ZodString;
                    hash: import("zod").ZodString;
                }, import("zod/v4/core").$strip>;
            }, import("zod/v4/core").$strip>;
            cost: import("zod").ZodObject<{
                inputTokens: import("zod").ZodNumber;
                outputTokens: import("zod").ZodNumber;
                costUsd: import("zod").ZodNumber;
                latencyMs: import("zod").ZodNumber;
                calls: import("zod").ZodNumber;
                cachedCalls: import("zod").ZodNumber;
            }, import("zod/v4/core").$strip>;
            warnings: import("zod").ZodArray<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>>;
        cost: import("zod").ZodObject<{
            inputTokens: import("zod").ZodNumber;
            outputTokens: import("zod").ZodNumber;
            costUsd: import("zod").ZodNumber;
            latencyMs: import("zod").ZodNumber;
            calls: import("zod").ZodNumber;
            cachedCalls: import("zod").ZodNumber;
        }, import("zod/v4/core").$strip>;
        warnings: import("zod").ZodArray<import("zod").ZodString>;
    }, import("zod/v4/core").$strip>;
    readonly screened: import("zod").ZodObject<{
        kind: import("zod").ZodLiteral<"screened">;
        id: import("zod").ZodOptional<import("zod").ZodString>;
        decidedBy: import("zod").ZodEnum<{
            judge: "judge";
            screen: "screen";
        }>;
        threshold: import("zod").ZodNumber;
        screenScore: import("zod").ZodNullable<import("zod").ZodNumber>;
        screen: import("zod").ZodObject<{
            kind: import("zod").ZodLiteral<"direct">;
            id: import("zod").ZodOptional<import("zod").ZodString>;
            status: import("zod").ZodEnum<{
                unmeasured: "unmeasured";
                scored: "scored";
            }>;
            reason: import("zod").ZodOptional<import("zod").ZodString>;
            scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
            scores: import("zod").ZodArray<import("zod").ZodObject<{
                criterion: import("zod").ZodString;
                weight: import("zod").ZodNumber;
                evidence: import("zod").ZodArray<import("zod").ZodString>;
                justification: import("zod").ZodString;
                score: import("zod").ZodNullable<import("zod").ZodNumber>;
                improvement: import("zod").ZodString;
                adjustments: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            summary: import("zod").ZodNullable<import("zod").ZodObject<{
                assessment: import("zod").ZodString;
                strengths: import("zod").ZodArray<import("zod").ZodString>;
                weaknesses: import("zod").ZodArray<import("zod").ZodString>;
                priorities: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            responseLength: import("zod").ZodNumber;
            lengthNormalised: import("zod").ZodBoolean;
            judge: import("zod").ZodObject<{
                model: import("zod").ZodString;
                provider: import("zod").ZodString;
                prompt: import("zod").ZodObject<{
                    template: import("zod").ZodString;
                    version: import("zod").ZodString;
                    hash: import("zod").ZodString;
                }, import("zod/v4/core").$strip>;
            }, import("zod/v4/core").$strip>;
            cost: import("zod").ZodObject<{
                inputTokens: import("zod").ZodNumber;
                outputTokens: import("zod").ZodNumber;
                costUsd: import("zod").ZodNumber;
                latencyMs: import("zod").ZodNumber;
                calls: import("zod").ZodNumber;
                cachedCalls: import("zod").ZodNumber;
            }, import("zod/v4/core").$strip>;
            warnings: import("zod").ZodArray<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>;
        final: import("zod").ZodUnion<readonly [import("zod").ZodObject<{
            kind: import("zod").ZodLiteral<"direct">;
            id: import("zod").ZodOptional<import("zod").ZodString>;
            status: import("zod").ZodEnum<{
                unmeasured: "unmeasured";
                scored: "scored";
            }>;
            reason: import("zod").ZodOptional<import("zod").ZodString>;
            scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
            scores: import("zod").ZodArray<import("zod").ZodObject<{
                criterion: import("zod").ZodString;
                weight: import("zod").ZodNumber;
                evidence: import("zod").ZodArray<import("zod").ZodString>;
                justification: import("zod").ZodString;
                score: import("zod").ZodNullable<import("zod").ZodNumber>;
                improvement: import("zod").ZodString;
                adjustments: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            summary: import("zod").ZodNullable<import("zod").ZodObject<{
                assessment: import("zod").ZodString;
                strengths: import("zod").ZodArray<import("zod").ZodString>;
                weaknesses: import("zod").ZodArray<import("zod").ZodString>;
                priorities: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            responseLength: import("zod").ZodNumber;
            lengthNormalised: import("zod").ZodBoolean;
            judge: import("zod").ZodObject<{
                model: import("zod").ZodString;
                provider: import("zod").ZodString;
                prompt: import("zod").ZodObject<{
                    template: import("zod").ZodString;
                    version: import("zod").ZodString;
                    hash: import("zod").ZodString;
                }, import("zod/v4/core").$strip>;
            }, import("zod/v4/core").$strip>;
            cost: import("zod").ZodObject<{
                inputTokens: import("zod").ZodNumber;
                outputTokens: import("zod").ZodNumber;
                costUsd: import("zod").ZodNumber;
                latencyMs: import("zod").ZodNumber;
                calls: import("zod").ZodNumber;
                cachedCalls: import("zod").ZodNumber;
            }, import("zod/v4/core").$strip>;
            warnings: import("zod").ZodArray<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>, import("zod").ZodObject<{
            kind: import("zod").ZodLiteral<"panel">;
            id: import("zod").ZodOptional<import("zod").ZodString>;
            status: import("zod").ZodEnum<{
                unmeasured: "unmeasured";
                scored: "scored";
            }>;
            scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
            criteria: import("zod").ZodArray<import("zod").ZodObject<{
                criterion: import("zod").ZodString;
                weight: import("zod").ZodNumber;
                scores: import("zod").ZodArray<import("zod").ZodNullable<import("zod").ZodNumber>>;
                median: import("zod").ZodNullable<import("zod").ZodNumber>;
                stdev: import("zod").ZodNullable<import("zod").ZodNumber>;
                agreement: import("zod").ZodNullable<import("zod").ZodNumber>;
            }, import("zod/v4/core").$strip>>;
            overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            judgeStdev: import("zod").ZodNullable<import("zod").ZodNumber>;
            judges: import("zod").ZodArray<import("zod").ZodObject<{
                kind: import("zod").ZodLiteral<"direct">;
                id: import("zod").ZodOptional<import("zod").ZodString>;
                status: import("zod").ZodEnum<{
                    unmeasured: "unmeasured";
                    scored: "scored";
                }>;
                reason: import("zod").ZodOptional<import("zod").ZodString>;
                scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
                scores: import("zod").ZodArray<import("zod").ZodObject<{
                    criterion: import("zod").ZodString;
                    weight: import("zod").ZodNumber;
                    evidence: import("zod").ZodArray<import("zod").ZodString>;
                    justification: import("zod").ZodString;
                    score: import("zod").ZodNullable<import("zod").ZodNumber>;
                    improvement: import("zod").ZodString;
                    adjustments: import("zod").ZodArray<import("zod").ZodString>;
                }, import("zod/v4/core").$strip>>;
                overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                summary: import("zod").ZodNullable<import("zod").ZodObject<{
                    assessment: import("zod").ZodString;
                    strengths: import("zod").ZodArray<import("zod").ZodString>;
                    weaknesses: import("zod").ZodArray<import("zod").ZodString>;
                    priorities: import("zod").ZodArray<import("zod").ZodString>;
                }, import("zod/v4/core").$strip>>;
                responseLength: import("zod").ZodNumber;
                lengthNormalised: import("zod").ZodBoolean;
                judge: import("zod").ZodObject<{
                    model: import("zod").ZodString;
                    provider: import("zod").ZodString;
                    prompt: import("zod").ZodObject<{
                        template: import("zod").ZodString;
                        version: import("zod").ZodString;
                        hash: import("zod").ZodString;
                    }, import("zod/v4/core").$strip>;
                }, import("zod/v4/core").$strip>;
                cost: import("zod").ZodObject<{
                    inputTokens: import("zod").ZodNumber;
                    outputTokens: import("zod").ZodNumber;
                    costUsd: import("zod").ZodNumber;
                    latencyMs: import("zod").ZodNumber;
                    calls: import("zod").ZodNumber;
                    cachedCalls: import("zod").ZodNumber;
                }, import("zod/v4/core").$strip>;
                warnings: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            cost: import("zod").ZodObject<{
                inputTokens: import("zod").ZodNumber;
                outputTokens: import("zod").ZodNumber;
                costUsd: import("zod").ZodNumber;
                latencyMs: import("zod").ZodNumber;
                calls: import("zod").ZodNumber;
                cachedCalls: import("zod").ZodNumber;
            }, import("zod/v4/core").$strip>;
            warnings: import("zod").ZodArray<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>]>;
    }, import("zod/v4/core").$strip>;
    readonly 'score-batch': import("zod").ZodObject<{
        kind: import("zod").ZodLiteral<"score-batch">;
        items: import("zod").ZodArray<import("zod").ZodUnion<readonly [import("zod").ZodObject<{
            kind: import("zod").ZodLiteral<"direct">;
            id: import("zod").ZodOptional<import("zod").ZodString>;
            status: import("zod").ZodEnum<{
                unmeasured: "unmeasured";
                scored: "scored";
            }>;
            reason: import("zod").ZodOptional<import("zod").ZodString>;
            scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
            scores: import("zod").ZodArray<import("zod").ZodObject<{
                criterion: import("zod").ZodString;
                weight: import("zod").ZodNumber;
                evidence: import("zod").ZodArray<import("zod").ZodString>;
                justification: import("zod").ZodString;
                score: import("zod").ZodNullable<import("zod").ZodNumber>;
                improvement: import("zod").ZodString;
                adjustments: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            summary: import("zod").ZodNullable<import("zod").ZodObject<{
                assessment: import("zod").ZodString;
                strengths: import("zod").ZodArray<import("zod").ZodString>;
                weaknesses: import("zod").ZodArray<import("zod").ZodString>;
                priorities: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            responseLength: import("zod").ZodNumber;
            lengthNormalised: import("zod").ZodBoolean;
            judge: import("zod").ZodObject<{
                model: import("zod").ZodString;
                provider: import("zod").ZodString;
                prompt: import("zod").ZodObject<{
                    template: import("zod").ZodString;
                    version: import("zod").ZodString;
                    hash: import("zod").ZodString;
                }, import("zod/v4/core").$strip>;
            }, import("zod/v4/core").$strip>;
            cost: import("zod").ZodObject<{
                inputTokens: import("zod").ZodNumber;
                outputTokens: import("zod").ZodNumber;
                costUsd: import("zod").ZodNumber;
                latencyMs: import("zod").ZodNumber;
                calls: import("zod").ZodNumber;
                cachedCalls: import("zod").ZodNumber;
            }, import("zod/v4/core").$strip>;
            warnings: import("zod").ZodArray<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>, import("zod").ZodObject<{
            kind: import("zod").ZodLiteral<"panel">;
            id: import("zod").ZodOptional<import("zod").ZodString>;
            status: import("zod").ZodEnum<{
                unmeasured: "unmeasured";
                scored: "scored";
            }>;
            scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
            criteria: import("zod").ZodArray<import("zod").ZodObject<{
                criterion: import("zod").ZodString;
                weight: import("zod").ZodNumber;
                scores: import("zod").ZodArray<import("zod").ZodNullable<import("zod").ZodNumber>>;
                median: import("zod").ZodNullable<import("zod").ZodNumber>;
                stdev: import("zod").ZodNullable<import("zod").ZodNumber>;
                agreement: import("zod").ZodNullable<import("zod").ZodNumber>;
            }, import("zod/v4/core").$strip>>;
            overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            judgeStdev: import("zod").ZodNullable<import("zod").ZodNumber>;
            judges: import("zod").ZodArray<import("zod").ZodObject<{
                kind: import("zod").ZodLiteral<"direct">;
                id: import("zod").ZodOptional<import("zod").ZodString>;
                status: import("zod").ZodEnum<{
                    unmeasured: "unmeasured";
                    scored: "scored";
                }>;
                reason: import("zod").ZodOptional<import("zod").ZodString>;
                scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
                scores: import("zod").ZodArray<import("zod").ZodObject<{
                    criterion: import("zod").ZodString;
                    weight: import("zod").ZodNumber;
                    evidence: import("zod").ZodArray<import("zod").ZodString>;
                    justification: import("zod").ZodString;
                    score: import("zod").ZodNullable<import("zod").ZodNumber>;
                    improvement: import("zod").ZodString;
                    adjustments: import("zod").ZodArray<import("zod").ZodString>;
                }, import("zod/v4/core").$strip>>;
                overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                summary: import("zod").ZodNullable<import("zod").ZodObject<{
                    assessment: import("zod").ZodString;
                    strengths: import("zod").ZodArray<import("zod").ZodString>;
                    weaknesses: import("zod").ZodArray<import("zod").ZodString>;
                    priorities: import("zod").ZodArray<import("zod").ZodString>;
                }, import("zod/v4/core").$strip>>;
                responseLength: import("zod").ZodNumber;
                lengthNormalised: import("zod").ZodBoolean;
                judge: import("zod").ZodObject<{
                    model: import("zod").ZodString;
                    provider: import("zod").ZodString;
                    prompt: import("zod").ZodObject<{
                        template: import("zod").ZodString;
                        version: import("zod").ZodString;
                        hash: import("zod").ZodString;
                    }, import("zod/v4/core").$strip>;
                }, import("zod/v4/core").$strip>;
                cost: import("zod").ZodObject<{
                    inputTokens: import("zod").ZodNumber;
                    outputTokens: import("zod").ZodNumber;
                    costUsd: import("zod").ZodNumber;
                    latencyMs: import("zod").ZodNumber;
                    calls: import("zod").ZodNumber;
                    cachedCalls: import("zod").ZodNumber;
                }, import("zod/v4/core").$strip>;
                warnings: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            cost: import("zod").ZodObject<{
                inputTokens: import("zod").ZodNumber;
                outputTokens: import("zod").ZodNumber;
                costUsd: import("zod").ZodNumber;
                latencyMs: import("zod").ZodNumber;
                calls: import("zod").ZodNumber;
                cachedCalls: import("zod").ZodNumber;
            }, import("zod/v4/core").$strip>;
            warnings: import("zod").ZodArray<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>, import("zod").ZodObject<{
            kind: import("zod").ZodLiteral<"screened">;
            id: import("zod").ZodOptional<import("zod").ZodString>;
            decidedBy: import("zod").ZodEnum<{
                judge: "judge";
                screen: "screen";
            }>;
            threshold: import("zod").ZodNumber;
            screenScore: import("zod").ZodNullable<import("zod").ZodNumber>;
            screen: import("zod").ZodObject<{
                kind: import("zod").ZodLiteral<"direct">;
                id: import("zod").ZodOptional<import("zod").ZodString>;
                status: import("zod").ZodEnum<{
                    unmeasured: "unmeasured";
                    scored: "scored";
                }>;
                reason: import("zod").ZodOptional<import("zod").ZodString>;
                scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
                scores: import("zod").ZodArray<import("zod").ZodObject<{
                    criterion: import("zod").ZodString;
                    weight: import("zod").ZodNumber;
                    evidence: import("zod").ZodArray<import("zod").ZodString>;
                    justification: import("zod").ZodString;
                    score: import("zod").ZodNullable<import("zod").ZodNumber>;
                    improvement: import("zod").ZodString;
                    adjustments: import("zod").ZodArray<import("zod").ZodString>;
                }, import("zod/v4/core").$strip>>;
                overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                summary: import("zod").ZodNullable<import("zod").ZodObject<{
                    assessment: import("zod").ZodString;
                    strengths: import("zod").ZodArray<import("zod").ZodString>;
                    weaknesses: import("zod").ZodArray<import("zod").ZodString>;
                    priorities: import("zod").ZodArray<import("zod").ZodString>;
                }, import("zod/v4/core").$strip>>;
                responseLength: import("zod").ZodNumber;
                lengthNormalised: import("zod").ZodBoolean;
                judge: import("zod").ZodObject<{
                    model: import("zod").ZodString;
                    provider: import("zod").ZodString;
                    prompt: import("zod").ZodObject<{
                        template: import("zod").ZodString;
                        version: import("zod").ZodString;
                        hash: import("zod").ZodString;
                    }, import("zod/v4/core").$strip>;
                }, import("zod/v4/core").$strip>;
                cost: import("zod").ZodObject<{
                    inputTokens: import("zod").ZodNumber;
                    outputTokens: import("zod").ZodNumber;
                    costUsd: import("zod").ZodNumber;
                    latencyMs: import("zod").ZodNumber;
                    calls: import("zod").ZodNumber;
                    cachedCalls: import("zod").ZodNumber;
                }, import("zod/v4/core").$strip>;
                warnings: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>;
            final: import("zod").ZodUnion<readonly [import("zod").ZodObject<{
                kind: import("zod").ZodLiteral<"direct">;
                id: import("zod").ZodOptional<import("zod").ZodString>;
                status: import("zod").ZodEnum<{
                    unmeasured: "unmeasured";
                    scored: "scored";
                }>;
                reason: import("zod").ZodOptional<import("zod").ZodString>;
                scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
                scores: import("zod").ZodArray<import("zod").ZodObject<{
                    criterion: import("zod").ZodString;
                    weight: import("zod").ZodNumber;
                    evidence: import("zod").ZodArray<import("zod").ZodString>;
                    justification: import("zod").ZodString;
                    score: import("zod").ZodNullable<import("zod").ZodNumber>;
                    improvement: import("zod").ZodString;
                    adjustments: import("zod").ZodArray<import("zod").ZodString>;
                }, import("zod/v4/core").$strip>>;
                overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                summary: import("zod").ZodNullable<import("zod").ZodObject<{
                    assessment: import("zod").ZodString;
                    strengths: import("zod").ZodArray<import("zod").ZodString>;
                    weaknesses: import("zod").ZodArray<import("zod").ZodString>;
                    priorities: import("zod").ZodArray<import("zod").ZodString>;
                }, import("zod/v4/core").$strip>>;
                responseLength: import("zod").ZodNumber;
                lengthNormalised: import("zod").ZodBoolean;
                judge: import("zod").ZodObject<{
                    model: import("zod").ZodString;
                    provider: import("zod").ZodString;
                    prompt: import("zod").ZodObject<{
                        template: import("zod").ZodString;
                        version: import("zod").ZodString;
                        hash: import("zod").ZodString;
                    }, import("zod/v4/core").$strip>;
                }, import("zod/v4/core").$strip>;
                cost: import("zod").ZodObject<{
                    inputTokens: import("zod").ZodNumber;
                    outputTokens: import("zod").ZodNumber;
                    costUsd: import("zod").ZodNumber;
                    latencyMs: import("zod").ZodNumber;
                    calls: import("zod").ZodNumber;
                    cachedCalls: import("zod").ZodNumber;
                }, import("zod/v4/core").$strip>;
                warnings: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>, import("zod").ZodObject<{
                kind: import("zod").ZodLiteral<"panel">;
                id: import("zod").ZodOptional<import("zod").ZodString>;
                status: import("zod").ZodEnum<{
                    unmeasured: "unmeasured";
                    scored: "scored";
                }>;
                scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
                criteria: import("zod").ZodArray<import("zod").ZodObject<{
                    criterion: import("zod").ZodString;
                    weight: import("zod").ZodNumber;
                    scores: import("zod").ZodArray<import("zod").ZodNullable<import("zod").ZodNumber>>;
                    median: import("zod").ZodNullable<import("zod").ZodNumber>;
                    stdev: import("zod").ZodNullable<import("zod").ZodNumber>;
                    agreement: import("zod").ZodNullable<import("zod").ZodNumber>;
                }, import("zod/v4/core").$strip>>;
                overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                judgeStdev: import("zod").ZodNullable<import("zod").ZodNumber>;
                judges: import("zod").ZodArray<import("zod").ZodObject<{
                    kind: import("zod").ZodLiteral<"direct">;
                    id: import("zod").ZodOptional<import("zod").ZodString>;
                    status: import("zod").ZodEnum<{
                        unmeasured: "unmeasured";
                        scored: "scored";
                    }>;
                    reason: import("zod").ZodOptional<import("zod").ZodString>;
                    scale: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
                    scores: import("zod").ZodArray<import("zod").ZodObject<{
                        criterion: import("zod").ZodString;
                        weight: import("zod").ZodNumber;
                        evidence: import("zod").ZodArray<import("zod").ZodString>;
                        justification: import("zod").ZodString;
                        score: import("zod").ZodNullable<import("zod").ZodNumber>;
                        improvement: import("zod").ZodString;
                        adjustments: import("zod").ZodArray<import("zod").ZodString>;
                    }, import("zod/v4/core").$strip>>;
                    overallScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                    weightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                    normalisedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
                    summary: import("zod").ZodNullable<import("zod").ZodObject<{
                        assessment: import("zod").ZodString;
                        strengths: import("zod").ZodArray<import("zod").ZodString>;
                        weaknesses: import("zod").ZodArray<import("zod").ZodString>;
                        priorities: import("zod").ZodArray<import("zod").ZodString>;
                    }, import("zod/v4/core").$strip>>;
                    responseLength: import("zod").ZodNumber;
                    lengthNormalised: import("zod").ZodBoolean;
                    judge: import("zod").ZodObject<{
                        model: import("zod").ZodString;
                        provider: import("zod").ZodString;
                        prompt: import("zod").ZodObject<{
                            template: import("zod").ZodString;
                            version: import("zod").ZodString;
                            hash: import("zod").ZodString;
                        }, import("zod/v4/core").$strip>;
                    }, import("zod/v4/core").$strip>;
                    cost: import("zod").ZodObject<{
                        inputTokens: import("zod").ZodNumber;
                        outputTokens: import("zod").ZodNumber;
                        costUsd: import("zod").ZodNumber;
                        latencyMs: import("zod").ZodNumber;
                        calls: import("zod").ZodNumber;
                        cachedCalls: import("zod").ZodNumber;
                    }, import("zod/v4/core").$strip>;
                    warnings: import("zod").ZodArray<import("zod").ZodString>;
                }, import("zod/v4/core").$strip>>;
                cost: import("zod").ZodObject<{
                    inputTokens: import("zod").ZodNumber;
                    outputTokens: import("zod").ZodNumber;
                    costUsd: import("zod").ZodNumber;
                    latencyMs: import("zod").ZodNumber;
                    calls: import("zod").ZodNumber;
                    cachedCalls: import("zod").ZodNumber;
                }, import("zod/v4/core").$strip>;
                warnings: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>]>;
        }, import("zod/v4/core").$strip>]>>;
        meanWeightedScore: import("zod").ZodNullable<import("zod").ZodNumber>;
        unmeasured: import("zod").ZodNumber;
        failed: import("zod").ZodDefault<import("zod").ZodArray<import("zod").ZodObject<{
            index: import("zod").ZodNumber;
            id: import("zod").ZodOptional<import("zod").ZodString>;
            reason: import("zod").ZodString;
        }, import("zod/v4/core").$strip>>>;
        bias: import("zod").ZodNullable<import("zod").ZodObject<{
            kind: import("zod").ZodLiteral<"bias">;
            n: import("zod").ZodNumber;
            position: import("zod").ZodNullable<import("zod").ZodObject<{
                decisivePasses: import("zod").ZodNumber;
                firstPositionWins: import("zod").ZodNumber;
                firstPositionRate: import("zod").ZodNullable<import("zod").ZodNumber>;
                z: import("zod").ZodNullable<import("zod").ZodNumber>;
                p: import("zod").ZodNullable<import("zod").ZodNumber>;
                biased: import("zod").ZodBoolean;
                consistency: import("zod").ZodNullable<import("zod").ZodNumber>;
            }, import("zod/v4/core").$strip>>;
            length: import("zod").ZodNullable<import("zod").ZodObject<{
                basis: import("zod").ZodEnum<{
                    "score-vs-length": "score-vs-length";
                    "outcome-vs-length-difference": "outcome-vs-length-difference";
                }>;
                rho: import("zod").ZodNullable<import("zod").ZodNumber>;
                p: import("zod").ZodNullable<import("zod").ZodNumber>;
                biased: import("zod").ZodBoolean;
                level: import("zod").ZodNullable<import("zod").ZodEnum<{
                    good: "good";
                    acceptable: "acceptable";
                    concerning: "concerning";
                }>>;
            }, import("zod/v4/core").$strip>>;
            lengthControlled: import("zod").ZodNullable<import("zod").ZodObject<{
                winRate: import("zod").ZodNumber;
                lcWinRate: import("zod").ZodNumber;
                lcInterval: import("zod").ZodNullable<import("zod").ZodTuple<[import("zod").ZodNumber, import("zod").ZodNumber], null>>;
                intercept: import("zod").ZodNullable<import("zod").ZodNumber>;
                lengthCoefficient: import("zod").ZodNumber;
                interceptSe: import("zod").ZodNullable<import("zod").ZodNumber>;
                covariate: import("zod").ZodEnum<{
                    linear: "linear";
                    tanh: "tanh";
                }>;
                n: import("zod").ZodNumber;
                iterations: import("zod").ZodNumber;
                converged: import("zod").ZodBoolean;
                note: import("zod").ZodOptional<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            selfEnhancement: import("zod").ZodArray<import("zod").ZodString>;
            findings: import("zod").ZodArray<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>>;
    }, import("zod/v4/core").$strip>;
    readonly 'compare-batch': import("zod").ZodObject<{
        kind: import("zod").ZodLiteral<"compare-batch">;
        items: import("zod").ZodArray<import("zod").ZodObject<{
            kind: import("zod").ZodLiteral<"pairwise">;
            id: import("zod").ZodOptional<import("zod").ZodString>;
            status: import("zod").ZodEnum<{
                unmeasured: "unmeasured";
                judged: "judged";
            }>;
            reason: import("zod").ZodOptional<import("zod").ZodString>;
            winner: import("zod").ZodEnum<{
                A: "A";
                B: "B";
                TIE: "TIE";
            }>;
            likert: import("zod").ZodNullable<import("zod").ZodEnum<{
                "A>>B": "A>>B";
                "A>B": "A>B";
                "A=B": "A=B";
                "B>A": "B>A";
                "B>>A": "B>>A";
            }>>;
            confidence: import("zod").ZodNumber;
            rawConfidence: import("zod").ZodNumber;
            consistent: import("zod").ZodBoolean;
            leaning: import("zod").ZodNullable<import("zod").ZodEnum<{
                A: "A";
                B: "B";
                TIE: "TIE";
            }>>;
            votes: import("zod").ZodObject<{
                A: import("zod").ZodNumber;
                B: import("zod").ZodNumber;
                TIE: import("zod").ZodNumber;
            }, import("zod/v4/core").$strip>;
            criteria: import("zod").ZodArray<import("zod").ZodObject<{
                criterion: import("zod").ZodString;
                winner: import("zod").ZodEnum<{
                    A: "A";
                    B: "B";
                    TIE: "TIE";
                }>;
                votes: import("zod").ZodObject<{
                    A: import("zod").ZodNumber;
                    B: import("zod").ZodNumber;
                    TIE: import("zod").ZodNumber;
                }, import("zod/v4/core").$strip>;
            }, import("zod/v4/core").$strip>>;
            passes: import("zod").ZodArray<import("zod").ZodObject<{
                pass: import("zod").ZodNumber;
                order: import("zod").ZodEnum<{
                    AB: "AB";
                    BA: "BA";
                }>;
                status: import("zod").ZodEnum<{
                    unmeasured: "unmeasured";
                    judged: "judged";
                }>;
                reason: import("zod").ZodOptional<import("zod").ZodString>;
                rawVerdict: import("zod").ZodNullable<import("zod").ZodString>;
                winner: import("zod").ZodNullable<import("zod").ZodEnum<{
                    A: "A";
                    B: "B";
                    TIE: "TIE";
                }>>;
                likert: import("zod").ZodNullable<import("zod").ZodEnum<{
                    "A>>B": "A>>B";
                    "A>B": "A>B";
                    "A=B": "A=B";
                    "B>A": "B>A";
                    "B>>A": "B>>A";
                }>>;
                confidence: import("zod").ZodNullable<import("zod").ZodNumber>;
                pickedFirstPosition: import("zod").ZodNullable<import("zod").ZodBoolean>;
                evidence: import("zod").ZodArray<import("zod").ZodString>;
                reasoning: import("zod").ZodString;
                analysis: import("zod").ZodNullable<import("zod").ZodObject<{
                    responseA: import("zod").ZodString;
                    responseB: import("zod").ZodString;
                }, import("zod/v4/core").$strip>>;
                criteria: import("zod").ZodArray<import("zod").ZodObject<{
                    criterion: import("zod").ZodString;
                    winner: import("zod").ZodEnum<{
                        A: "A";
                        B: "B";
                        TIE: "TIE";
                    }>;
                    reasoning: import("zod").ZodString;
                }, import("zod/v4/core").$strip>>;
                differentiators: import("zod").ZodArray<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            lengthA: import("zod").ZodNumber;
            lengthB: import("zod").ZodNumber;
            modelA: import("zod").ZodOptional<import("zod").ZodString>;
            modelB: import("zod").ZodOptional<import("zod").ZodString>;
            allowTies: import("zod").ZodBoolean;
            judge: import("zod").ZodObject<{
                model: import("zod").ZodString;
                provider: import("zod").ZodString;
                prompt: import("zod").ZodObject<{
                    template: import("zod").ZodString;
                    version: import("zod").ZodString;
                    hash: import("zod").ZodString;
                }, import("zod/v4/core").$strip>;
            }, import("zod/v4/core").$strip>;
            cost: import("zod").ZodObject<{
                inputTokens: import("zod").ZodNumber;
                outputTokens: import("zod").ZodNumber;
                costUsd: import("zod").ZodNumber;
                latencyMs: import("zod").ZodNumber;
                calls: import("zod").ZodNumber;
                cachedCalls: import("zod").ZodNumber;
            }, import("zod/v4/core").$strip>;
            warnings: import("zod").ZodArray<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>>;
        wins: import("zod").ZodObject<{
            A: import("zod").ZodNumber;
            B: import("zod").ZodNumber;
            TIE: import("zod").ZodNumber;
        }, import("zod/v4/core").$strip>;
        weightedWinRate: import("zod").ZodNullable<import("zod").ZodNumber>;
        lengthControlled: import("zod").ZodNullable<import("zod").ZodObject<{
            winRate: import("zod").ZodNumber;
            lcWinRate: import("zod").ZodNumber;
            lcInterval: import("zod").ZodNullable<import("zod").ZodTuple<[import("zod").ZodNumber, import("zod").ZodNumber], null>>;
            intercept: import("zod").ZodNullable<import("zod").ZodNumber>;
            lengthCoefficient: import("zod").ZodNumber;
            interceptSe: import("zod").ZodNullable<import("zod").ZodNumber>;
            covariate: import("zod").ZodEnum<{
                linear: "linear";
                tanh: "tanh";
            }>;
            n: import("zod").ZodNumber;
            iterations: import("zod").ZodNumber;
            converged: import("zod").ZodBoolean;
            note: import("zod").ZodOptional<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>>;
        failed: import("zod").ZodDefault<import("zod").ZodArray<import("zod").ZodObject<{
            index: import("zod").ZodNumber;
            id: import("zod").ZodOptional<import("zod").ZodString>;
            reason: import("zod").ZodString;
        }, import("zod/v4/core").$strip>>>;
        bias: import("zod").ZodNullable<import("zod").ZodObject<{
            kind: import("zod").ZodLiteral<"bias">;
            n: import("zod").ZodNumber;
            position: import("zod").ZodNullable<import("zod").ZodObject<{
                decisivePasses: import("zod").ZodNumber;
                firstPositionWins: import("zod").ZodNumber;
                firstPositionRate: import("zod").ZodNullable<import("zod").ZodNumber>;
                z: import("zod").ZodNullable<import("zod").ZodNumber>;
                p: import("zod").ZodNullable<import("zod").ZodNumber>;
                biased: import("zod").ZodBoolean;
                consistency: import("zod").ZodNullable<import("zod").ZodNumber>;
            }, import("zod/v4/core").$strip>>;
            length: import("zod").ZodNullable<import("zod").ZodObject<{
                basis: import("zod").ZodEnum<{
                    "score-vs-length": "score-vs-length";
                    "outcome-vs-length-difference": "outcome-vs-length-difference";
                }>;
                rho: import("zod").ZodNullable<import("zod").ZodNumber>;
                p: import("zod").ZodNullable<import("zod").ZodNumber>;
                biased: import("zod").ZodBoolean;
                level: import("zod").ZodNullable<import("zod").ZodEnum<{
                    good: "good";
                    acceptable: "acceptable";
                    concerning: "concerning";
                }>>;
            }, import("zod/v4/core").$strip>>;
            lengthControlled: import("zod").ZodNullable<import("zod").ZodObject<{
                winRate: import("zod").ZodNumber;
                lcWinRate: import("zod").ZodNumber;
                lcInterval: import("zod").ZodNullable<import("zod").ZodTuple<[import("zod").ZodNumber, import("zod").ZodNumber], null>>;
                intercept: import("zod").ZodNullable<import("zod").ZodNumber>;
                lengthCoefficient: import("zod").ZodNumber;
                interceptSe: import("zod").ZodNullable<import("zod").ZodNumber>;
                covariate: import("zod").ZodEnum<{
                    linear: "linear";
                    tanh: "tanh";
                }>;
                n: import("zod").ZodNumber;
                iterations: import("zod").ZodNumber;
                converged: import("zod").ZodBoolean;
                note: import("zod").ZodOptional<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            selfEnhancement: import("zod").ZodArray<import("zod").ZodString>;
            findings: import("zod").ZodArray<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>>;
    }, import("zod/v4/core").$strip>;
    readonly rubric: import("zod").ZodObject<{
        criterion: import("zod").ZodString;
        description: import("zod").ZodDefault<import("zod").ZodString>;
        scale: import("zod").ZodObject<{
            min: import("zod").ZodLiteral<1>;
            max: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
        }, import("zod/v4/core").$strip>;
        domain: import("zod").ZodOptional<import("zod").ZodString>;
        strictness: import("zod").ZodDefault<import("zod").ZodEnum<{
            strict: "strict";
            lenient: "lenient";
            balanced: "balanced";
        }>>;
        levels: import("zod").ZodArray<import("zod").ZodObject<{
            score: import("zod").ZodNumber;
            label: import("zod").ZodString;
            description: import("zod").ZodString;
            characteristics: import("zod").ZodArray<import("zod").ZodString>;
            example: import("zod").ZodOptional<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>>;
        scoringGuidelines: import("zod").ZodDefault<import("zod").ZodArray<import("zod").ZodString>>;
        edgeCases: import("zod").ZodDefault<import("zod").ZodArray<import("zod").ZodObject<{
            situation: import("zod").ZodString;
            guidance: import("zod").ZodString;
        }, import("zod/v4/core").$strip>>>;
        generatedBy: import("zod").ZodOptional<import("zod").ZodObject<{
            model: import("zod").ZodString;
            prompt: import("zod").ZodObject<{
                template: import("zod").ZodString;
                version: import("zod").ZodString;
                hash: import("zod").ZodString;
            }, import("zod/v4/core").$strip>;
        }, import("zod/v4/core").$strip>>;
        warnings: import("zod").ZodDefault<import("zod").ZodArray<import("zod").ZodString>>;
    }, import("zod/v4/core").$strip>;
    readonly criterion: import("zod").ZodObject<{
        name: import("zod").ZodString;
        description: import("zod").ZodDefault<import("zod").ZodString>;
        weight: import("zod").ZodDefault<import("zod").ZodNumber>;
        rubric: import("zod").ZodOptional<import("zod").ZodObject<{
            criterion: import("zod").ZodString;
            description: import("zod").ZodDefault<import("zod").ZodString>;
            scale: import("zod").ZodObject<{
                min: import("zod").ZodLiteral<1>;
                max: import("zod").ZodUnion<readonly [import("zod").ZodLiteral<3>, import("zod").ZodLiteral<5>, import("zod").ZodLiteral<10>]>;
            }, import("zod/v4/core").$strip>;
            domain: import("zod").ZodOptional<import("zod").ZodString>;
            strictness: import("zod").ZodDefault<import("zod").ZodEnum<{
                strict: "strict";
                lenient: "lenient";
                balanced: "balanced";
            }>>;
            levels: import("zod").ZodArray<import("zod").ZodObject<{
                score: import("zod").ZodNumber;
                label: import("zod").ZodString;
                description: import("zod").ZodString;
                characteristics: import("zod").ZodArray<import("zod").ZodString>;
                example: import("zod").ZodOptional<import("zod").ZodString>;
            }, import("zod/v4/core").$strip>>;
            scoringGuidelines: import("zod").ZodDefault<import("zod").ZodArray<import("zod").ZodString>>;
            edgeCases: import("zod").ZodDefault<import("zod").ZodArray<import("zod").ZodObject<{
                situation: import("zod").ZodString;
                guidance: import("zod").ZodString;
            }, import("zod/v4/core").$strip>>>;
            generatedBy: import("zod").ZodOptional<import("zod").ZodObject<{
                model: import("zod").ZodString;
                prompt: import("zod").ZodObject<{
                    template: import("zod").ZodString;
                    version: import("zod").ZodString;
                    hash: import("zod").ZodString;
                }, import("zod/v4/core").$strip>;
            }, import("zod/v4/core").$strip>>;
            warnings: import("zod").ZodDefault<import("zod").ZodArray<import("zod").ZodString>>;
        }, import("zod/v4/core").$strip>>;
    }, import("zod/v4/core").$strip>;
    readonly 'bias-report': import("zod").ZodObject<{
        kind: import("zod").ZodLiteral<"bias">;
        n: import("zod").ZodNumber;
        position: import("zod").ZodNullable<import("zod").ZodObject<{
            decisivePasses: import("zod").ZodNumber;
            firstPositionWins: import("zod").ZodNumber;
            firstPositionRate: import("zod").ZodNullable<import("zod").ZodNumber>;
            z: import("zod").ZodNullable<import("zod").ZodNumber>;
            p: import("zod").ZodNullable<import("zod").ZodNumber>;
            biased: import("zod").ZodBoolean;
            consistency: import("zod").ZodNullable<import("zod").ZodNumber>;
        }, import("zod/v4/core").$strip>>;
        length: import("zod").ZodNullable<import("zod").ZodObject<{
            basis: import("zod").ZodEnum<{
                "score-vs-length": "score-vs-length";
                "outcome-vs-length-difference": "outcome-vs-length-difference";
            }>;
            rho: import("zod").ZodNullable<import("zod").ZodNumber>;
            p: import("zod").ZodNullable<import("zod").ZodNumber>;
            biased: import("zod").ZodBoolean;
            level: import("zod").ZodNullable<import("zod").ZodEnum<{
                good: "good";
                acceptable: "acceptable";
                concerning: "concerning";
            }>>;
        }, import("zod/v4/core").$strip>>;
        lengthControlled: import("zod").ZodNullable<import("zod").ZodObject<{
            winRate: import("zod").ZodNumber;
            lcWinRate: import("zod").ZodNumber;
            lcInterval: import("zod").ZodNullable<import("zod").ZodTuple<[import("zod").ZodNumber, import("zod").ZodNumber], null>>;
            intercept: import("zod").ZodNullable<import("zod").ZodNumber>;
            lengthCoefficient: import("zod").ZodNumber;
            interceptSe: import("zod").ZodNullable<import("zod").ZodNumber>;
            covariate: import("zod").ZodEnum<{
                linear: "linear";
                tanh: "tanh";
            }>;
            n: import("zod").ZodNumber;
            iterations: import("zod").ZodNumber;
            converged: import("zod").ZodBoolean;
            note: import("zod").ZodOptional<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>>;
        selfEnhancement: import("zod").ZodArray<import("zod").ZodString>;
        findings: import("zod").ZodArray<import("zod").ZodString>;
    }, import("zod/v4/core").$strip>;
    readonly 'calibration-report': import("zod").ZodObject<{
        kind: import("zod").ZodLiteral<"calibration">;
        mode: import("zod").ZodEnum<{
            score: "score";
            pairwise: "pairwise";
        }>;
        n: import("zod").ZodNumber;
        unmeasured: import("zod").ZodNumber;
        metrics: import("zod").ZodArray<import("zod").ZodObject<{
            metric: import("zod").ZodString;
            value: import("zod").ZodNullable<import("zod").ZodNumber>;
            level: import("zod").ZodNullable<import("zod").ZodEnum<{
                good: "good";
                acceptable: "acceptable";
                concerning: "concerning";
            }>>;
            note: import("zod").ZodOptional<import("zod").ZodString>;
        }, import("zod/v4/core").$strip>>;
        overall: import("zod").ZodNullable<import("zod").ZodEnum<{
            good: "good";
            acceptable: "acceptable";
            concerning: "concerning";
        }>>;
        disagreements: import("zod").ZodArray<import("zod").ZodObject<{
            index: import("zod").ZodNumber;
            id: import("zod").ZodOptional<import("zod").ZodString>;
            human: import("zod").ZodUnion<readonly [import("zod").ZodNumber, import("zod").ZodEnum<{
                A: "A";
                B: "B";
                TIE: "TIE";
            }>]>;
            judge: import("zod").ZodNullable<import("zod").ZodUnion<readonly [import("zod").ZodNumber, import("zod").ZodEnum<{
                A: "A";
                B: "B";
                TIE: "TIE";
            }>]>>;
            difference: import("zod").ZodNullable<import("zod").ZodNumber>;
            reasoning: import("zod").ZodString;
        }, import("zod/v4/core").$strip>>;
        judge: import("zod").ZodObject<{
            model: import("zod").ZodString;
            provider: import("zod").ZodString;
            prompt: import("zod").ZodObject<{
                template: import("zod").ZodString;
                version: import("zod").ZodString;
                hash: import("zod").ZodString;
            }, import("zod/v4/core").$strip>;
        }, import("zod/v4/core").$strip>;
        cost: import("zod").ZodObject<{
            inputTokens: import("zod").ZodNumber;
            outputTokens: import("zod").ZodNumber;
            costUsd: import("zod").ZodNumber;
            latencyMs: import("zod").ZodNumber;
            calls: import("zod").ZodNumber;
            cachedCalls: import("zod").ZodNumber;
        }, import("zod/v4/core").$strip>;
    }, import("zod/v4/core").$strip>;
    readonly 'length-controlled-win-rate': import("zod").ZodObject<{
        winRate: import("zod").ZodNumber;
        lcWinRate: import("zod").ZodNumber;
        lcInterval: import("zod").ZodNullable<import("zod").ZodTuple<[import("zod").ZodNumber, import("zod").ZodNumber], null>>;
        intercept: import("zod").ZodNullable<import("zod").ZodNumber>;
        lengthCoefficient: import("zod").ZodNumber;
        interceptSe: import("zod").ZodNullable<import("zod").ZodNumber>;
        covariate: import("zod").ZodEnum<{
            linear: "linear";
            tanh: "tanh";
        }>;
        n: import("zod").ZodNumber;
        iterations: import("zod").ZodNumber;
        converged: import("zod").ZodBoolean;
        note: import("zod").ZodOptional<import("zod").ZodString>;
    }, import("zod/v4/core").$strip>;
};
export type JudgeSchemaName = keyof typeof judgeSchemas;
