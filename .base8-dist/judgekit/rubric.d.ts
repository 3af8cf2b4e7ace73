import { z } from 'zod';
import type { Provider } from '../providers/index.js';
import { Rubric, RubricLevel } from './schemas.js';
import type { Criterion, Scale, Strictness } from './schemas.js';
export interface RubricRequest {
    criterion: string;
    description?: string;
    scale?: Scale;
    domain?: string;
    strictness?: Strictness;
    /** Ask for an example text per level; default true. */
    includeExamples?: boolean;
}
export interface RubricOptions {
    model: string;
    maxTokens?: number;
    signal?: AbortSignal;
}
export declare const rubricReplySchema: z.ZodObject<{
    levels: z.ZodArray<z.ZodObject<{
        score: z.ZodNumber;
        label: z.ZodString;
        description: z.ZodString;
        characteristics: z.ZodArray<z.ZodString>;
        example: z.ZodOptional<z.ZodString>;
    }, z.core.$strip>>;
    scoringGuidelines: z.ZodArray<z.ZodString>;
    edgeCases: z.ZodArray<z.ZodObject<{
        situation: z.ZodString;
        guidance: z.ZodString;
    }, z.core.$strip>>;
}, z.core.$strip>;
/** Keep one level per score inside the scale, sorted; say what was missing or dropped. */
export declare function checkLevels(levels: readonly RubricLevel[], scale: Scale): {
    levels: RubricLevel[];
    warnings: string[];
};
/** Ask the model for a rubric. Throws when the reply is unusable: there is nothing to fall back to. */
export declare function generateRubric(provider: Provider, request: RubricRequest, options: RubricOptions): Promise<Rubric>;
/** Serialise one rubric or several; the format follows the file extension (.yaml/.yml, else JSON). */
export declare function formatRubrics(rubrics: Rubric | readonly Rubric[], path: string): string;
export declare function saveRubrics(rubrics: Rubric | readonly Rubric[], path: string): Promise<void>;
/** Read a rubric file: one rubric, a list, or `{rubrics: [...]}`, in YAML or JSON. */
export declare function loadRubrics(path: string): Promise<Rubric[]>;
/**
 * Give each criterion ITS OWN rubric, matched by name. With no criteria, every rubric becomes a
 * criterion (weight 1), so a rubric file alone is enough to score with; otherwise a rubric that
 * matches no criterion is reported and ignored.
 */
export declare function attachRubrics(criteria: readonly Criterion[], rubrics: readonly Rubric[], scale: Scale): {
    criteria: Criterion[];
    warnings: string[];
};
