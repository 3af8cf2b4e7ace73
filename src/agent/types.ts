/**
 * Agent runners: run one whole agent session (a prompt, an isolated project holding the skill under test) and
 * report exactly what was observed. Beside Provider (one model call), behind one small interface, so the
 * Monte Carlo layer and eval suites share one meaning of "activated", "errored" and
 * "infrastructure failure". Plain types: the SDKs load only inside a runner's `run`.
 */
import type { InfraError } from '../providers/infra-failure.js';
import type { TokenUsage } from '../providers/types.js';

/** What to install in the run's project `.claude/`: one skill folder, or a plugin's skills, agents and commands. */
export type AgentInstall =
  | {
      kind: 'skill';
      /** The skill folder (holds SKILL.md). */
      dir: string;
      /** Its name as the agent lists it. */
      name: string;
      /**
       * Paths inside the folder (relative, `/`-separated) left out of the installed copy: the eval suite measuring it.
       */
      exclude?: readonly string[];
    }
  | { kind: 'plugin' /** The plugin folder (holds .claude-plugin/). */; dir: string }
  | { kind: 'none' };

export interface AgentRunRequest {
  prompt: string;
  install: AgentInstall;
  /** Model id or alias the agent runs with. */
  model: string;
  /** Agent turns at most (default 8). */
  maxTurns?: number;
  /** Whole-run timeout (default 300 s); reaching it is an infrastructure error, never a skill failure. */
  timeoutMs?: number;
  /** Tools the agent may use (default: Skill, Read, Glob, Grep). */
  allowedTools?: readonly string[];
  /** Files copied into the project before the run (eval inputs): source path -> path inside the project. */
  files?: readonly { from: string; to: string }[];
  /** Keep the project folder after the run and report it (eval suites collect outputs/); default: deleted. */
  keepProject?: boolean;
  signal?: AbortSignal;
}

/**
 * One step of the session in order, for transcripts (eval suites write transcript.md from these): the agent's
 * text, its tool calls, and what each tool returned (cut to a bounded size).
 */
export type AgentStep =
  | { kind: 'text'; text: string }
  | { kind: 'tool_use'; id?: string; name: string; input: unknown }
  | { kind: 'tool_result'; toolUseId?: string; isError: boolean; content: string; truncated?: boolean };

/** Longest tool result kept in a step: transcripts show what happened, not every byte a tool read. */
export const MAX_STEP_RESULT_CHARS = 4000;

export interface AgentToolCall {
  name: string;
  input: unknown;
  /** The tool's result was an error (a tool error is the agent's business: not an infrastructure error). */
  isError?: boolean;
}

export type { InfraError, InfraErrorKind } from '../providers/infra-failure.js';

export interface AgentRunResult {
  /** Runner that produced it (`claude-agent-sdk`, `messages`). */
  runner: string;
  /** True when no real agent ran (the `messages` runner reproduces only the routing decision). */
  simulated: boolean;
  /** ok: the session ran to an end (success, or the agent's own error such as max turns); infra: see `infraError`. */
  status: 'ok' | 'infra';
  infraError?: InfraError;
  /**
   * The skill under test was activated: a Skill tool call naming it, or a Read of its SKILL.md, anywhere in the run.
   */
  activated: boolean;
  /** The first call that activated it, as the user can check it ("tool call 2: Skill {skill: x}"). */
  activationEvidence?: string;
  /** Every skill the run activated (by name), the candidate or others. */
  activatedSkills: string[];
  /** The agent's final reply text ('' when none). */
  output: string;
  toolCalls: AgentToolCall[];
  /** The session step by step (runners that see it: the Claude agent runner; the messages runner gives its two). */
  steps?: AgentStep[];
  /** The session ended in an error of the agent's own (max turns reached, a tool loop): a run failure, not infra. */
  agentError?: string;
  /** Tokens the run consumed (what token efficiency reads), including any served from the response cache. */
  usage: TokenUsage;
  /**
   * The part of `usage` whose calls were answered from the response cache (the messages runner goes through the
   * provider stack and its cache): consumed by the run, not spent again. `all` when every call of the run was a
   * hit. Absent when nothing came from the cache (the Claude agent runner never uses it).
   */
  cached?: TokenUsage & { all: boolean };
  /** USD the run cost as the runner reports it; `priced: false` when no price was known. */
  costUsd: number;
  priced: boolean;
  /**
   * False when a model call of the run had no token counts reported (messages runner): its tokens and cost are unknown.
   * Absent: reported.
   */
  usageReported?: boolean;
  durationMs: number;
  turns: number;
  /** The project folder, when `keepProject` was asked. */
  projectDir?: string;
  /** What the user should know that did not stop the run (e.g. their own same-named skill exists). */
  warnings?: string[];
}

export interface AgentRunner {
  name: string;
  /** True for a runner that does not drive the real agent (its results are labelled a simulation). */
  simulated: boolean;
  run(request: AgentRunRequest): Promise<AgentRunResult>;
}
