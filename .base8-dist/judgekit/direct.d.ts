import { z } from 'zod';
import type { Provider } from '../providers/index.js';
import { Criterion } from './schemas.js';
import type { CriterionInput, DirectScoreResult, Scale } from './schemas.js';
export interface ScoreInput {
    id?: string | undefined;
    prompt: string;
    response: string;
    context?: string | undefined;
    reference?: string | undefined;
}
export interface LengthNormalisation {
    /** Length (characters) that draws no penalty; default 500. */
    targetLength?: number;
}
export interface DirectOptions {
    model: string;
    criteria: readonly CriterionInput[];
    scale?: Scale;
    /** Penalise responses far longer or shorter than the target (see `lengthPenalty`). */
    lengthNormalise?: boolean | LengthNormalisation;
    maxTokens?: number;
    signal?: AbortSignal;
    /** How many items of a batch are judged at once (the provider limits requests further). */
    concurrency?: number;
}
/** The judge's reply. Field order matters: the model writes evidence and justification first. */
export declare function directReplySchema(scale: Scale): z.ZodObject<{
    scores: z.ZodArray<z.ZodObject<{
        criterion: z.ZodString;
        evidence: z.ZodArray<z.ZodString>;
        justification: z.ZodString;
        score: z.ZodNumber;
        improvement: z.ZodString;
    }, z.core.$strip>>;
    summary: z.ZodObject<{
        assessment: z.ZodString;
        strengths: z.ZodArray<z.ZodString>;
        weaknesses: z.ZodArray<z.ZodString>;
        priorities: z.ZodArray<z.ZodString>;
    }, z.core.$strip>;
}, z.core.$strip>;
export type DirectReply = z.infer<ReturnType<typeof directReplySchema>>;
export declare function normaliseName(name: string): string;
/** Validate criteria once (defaults for weight/description) and refuse duplicate names. */
export declare function parseCriteria(criteria: readonly CriterionInput[]): Criterion[];
/**
 * Length penalty of the reference method, scaled to the scale's width (its constants were set for
 * 1-5): ratio r = length / target; r > 2 costs (r - 2) x 0.1 points, r < 0.3 costs (0.3 - r) x 0.5.
 */
export declare function lengthPenalty(length: number, scale: Scale, targetLength?: number): number;
export declare function weightedMean(pairs: readonly {
    score: number;
    weight: number;
}[]): number | null;
export declare function normalise(score: number | null, scale: Scale): number | null;
/** Score one response. A reply that cannot be used gives status `unmeasured`, never a low score. */
export declare function scoreDirect(provider: Provider, input: ScoreInput, options: DirectOptions): Promise<DirectScoreResult>;
/** Match the reply's scores to the criteria by name and turn them into final scores. */
export declare function readReply(reply: DirectReply, providerAdjustments: readonly string[], criteria: readonly Criterion[], scale: Scale, penalty?: number): {
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
    };
    warnings: string[];
};
/** Score many items with bounded concurrency; results keep the input order. */
export declare function scoreDirectBatch(provider: Provider, items: readonly ScoreInput[], options: DirectOptions): Promise<DirectScoreResult[]>;
