/**
 * Agent runners: one whole agent session per run, in isolation, with one meaning of "activated" and of
 * "infrastructure error" (docs/agent-runners.md). The Claude Agent SDK loads only inside a run.
 */
import type { AgentRunnerKind } from '../agent/runner-kinds.js';
import type { ClaudeAgentRunnerOptions } from './claude-agent-runner.js';
import type { MessagesRunnerOptions } from './messages-runner.js';
import { createRunner } from './runners.js';
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

/** Runner names, as `AgentRunResult.runner` reports them: the keys of the runner table (src/agent/runner-kinds.ts). */
export type { AgentRunnerKind } from '../agent/runner-kinds.js';
export { AGENT_MAX_RETRIES, createRunner } from './runners.js';
export type { RunnerSettings } from './runners.js';

export function createAgentRunner(kind: 'claude-agent-sdk', options?: ClaudeAgentRunnerOptions): AgentRunner;
export function createAgentRunner(kind: 'messages', options: MessagesRunnerOptions): AgentRunner;
export function createAgentRunner(kind: AgentRunnerKind, options?: ClaudeAgentRunnerOptions | MessagesRunnerOptions): AgentRunner {
  if (kind === 'messages') {
    if (options === undefined || !('provider' in options)) throw new TypeError('createAgentRunner("messages") needs options.provider');
    const { provider, model, ...messages } = options;
    return createRunner(kind, { provider, ...(model === undefined ? {} : { model }), messages });
  }
  return createRunner(kind, { claude: options as ClaudeAgentRunnerOptions | undefined });
}
