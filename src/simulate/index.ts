/**
 * Agent runners: one whole agent session per run, in isolation, with one meaning of "activated" and of
 * "infrastructure error" (docs/agent-runners.md). The Claude Agent SDK loads only inside a run.
 */
import { UsageError } from '../errors.js';
import { ClaudeAgentRunner } from './claude-agent-runner.js';
import type { ClaudeAgentRunnerOptions } from './claude-agent-runner.js';
import { MessagesRunner } from './messages-runner.js';
import type { MessagesRunnerOptions } from './messages-runner.js';
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

/** Runner names, as `AgentRunResult.runner` reports them. */
export type AgentRunnerKind = 'claude-agent-sdk' | 'messages';

export function createAgentRunner(kind: 'claude-agent-sdk', options?: ClaudeAgentRunnerOptions): AgentRunner;
export function createAgentRunner(kind: 'messages', options: MessagesRunnerOptions): AgentRunner;
export function createAgentRunner(kind: AgentRunnerKind, options?: ClaudeAgentRunnerOptions | MessagesRunnerOptions): AgentRunner {
  if (kind === 'messages') {
    if (options === undefined || !('provider' in options)) throw new TypeError('createAgentRunner("messages") needs options.provider');
    return new MessagesRunner(options);
  }
  if (kind === 'claude-agent-sdk') return new ClaudeAgentRunner(options as ClaudeAgentRunnerOptions | undefined);
  // A kind read from a config file or flag is not checked by the compiler.
  throw new UsageError(`unknown agent runner "${String(kind)}"; use claude-agent-sdk or messages`);
}
