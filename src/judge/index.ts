/** Public surface of the judge layer (Layer 2). */
export { runJudgeLayer, judgeSamples, DEFAULT_JUDGE_MODEL } from './layer.js';
export type { JudgeLayerOptions, JudgeLayerOutput } from './layer.js';
export { JUDGE_DIMENSIONS, judgeDimensionFor } from './registry.js';
export { detectInjection } from '../rules/injection-attempt.js';
export type { InjectionFinding, InjectionKind } from '../rules/injection-attempt.js';
export { collectSkillMaterial, estimateTokens, DEFAULT_BUDGET_TOKENS, CHARS_PER_TOKEN } from './material.js';
export type { SkillMaterial, IncludedFile } from './material.js';
export { contentNonce, wrapUntrusted, openMarker, closeMarker } from './envelope.js';
export type { WrappedData } from './envelope.js';
export { aggregateDimension, interJudgeAgreement, tInterval, studentTQuantile } from './aggregate.js';
export type { JudgeAgreement, JudgedOutcome } from './aggregate.js';
export * from './rubrics.js';
export { schemaNameFor } from './types.js';
export type { DimensionOutcome, JudgeContext, JudgeDimension, JudgeSample } from './types.js';
export {
  DECISION_SCHEMA_NAME,
  NO_SKILL,
  PROMPTS_PER_CLASS,
  PROMPTS_SCHEMA_NAME,
  skillListing,
} from './dimensions/triggering-accuracy.js';
export { DISTRACTOR_SKILLS } from './distractors.js';
export type { ListedSkill } from './distractors.js';
