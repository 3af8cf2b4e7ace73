/**
 * The agent runner table: every kind of runner, by the name runs report, each row declared by its runner's own
 * module (`AgentRunnerRow`: what it is and how it is made). The one place runners are made, for Monte Carlo, trigger
 * evals, description optimisation and eval suites alike. The model's copy of the rows' fields
 * (src/model/runner-kinds.generated.ts: the plan's enum, the settings' and CLI's choices, the estimates, the docs)
 * is written from this table by scripts/generate-tables.mjs, which `npm run build` runs.
 */
import type { AgentRunnerKind } from '../model/runner-kinds.js';
import { UsageError } from '../errors.js';
import { claudeAgentSdkRunnerRow } from './claude-agent-runner.js';
import { messagesRunnerRow } from './messages-runner.js';
import type { AgentRunnerRow, RunnerSettings } from './runner-row.js';
import type { AgentRunner } from './types.js';

export const AGENT_RUNNERS = {
  'claude-agent-sdk': claudeAgentSdkRunnerRow,
  messages: messagesRunnerRow,
} as const satisfies Record<AgentRunnerKind, AgentRunnerRow<never>>;

export { AGENT_MAX_RETRIES } from './claude-agent-runner.js';
export type { RunnerSettings } from './runner-row.js';

/** What the library's `createAgentRunner(kind, options)` takes for each kind: its row's `settingsFrom` argument. */
export type AgentRunnerOptions = {
  [K in AgentRunnerKind]: (typeof AGENT_RUNNERS)[K] extends AgentRunnerRow<infer Options> ? Options : never;
};

/** The runner of a kind from a library caller's options (`createAgentRunner` in plugin-eval's simulate entry). */
export function createRunnerFromOptions<K extends AgentRunnerKind>(
  kind: K,
  options: AgentRunnerOptions[K],
): AgentRunner {
  const row = rowOf(kind) as AgentRunnerRow<AgentRunnerOptions[K]>;
  return row.create(row.settingsFrom(options));
}

function rowOf(kind: string): AgentRunnerRow<never> {
  // A kind read from a config file or a library caller is not checked by the compiler.
  if (!Object.hasOwn(AGENT_RUNNERS, kind))
    throw new UsageError(`unknown agent runner "${kind}"; use ${Object.keys(AGENT_RUNNERS).join(' or ')}`);
  return AGENT_RUNNERS[kind as AgentRunnerKind];
}

/** Loads what a runner kind needs that the install may lack; throws MissingPackageError naming it. */
export async function runnerReady(kind: AgentRunnerKind): Promise<void> {
  await rowOf(kind).ready?.();
}

/** The runner of a kind (the table's row says what it is). */
export function createRunner(kind: AgentRunnerKind, settings: RunnerSettings): AgentRunner {
  return rowOf(kind).create(settings);
}
