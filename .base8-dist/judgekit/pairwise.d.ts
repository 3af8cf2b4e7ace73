import { z } from 'zod';
import type { Provider } from '../providers/index.js';
import type { Criterion, CriterionInput, LikertVerdict, PairwisePass, PairwiseResult, Winner } from './schemas.js';
export interface CompareInput {
    id?: string | undefined;
    prompt: string;
    responseA: string;
    responseB: string;
    context?: string | undefined;
    reference?: string | undefined;
    /** Models that wrote A and B, for the self-enhancement check. */
    modelA?: string | undefined;
    modelB?: string | undefined;
}
export interface CompareOptions {
    model: string;
    criteria?: readonly CriterionInput[];
    /** Judge calls per pair, alternating the order; default 2 (one swap). */
    passes?: number;
    /** May the judge answer TIE (or A=B)? Default true. */
    allowTies?: boolean;
    /** Arena-Hard style 5-point verdicts: A>>B, A>B, A=B, B>A, B>>A. */
    likert5?: boolean;
    maxTokens?: number;
    signal?: AbortSignal;
    concurrency?: number;
}
export declare const DEFAULT_COMPARE_CRITERIA: CriterionInput[];
export declare function pairwiseReplySchema(allowTies: boolean, likert5: boolean): z.ZodObject<{
    analysis: z.ZodObject<{
        responseA: z.ZodString;
        responseB: z.ZodString;
    }, z.core.$strip>;
    comparison: z.ZodArray<z.ZodObject<{
        criterion: z.ZodString;
        aAssessment: z.ZodString;
        bAssessment: z.ZodString;
        reasoning: z.ZodString;
        winner: z.ZodEnum<{
            A: "A";
            B: "B";
            TIE: "TIE";
        }>;
    }, z.core.$strip>>;
    differentiators: z.ZodArray<z.ZodString>;
    evidence: z.ZodArray<z.ZodString>;
    reasoning: z.ZodString;
    verdict: z.ZodEnum<{
        [x: string]: string;
    }>;
    confidence: z.ZodNumber;
}, z.core.$strip>;
export type PairwiseReply = z.infer<ReturnType<typeof pairwiseReplySchema>>;
export type Order = 'AB' | 'BA';
/** Pass i shows A first when i is even: N passes are balanced whenever N is even. */
export declare function orderOfPass(pass: number): Order;
/** Map a winner seen in `order` back to the caller's labels. */
export declare function mapWinner(shown: Winner, order: Order): Winner;
/** Map a 5-point verdict back: in a BA pass "A>>B" means the caller's B is much better. */
export declare function mapLikert(shown: LikertVerdict, order: Order): LikertVerdict;
export declare function likertWinner(verdict: LikertVerdict): Winner;
type Votes = {
    A: number;
    B: number;
    TIE: number;
};
/** Majority (more than half of the votes cast) or TIE. */
export declare function majority(winners: readonly Winner[]): {
    winner: Winner;
    votes: Votes;
    decided: boolean;
};
/** Confidence calibration: x0.6 when passes disagree, x(0.7 + 0.3 min(evidence/3, 1)), capped at 0.99. */
export declare function calibrateConfidence(raw: number, consistent: boolean, evidenceCount: number): number;
/** Combine mapped-back passes into one verdict. Pure, so the voting rules are testable alone. */
export declare function aggregatePasses(passes: readonly PairwisePass[], criteria: readonly Criterion[], likert5: boolean): {
    winner: "A" | "B" | "TIE";
    likert: "A>>B" | "A>B" | "A=B" | "B>A" | "B>>A" | null;
    votes: Votes;
    consistent: boolean;
    leaning: "A" | "B" | null;
    rawConfidence: number;
    confidence: number;
    criteria: {
        criterion: string;
        winner: "A" | "B" | "TIE";
        votes: Votes;
    }[];
    usable: number;
};
export declare function comparePair(provider: Provider, input: CompareInput, options: CompareOptions): Promise<PairwiseResult>;
export declare function comparePairs(provider: Provider, items: readonly CompareInput[], options: CompareOptions): Promise<PairwiseResult[]>;
export {};
