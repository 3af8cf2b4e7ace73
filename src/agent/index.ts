/**
 * Agent runners: one whole agent session per run, in isolation, with one meaning of "activated" and of
 * "infrastructure error" (docs/agent-runners.md). The Claude Agent SDK loads only inside a run.
 */
import type { AgentRunnerKind } from '../model/runner-kinds.js';
import { createRunnerFromOptions, type AgentRunnerOptions } from './runners.js';
import type { AgentRunner } from './types.js';

export type * from './types.js';
export { detectActivation } from './activation.js';
export type { Activation } from './activation.js';
export { ClaudeAgentRunner, findClaudeOnPath, PASSED_ENV, resolveExecutable } from './claude-agent-runner.js';
export type { ClaudeAgentRunnerOptions } from './claude-agent-runner.js';
export { DEFAULT_ALLOWED_TOOLS, DEFAULT_MAX_TURNS, DEFAULT_TIMEOUT_MS } from './defaults.js';
export { LISTING_HEADER, listedSkills, MessagesRunner } from './messages-runner.js';
export type { ListedSkill, MessagesRunnerOptions } from './messages-runner.js';
export { checkShadowing, createRunProject, liveRunFolders, ShadowedSkillError } from './project.js';
export type { RunProject, RunProjectOptions } from './project.js';
export { sharedStartGate, StartGate } from './start-gate.js';
export type { ReleaseTurn } from './start-gate.js';

/** Runner names, as `AgentRunResult.runner` reports them: the keys of the runner table (src/model/runner-kinds.ts). */
export type { AgentRunnerKind } from '../model/runner-kinds.js';
export { AGENT_MAX_RETRIES, createRunner } from './runners.js';
export type { AgentRunnerOptions, RunnerSettings } from './runners.js';

/** The options argument of a kind: optional where the runner needs none (and for a kind the compiler cannot know). */
type OptionsArgument<K extends AgentRunnerKind> = [K] extends [never]
  ? [options?: unknown]
  : undefined extends AgentRunnerOptions[K]
    ? [options?: AgentRunnerOptions[K]]
    : [options: AgentRunnerOptions[K]];

/** The runner of a kind, with that kind's options (optional where the runner needs none). */
export function createAgentRunner<K extends AgentRunnerKind>(kind: K, ...options: OptionsArgument<K>): AgentRunner {
  return createRunnerFromOptions(kind, options[0] as AgentRunnerOptions[K]);
}
