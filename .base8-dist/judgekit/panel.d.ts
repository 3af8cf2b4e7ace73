import type { Provider } from '../providers/index.js';
import type { DirectOptions, ScoreInput } from './direct.js';
import type { PanelResult, ScreenedResult } from './report-schemas.js';
import type { Criterion, DirectScoreResult, Scale } from './schemas.js';
export interface JudgeRef {
    provider: Provider;
    model: string;
}
export type PanelOptions = Omit<DirectOptions, 'model'>;
/** Share of judge pairs whose scores are at most one point apart; null below two judges. */
export declare function pairAgreement(scores: readonly number[]): number | null;
/** Combine the judges' results (pure). Criteria are matched by name, never by position. */
export declare function aggregatePanel(results: readonly DirectScoreResult[], criteria: readonly Criterion[], scale: Scale, id?: string): PanelResult;
export declare function scorePanel(judges: readonly JudgeRef[], input: ScoreInput, options: PanelOptions): Promise<PanelResult>;
export interface ScreenOptions extends PanelOptions {
    /** Normalised (0-1) score the screen must EXCEED for its result to stand; default 0.7. */
    threshold?: number;
}
/**
 * Screening rule: the screen model scores the item with the same prompt. If its normalised weighted
 * score is above the threshold, that result stands (`decidedBy: 'screen'`). Anything at or below
 * the threshold, or unmeasured, is escalated to the main judge(s), whose result is final; the
 * screen result is kept either way. A cheap judge may clear clear passes, never fail an item.
 */
