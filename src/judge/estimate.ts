/**
 * What the judge layer will cost, before it starts (`score --depth standard --dry-run`, and beside the Monte Carlo
 * estimate at deep): calls per skill from the layer's own make-up, tokens per call as stated assumptions (an upper
 * bound on calls: a repair request after an invalid answer is not counted; prompt caching makes the cost lower).
 */
import { resolveModel } from '../providers/models.js';
import { priceCall } from '../providers/pricing.js';
import { PROMPTS_PER_CLASS } from './dimensions/triggering-accuracy.js';
import { JUDGE_DIMENSIONS } from './registry.js';

/** Instructions and rubric of one dimension's prompt, beside the skill's text. */
export const JUDGE_INSTRUCTION_TOKENS = 2_000;
export const JUDGE_OUTPUT_TOKENS = 800;
/** A routing decision sees the skill listing and one request, not the skill's text. */
export const ROUTING_INPUT_TOKENS = 1_500;
export const ROUTING_OUTPUT_TOKENS = 150;
/** The skill's text when the caller does not measure it. */
export const DEFAULT_SKILL_TOKENS = 2_000;

export interface JudgeEstimate {
  skills: number;
  calls: number;
  /** null when a judge model has no price. */
  costUsd: number | null;
  assumptions: string;
}

export function estimateJudgeLayer(input: {
  skills: number;
  models: readonly string[];
  samples: number;
  skillTokens?: number;
}): JudgeEstimate {
  const skillTokens = input.skillTokens ?? DEFAULT_SKILL_TOKENS;
  const judges = input.models.length * Math.max(1, input.samples);
  // Per judge and skill: one call per dimension, one writing the trigger test requests, one routing decision per
  // request.
  const dimensionCalls = JUDGE_DIMENSIONS.length;
  const routingCalls = 2 * PROMPTS_PER_CLASS;
  const perSkill = dimensionCalls + 1 + routingCalls;
  let cost: number | null = 0;
  for (const model of input.models) {
    const n = input.skills * Math.max(1, input.samples);
    const priced = priceCall(resolveModel(model), {
      inputTokens:
        n * ((dimensionCalls + 1) * (skillTokens + JUDGE_INSTRUCTION_TOKENS) + routingCalls * ROUTING_INPUT_TOKENS),
      outputTokens: n * ((dimensionCalls + 1) * JUDGE_OUTPUT_TOKENS + routingCalls * ROUTING_OUTPUT_TOKENS),
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
    cost = cost === null || !priced.priced ? null : cost + priced.costUsd;
  }
  return {
    skills: input.skills,
    calls: input.skills * judges * perSkill,
    costUsd: cost,
    assumptions:
      `${perSkill} calls per skill and judge (${dimensionCalls} dimensions, 1 writing ${routingCalls} trigger ` +
      `test requests, ${routingCalls} routing decisions) of ` +
      `~${Math.round((skillTokens + JUDGE_INSTRUCTION_TOKENS) / 1000)}k input tokens for a dimension, uncached`,
  };
}
