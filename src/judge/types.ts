/**
 * The contract between the judge layer and its dimension modules. A dimension is metadata plus one
 * function; the layer runs it once per judge sample and aggregates.
 */
import type { DimensionMeasurement } from '../model/layer-output.js';
import type { DimensionName } from '../model/dimensions.js';
import type { SkillDocument } from '../parse/skill.js';
import type { CompletionRequest, CompletionResult } from '../providers/types.js';
import type { WrappedData } from './envelope.js';
import type { SkillMaterial } from './material.js';
import type { Rubric } from './rubrics.js';

/** One judge: a model and a sample number (distinct sample numbers are distinct cache entries). */
export interface JudgeSample {
  model: string;
  sampleIndex: number;
  /** 0 for a single sample per model; above 0 when several samples of one model must differ. */
  temperature: number;
  /** Short name for evidence and notes, e.g. `sonnet#1`. */
  label: string;
}

export interface JudgeContext {
  skill: SkillDocument;
  material: SkillMaterial;
  /** The material wrapped in its nonce envelope (computed once per skill). */
  wrappedSkill: WrappedData;
  sample: JudgeSample;
  signal: AbortSignal | undefined;
  /**
   * Every model call goes through here so the layer can count usage, pass the sample's model,
   * temperature and sample index, and the cancellation signal.
   */
  complete<T>(
    request: Omit<CompletionRequest<T>, 'model' | 'sampleIndex' | 'temperature' | 'signal'>,
  ): Promise<CompletionResult<T>>;
}

/**
 * A dimension either measures (score in [0, 1] with evidence) or says why it could not. A dimension that
 * does not apply to the skill (`notApplicable`, e.g. no code to judge) is not a failure; anything else
 * (an invalid reply after the repair request, a provider failure) is, and makes the result partial.
 */
export type DimensionOutcome =
  | { ok: true; measurement: DimensionMeasurement; notes?: string[]; instructionsToJudge?: string[] }
  | { ok: false; reason: string; notApplicable?: boolean };

export interface JudgeDimension {
  /** Stable id used in reports, e.g. `judge.orchestration_fitness`. */
  id: string;
  dimension: DimensionName;
  /**
   * `<dimension>@<hash>`: content hash of the rendered prompt template, rubric and reply schema (never bumped by hand).
   */
  promptVersion: string;
  rubric: Rubric;
  judge(ctx: JudgeContext): Promise<DimensionOutcome>;
}

/** The schema name the layer uses for a dimension's structured answer (also how test servers route). */
export const schemaNameFor = (dimension: DimensionName | string): string => `judge_${dimension}`;
