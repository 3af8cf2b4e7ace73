/**
 * The agent runner table: every kind of runner, what it is, and what one run asks of the model. The plan's enum,
 * the settings' and CLI's choices, the estimates and docs/agent-runners.md come from here; the runner each kind
 * builds is one entry of agent/runners.ts (typed by this table's keys, so a kind cannot lack one).
 */

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

export const AGENT_RUNNER_TABLE = {
  'claude-agent-sdk': {
    label: 'the real agent (Claude Agent SDK)',
    simulated: false,
    usesTools: true,
    needsProvider: false,
    // An activated run decides, loads the skill and answers; the system prompt and tool definitions are ~18k tokens.
    requestsPerRun: 3,
    promptTokensPerRequest: 18_000,
    // The real agent cannot be told to stop after deciding: a trigger run costs a whole run.
    routingRequestsPerRun: 3,
    routingOutputTokensPerRequest: 400,
  },
  messages: {
    label: 'a simulation of the routing decision: one Messages call, one more to answer when the skill is chosen',
    simulated: true,
    usesTools: false,
    needsProvider: true,
    requestsPerRun: 2,
    promptTokensPerRequest: 1_000,
    routingRequestsPerRun: 1,
    routingOutputTokensPerRequest: 50,
  },
} as const satisfies Record<string, AgentRunnerKindRow>;

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
