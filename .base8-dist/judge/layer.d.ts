/**
 * Layer 2, the LLM judge: runs every judged dimension once per judge (model x sample), aggregates,
 * and hands the blend a LayerOutput. All calls are issued at once; the provider's concurrency limiter
 * (and its cache, outermost) decide how many reach the network.
 *
 * Failure policy: an invalid answer (after the provider's single repair request) or a provider failure
 * that survived the retries makes that dimension unmeasured with the reason (and listed in `failed`, so
 * the result is partial), never a default score. A failure no later call can recover from (401, 403,
 * unknown model, nothing listening, no login) aborts the layer's other calls and is thrown as
 * NotMeasuredError: the run stops rather than report a score the judge never gave. Cancellation propagates.
 */
import type { LayerOutput } from '../layers/types.js';
import type { DimensionName } from '../model/dimensions.js';
import type { SkillDocument } from '../parse/skill.js';
import { type Provider } from '../providers/types.js';
import type { JudgeAgreement } from './aggregate.js';
import type { JudgeSample } from './types.js';
/** The seed: "One or more LLM calls (Sonnet by default)". It names no per-dimension models. */
export declare const DEFAULT_JUDGE_MODEL = "sonnet";
export interface JudgeLayerOptions {
    provider: Provider;
    /** Judge model (alias or id); DEFAULT_JUDGE_MODEL when the caller has no configuration. */
    model: string;
    /** A panel: one judge per model (times `judges`); overrides `model`. */
    judgeModels?: string[];
    /** Independent samples per model (distinct sample indexes, so distinct cache entries). Default 1. */
    judges?: number;
    signal?: AbortSignal;
    /** Token budget for the skill material in each prompt (~4 chars/token). Default 24,000. */
    budgetTokens?: number;
    /** Only these dimensions (those without a judge module are reported in notes). Default: all five. */
    dimensions?: DimensionName[];
}
export interface JudgeLayerOutput extends LayerOutput {
    name: 'judge';
    /** Number of judges (models x samples), as the seed's JSON reports it. */
    judges: number;
    /** Inter-judge agreement; kappa null with one judge (as the seed's JSON shows). */
    agreement: JudgeAgreement;
    kappa: number | null;
}
/** Judges: every model of the panel, `judges` samples each. Repeats of one model need a temperature above 0 to differ. */
export declare function judgeSamples(models: readonly string[], perModel: number): JudgeSample[];
export declare function runJudgeLayer(skill: SkillDocument, options: JudgeLayerOptions): Promise<JudgeLayerOutput>;
