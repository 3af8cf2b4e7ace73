import type { JudgeDimension } from '../types.js';
import type { ListedSkill } from './distractors.js';
export declare const PROMPTS_PER_CLASS = 5;
export declare const PROMPTS_SCHEMA_NAME = "judge_triggering_prompts";
export declare const DECISION_SCHEMA_NAME: string;
/** The answer a router gives when no skill applies. */
export declare const NO_SKILL = "none";
export interface LabelledPrompt {
    text: string;
    shouldTrigger: boolean;
}
/** The listing an agent sees, candidate among the distractors, in a deterministic per-request order. */
export declare function skillListing(candidate: ListedSkill, seedText: string): string;
export declare const triggeringAccuracy: JudgeDimension;
