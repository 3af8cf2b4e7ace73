/**
 * What a Monte Carlo run will cost, before it starts: runs, model calls and USD at N (an upper bound: adaptive
 * sampling usually stops earlier). The per-run figures are assumptions stated in the output, not measurements:
 * the real agent sends its system prompt and tool definitions (about 18k tokens) with every request, and an
 * activated run makes about three requests (decide, load the skill, answer); the judge grades activated
 * positives, one call each. With the uplift, each positive run is made again without the skill (counted as a full
 * run) and the two answers are compared in both orders (two judge calls).
 */
import { AGENT_RUNNER_TABLE } from '../model/runner-kinds.js';
import type { MonteCarloPlan } from '../model/plan.js';
import { resolveModel } from '../providers/models.js';
import { priceCall } from '../providers/pricing.js';

export const AGENT_PROMPT_TOKENS = AGENT_RUNNER_TABLE['claude-agent-sdk'].promptTokensPerRequest;
export const AGENT_REQUESTS_PER_RUN = AGENT_RUNNER_TABLE['claude-agent-sdk'].requestsPerRun;
export const AGENT_OUTPUT_TOKENS_PER_REQUEST = 400;
export const GRADE_INPUT_TOKENS = 2_500;
export const GRADE_OUTPUT_TOKENS = 700;
/** One uplift comparison call: the prompt, two answers and the instructions. */
export const UPLIFT_COMPARE_INPUT_TOKENS = 3_500;
export const UPLIFT_COMPARE_OUTPUT_TOKENS = 600;

export interface McEstimate {
  skills: number;
  /** Runs with the skill and, with the uplift, the runs without it. */
  runs: number;
  /** Of `runs`: made without the skill, for the uplift. */
  upliftRuns: number;
  modelCalls: number;
  /** null when a model has no price (the estimate says so instead of showing $0). */
  costUsd: number | null;
  assumptions: string;
}

export function estimateMonteCarlo(input: {
  skills: number;
  plan: MonteCarloPlan;
  judgeModel?: string | undefined;
  skillTokens?: number;
}): McEstimate {
  const { plan } = input;
  const withSkill = input.skills * plan.maxRuns;
  const row = AGENT_RUNNER_TABLE[plan.runner];
  // Positives are half the runs; with the uplift each is made once more without the skill (not by the simulation).
  const upliftRuns = plan.uplift && !row.simulated && input.judgeModel !== undefined ? Math.ceil(withSkill / 2) : 0;
  const runs = withSkill + upliftRuns;
  const compares = upliftRuns * 2;
  const requestsPerRun = row.requestsPerRun;
  const perRequestInput = row.promptTokensPerRequest + (input.skillTokens ?? 2_000);
  // Positives are half the runs; every one may be activated and graded.
  const graded = input.judgeModel === undefined ? 0 : Math.ceil(withSkill / 2);
  const agent = priceCall(resolveModel(plan.model), {
    inputTokens: runs * requestsPerRun * perRequestInput,
    outputTokens: runs * requestsPerRun * AGENT_OUTPUT_TOKENS_PER_REQUEST,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
  });
  const judge =
    input.judgeModel === undefined
      ? { costUsd: 0, priced: true }
      : priceCall(resolveModel(input.judgeModel), {
          inputTokens: graded * GRADE_INPUT_TOKENS + compares * UPLIFT_COMPARE_INPUT_TOKENS,
          outputTokens: graded * GRADE_OUTPUT_TOKENS + compares * UPLIFT_COMPARE_OUTPUT_TOKENS,
          cacheReadTokens: 0,
          cacheWriteTokens: 0,
        });
  return {
    skills: input.skills,
    runs,
    upliftRuns,
    modelCalls: runs * requestsPerRun + graded + compares,
    costUsd: agent.priced && judge.priced ? agent.costUsd + judge.costUsd : null,
    assumptions:
      `${requestsPerRun} requests per run of ~${Math.round(perRequestInput / 1000)}k input tokens, uncached ` +
      `(prompt caching makes the real cost lower)${graded > 0 ? `; ${graded} grading calls` : ''}` +
      (upliftRuns > 0
        ? `; uplift: ${upliftRuns} runs without the skill and ${compares} comparison calls, counted in the cost`
        : ''),
  };
}

/**
 * Elo matchups of a certify: each reference judged in both orders, ~7k input tokens (two skills and the instructions)
 * per call.
 */
export const PAIRWISE_INPUT_TOKENS = 7_000;
export const PAIRWISE_OUTPUT_TOKENS = 500;

export function estimateElo(input: { skills: number; references: number; judgeModel: string | undefined }): {
  calls: number;
  costUsd: number | null;
} {
  const calls = input.skills * input.references * 2;
  if (input.judgeModel === undefined) return { calls, costUsd: null };
  const priced = priceCall(resolveModel(input.judgeModel), {
    inputTokens: calls * PAIRWISE_INPUT_TOKENS,
    outputTokens: calls * PAIRWISE_OUTPUT_TOKENS,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
  });
  return { calls, costUsd: priced.priced ? priced.costUsd : null };
}
