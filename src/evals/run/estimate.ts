/**
 * What `evals run` will cost before it starts, and what `evals grade` will. The per-run figures are assumptions
 * stated in the output, not measurements: a real task makes more model requests than a routing decision (Monte
 * Carlo assumes 3), each carrying the agent's system prompt and tools (monte-carlo/estimate.ts) plus the skill when
 * it is installed and what the session has read and written so far.
 */
import { resolveModel } from '../../providers/models.js';
import { priceCall } from '../../providers/pricing.js';
import { AGENT_OUTPUT_TOKENS_PER_REQUEST, AGENT_PROMPT_TOKENS } from '../../monte-carlo/estimate.js';
import type { PreparedEvalsRun } from './run-evals.js';

export const EVAL_REQUESTS_PER_RUN = 6;
/** The session's own growth per request (files read, tool results), on average over a run. */
export const EVAL_CONTEXT_TOKENS_PER_REQUEST = 4_000;

export interface EvalsEstimate {
  runs: number;
  modelCalls: number;
  /** null when the agent model has no price. */
  costUsd: number | null;
  assumptions: string;
}

export function estimateEvalsRun(prepared: Pick<PreparedEvalsRun, 'pending' | 'plan' | 'suite'>): EvalsEstimate {
  const skillTokens = Math.ceil(prepared.suite.skillText.length / 4);
  let inputTokens = 0;
  for (const task of prepared.pending) {
    // Every request of the session carries the eval's prompt again: a prompt holding a pasted document is most of the
    // cost.
    const promptTokens = Math.ceil(task.evalCase.prompt.length / 4);
    const perRequest =
      AGENT_PROMPT_TOKENS +
      EVAL_CONTEXT_TOKENS_PER_REQUEST +
      promptTokens +
      (task.configuration.install === 'skill' ? skillTokens : 0);
    inputTokens += perRequest * EVAL_REQUESTS_PER_RUN;
  }
  const runs = prepared.pending.length;
  const price = priceCall(resolveModel(prepared.plan.model), {
    inputTokens,
    outputTokens: runs * EVAL_REQUESTS_PER_RUN * AGENT_OUTPUT_TOKENS_PER_REQUEST,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
  });
  return {
    runs,
    modelCalls: runs * EVAL_REQUESTS_PER_RUN,
    costUsd: price.priced ? price.costUsd : null,
    assumptions:
      `${EVAL_REQUESTS_PER_RUN} requests per run of ` +
      `~${Math.round((AGENT_PROMPT_TOKENS + EVAL_CONTEXT_TOKENS_PER_REQUEST) / 1000)}k input tokens plus the ` +
      `eval's prompt and the skill, uncached (prompt caching makes the real cost lower; long tasks cost more)`,
  };
}
