/**
 * The agent runner kinds: what each runner is, and what one run asks of the model. The plan's enum, the settings' and
 * CLI's choices, the estimates and docs/agent-runners.md come from here. The rows are declared by each runner's module
 * in the agent's table (src/agent/runners.ts) and copied into runner-kinds.generated.ts by scripts/generate-tables.mjs,
 * because the model ranks below the agent and cannot import it.
 */
import { AGENT_RUNNER_TABLE } from './runner-kinds.generated.js';

export interface AgentRunnerKindRow {
  /** What the runner is, in a few words (help texts, the plan's description, the docs). */
  label: string;
  /** A simulation, not the agent: its results say `simulated: true`. */
  simulated: boolean;
  /** Runs the agent's tools (Bash, file writes...): what `evals run` needs. */
  usesTools: boolean;
  /** Calls the model through the run's provider (the judge's stack) rather than an agent of its own. */
  needsProvider: boolean;
  /** Model requests one run makes, as the estimates assume them. */
  requestsPerRun: number;
  /** Input tokens of one request before the skill text (the harness's system prompt and tools). */
  promptTokensPerRequest: number;
  /** Requests of one run that asks for the routing decision alone (trigger evals: the answer is not wanted). */
  routingRequestsPerRun: number;
  /** Output tokens of one such request, as the trigger estimates assume them. */
  routingOutputTokensPerRequest: number;
}

export { AGENT_RUNNER_TABLE };

export type AgentRunnerKind = keyof typeof AGENT_RUNNER_TABLE;

export const AGENT_RUNNER_KINDS = Object.keys(AGENT_RUNNER_TABLE) as [AgentRunnerKind, ...AgentRunnerKind[]];

export const DEFAULT_AGENT_RUNNER: AgentRunnerKind = 'claude-agent-sdk';

export function isAgentRunnerKind(name: string): name is AgentRunnerKind {
  return Object.hasOwn(AGENT_RUNNER_TABLE, name);
}

/** "claude-agent-sdk: the real agent ...; or messages: a simulation ...": the choices in words. */
export function runnerChoicesText(): string {
  return AGENT_RUNNER_KINDS.map((kind) => `${kind}: ${AGENT_RUNNER_TABLE[kind].label}`).join('; or ');
}
