/**
 * One kind of agent runner as its own module declares it: what it is (the fields of the model's runner table, which
 * scripts/generate-tables.mjs copies from these rows into src/model/runner-kinds.generated.ts, because the model sits
 * below the agent) and how it is made.
 */
import type { AgentRunnerKindRow } from '../model/runner-kinds.js';
import type { Provider } from '../providers/types.js';
import type { ClaudeAgentRunnerOptions } from './claude-agent-runner.js';
import type { MessagesRunnerOptions } from './messages-runner.js';
import type { AgentRunner } from './types.js';

export interface RunnerSettings {
  /** Model the agent runs with (default: the runner's own). */
  model?: string;
  /** The provider a runner that needs one calls (the table's `needsProvider`); the real agent has its own endpoint. */
  provider?: Provider;
  /** Run the real agent inside bubblewrap (default true); false (--no-sandbox) runs it on this machine, as you. */
  sandbox?: boolean;
  /** More options of the real agent's runner (tests, library callers). */
  claude?: ClaudeAgentRunnerOptions;
  /** More options of the messages runner (answer the prompt when chosen, other skills listed). */
  messages?: Omit<MessagesRunnerOptions, 'provider' | 'model'>;
}

/** A runner kind's row: its table fields, its constructor, and how a library caller's options become its settings. */
export interface AgentRunnerRow<Options> extends AgentRunnerKindRow {
  /** The runner for a run's settings. */
  create(settings: RunnerSettings): AgentRunner;
  /**
   * Loads what the runner needs that an install may lack (the Agent SDK, an optional peer), so a run stops before
   * anything is spent, saying what to install (MissingPackageError); absent: nothing to load.
   */
  ready?(): Promise<void>;
  /** `createAgentRunner(kind, options)`'s options as the settings `create` reads. */
  settingsFrom(options: Options): RunnerSettings;
}