export declare function scoreScreened(screen: JudgeRef, main: JudgeRef | readonly JudgeRef[], input: ScoreInput, options: ScreenOptions): Promise<ScreenedResult>;
export interface JudgeScoreOptions extends ScreenOptions {
    /** Single judge model (ignored when `judgeModels` is given). */
    model?: string;
    /** Two or more models form a panel (PoLL). */
    judgeModels?: readonly string[];
    /** Cheap model that screens first (see `scoreScreened`). */
    screenModel?: string;
}
/** One entry point over one provider: direct, panel or screened scoring, chosen by the options. */
export declare function judgeScore(provider: Provider, input: ScoreInput, options: JudgeScoreOptions): Promise<{
    kind: "direct";
    status: "unmeasured" | "scored";
    scale: 3 | 10 | 5;
    scores: {
        criterion: string;
        weight: number;
        evidence: string[];
        justification: string;
        score: number | null;
        improvement: string;
        adjustments: string[];
    }[];
    overallScore: number | null;
    weightedScore: number | null;
    normalisedScore: number | null;
    summary: {
        assessment: string;
        strengths: string[];
        weaknesses: string[];
        priorities: string[];
    } | null;
    responseLength: number;
    lengthNormalised: boolean;
    judge: {
        model: string;
        provider: string;
        prompt: {
            template: string;
            version: string;
            hash: string;
        };
    };
    cost: {
        inputTokens: number;
        outputTokens: number;
        costUsd: number;
        latencyMs: number;
        calls: number;
        cachedCalls: number;
    };
    warnings: string[];
    id?: string | undefined;
    reason?: string | undefined;
} | {
    kind: "panel";
    status: "unmeasured" | "scored";
    scale: 3 | 10 | 5;
    criteria: {
        criterion: string;
        weight: number;
        scores: (number | null)[];
        median: number | null;
        stdev: number | null;
        agreement: number | null;
    }[];
    overallScore: number | null;
    weightedScore: number | null;
    normalisedScore: number | null;
    judgeStdev: number | null;
    judges: {
        kind: "direct";
        status: "unmeasured" | "scored";
        scale: 3 | 10 | 5;
        scores: {
            criterion: string;
            weight: number;
            evidence: string[];
            justification: string;
            score: number | null;
            improvement: string;
            adjustments: string[];
        }[];
        overallScore: number | null;
        weightedScore: number | null;
        normalisedScore: number | null;
        summary: {
            assessment: string;
            strengths: string[];
            weaknesses: string[];
            priorities: string[];
        } | null;
        responseLength: number;
        lengthNormalised: boolean;
        judge: {
            model: string;
            provider: string;
            prompt: {
                template: string;
                version: string;
                hash: string;
            };
        };
        cost: {
            inputTokens: number;
            outputTokens: number;
            costUsd: number;
            latencyMs: number;
            calls: number;
            cachedCalls: number;
        };
        warnings: string[];
        id?: string | undefined;
        reason?: string | undefined;
    }[];
    cost: {
        inputTokens: number;
        outputTokens: number;
        costUsd: number;
        latencyMs: number;
        calls: number;
        cachedCalls: number;
    };
    warnings: string[];
    id?: string | undefined;
} | {
    kind: "screened";
    decidedBy: "judge" | "screen";
    threshold: number;
    screenScore: number | null;
    screen: {
        kind: "direct";
        status: "unmeasured" | "scored";
        scale: 3 | 10 | 5;
        scores: {
            criterion: string;
            weight: number;
            evidence: string[];
            justification: string;
            score: number | null;
            improvement: string;
            adjustments: string[];
        }[];
        overallScore: number | null;
        weightedScore: number | null;
        normalisedScore: number | null;
        summary: {
            assessment: string;
            strengths: string[];
            weaknesses: string[];
            priorities: string[];
        } | null;
        responseLength: number;
        lengthNormalised: boolean;
        judge: {
            model: string;
            provider: string;
            prompt: {
                template: string;
                version: string;
                hash: string;
            };
        };
        cost: {
            inputTokens: number;
            outputTokens: number;
            costUsd: number;
            latencyMs: number;
            calls: number;
            cachedCalls: number;
        };
        warnings: string[];
        id?: string | undefined;
        reason?: string | undefined;
    };
    final: {
        kind: "direct";
        status: "unmeasured" | "scored";
        scale: 3 | 10 | 5;
        scores: {
            criterion: string;
            weight: number;
            evidence: string[];
            justification: string;
            score: number | null;
            improvement: string;
            adjustments: string[];
        }[];
        overallScore: number | null;
        weightedScore: number | null;
        normalisedScore: number | null;
        summary: {
            assessment: string;
            strengths: string[];
            weaknesses: string[];
            priorities: string[];
        } | null;
        responseLength: number;
        lengthNormalised: boolean;
        judge: {
            model: string;
            provider: string;
            prompt: {
                template: string;
                version: string;
                hash: string;
            };
        };
        cost: {
            inputTokens: number;
            outputTokens: number;
            costUsd: number;
            latencyMs: number;
            calls: number;
            cachedCalls: number;
        };
        warnings: string[];
        id?: string | undefined;
        reason?: string | undefined;
    } | {
        kind: "panel";
        status: "unmeasured" | "scored";
        scale: 3 | 10 | 5;
        criteria: {
            criterion: string;
            weight: number;
            scores: (number | null)[];
            median: number | null;
            stdev: number | null;
            agreement: number | null;
        }[];
        overallScore: number | null;
        weightedScore: number | null;
        normalisedScore: number | null;
        judgeStdev: number | null;
        judges: {
            kind: "direct";
            status: "unmeasured" | "scored";
            scale: 3 | 10 | 5;
            scores: {
                criterion: string;
                weight: number;
                evidence: string[];
                justification: string;
                score: number | null;
                improvement: string;
                adjustments: string[];
            }[];
            overallScore: number | null;
            weightedScore: number | null;
            normalisedScore: number | null;
            summary: {
                assessment: string;
                strengths: string[];
                weaknesses: string[];
                priorities: string[];
            } | null;
            responseLength: number;
            lengthNormalised: boolean;
            judge: {
                model: string;
                provider: string;
                prompt: {
                    template: string;
                    version: string;
                    hash: string;
                };
            };
            cost: {
                inputTokens: number;
                outputTokens: number;
                costUsd: number;
                latencyMs: number;
                calls: number;
                cachedCalls: number;
            };
            warnings: string[];
            id?: string | undefined;
            reason?: string | undefined;
        }[];
        cost: {
            inputTokens: number;
            outputTokens: number;
            costUsd: number;
            latencyMs: number;
            calls: number;
            cachedCalls: number;
        };
        warnings: string[];
        id?: string | undefined;
    };
    id?: string | undefined;
}>;
/** Run any of the three item scorers over a batch, keeping input order. */
export declare function mapBatch<I, R>(items: readonly I[], concurrency: number, run: (item: I) => Promise<R>): Promise<R[]>;
