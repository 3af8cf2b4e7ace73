import { z } from 'zod';
import type { CriterionInput } from './schemas.js';
export declare const ScoreLine: z.ZodObject<{
    id: z.ZodOptional<z.ZodPipe<z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>, z.ZodTransform<string, string | number>>>;
    prompt: z.ZodString;
    response: z.ZodString;
    context: z.ZodOptional<z.ZodString>;
    reference: z.ZodOptional<z.ZodString>;
    model: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type ScoreLine = z.infer<typeof ScoreLine>;
export declare const CompareLine: z.ZodObject<{
    id: z.ZodOptional<z.ZodPipe<z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>, z.ZodTransform<string, string | number>>>;
    prompt: z.ZodString;
    responseA: z.ZodString;
    responseB: z.ZodString;
    context: z.ZodOptional<z.ZodString>;
    reference: z.ZodOptional<z.ZodString>;
    modelA: z.ZodOptional<z.ZodString>;
    modelB: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type CompareLine = z.infer<typeof CompareLine>;
export declare const LabelledScoreLine: z.ZodObject<{
    id: z.ZodOptional<z.ZodPipe<z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>, z.ZodTransform<string, string | number>>>;
    prompt: z.ZodString;
    response: z.ZodString;
    context: z.ZodOptional<z.ZodString>;
    reference: z.ZodOptional<z.ZodString>;
    model: z.ZodOptional<z.ZodString>;
    humanScore: z.ZodNumber;
}, z.core.$strip>;
export declare const LabelledCompareLine: z.ZodObject<{
    id: z.ZodOptional<z.ZodPipe<z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>, z.ZodTransform<string, string | number>>>;
    prompt: z.ZodString;
    responseA: z.ZodString;
    responseB: z.ZodString;
    context: z.ZodOptional<z.ZodString>;
    reference: z.ZodOptional<z.ZodString>;
    modelA: z.ZodOptional<z.ZodString>;
    modelB: z.ZodOptional<z.ZodString>;
    humanVerdict: z.ZodPreprocess<z.ZodEnum<{
        A: "A";
        B: "B";
        TIE: "TIE";
    }>, unknown>;
}, z.core.$strip>;
export type LabelledScoreLine = z.infer<typeof LabelledScoreLine>;
export type LabelledCompareLine = z.infer<typeof LabelledCompareLine>;
/** Parse JSONL text; blank lines are skipped, anything else must be one valid item. */
export declare function parseJsonl<T>(text: string, schema: z.ZodType<T>, path: string): T[];
export declare function readJsonl<T>(path: string, schema: z.ZodType<T>): Promise<T[]>;
/**
 * A labelled calibration file holds score items (humanScore) or pairwise items (humanVerdict),
 * never both; the first line decides.
 */
export declare function readLabelled(path: string): Promise<{
    mode: 'score';
    items: LabelledScoreLine[];
} | {
    mode: 'pairwise';
    items: LabelledCompareLine[];
}>;
/** `name:weight,name2:weight2` (weight optional, default 1). */
export declare function parseInlineCriteria(spec: string): CriterionInput[];
/** Criteria from a JSON/YAML file (a list, or `{criteria: [...]}`) or an inline spec. */
export declare function loadCriteria(spec: string): Promise<CriterionInput[]>;
