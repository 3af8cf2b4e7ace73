/**
 * The runner each kind of the agent runner table (src/model/runner-kinds.ts) builds: the one place runners are made,
 * for Monte Carlo, trigger evals, description optimisation and eval suites alike.
 */
import { AGENT_RUNNER_TABLE, type AgentRunnerKind } from '../model/runner-kinds.js';
import { UsageError } from '../errors.js';
import type { Provider } from '../providers/types.js';
import { ClaudeAgentRunner, type ClaudeAgentRunnerOptions } from './claude-agent-runner.js';
import { MessagesRunner, type MessagesRunnerOptions } from './messages-runner.js';
import type { AgentRunner } from './types.js';

/**
 * Claude Code's own API retries for an agent run, unless CLAUDE_CODE_MAX_RETRIES says otherwise. Its default (10,
 * with backoff) kept a run against a dead endpoint going for 173-189 s (connection refused, or HTTP 500 on every
 * request) before it counted as an infrastructure error; with 2 the same runs ended in 5.2-5.5 s, and the batch's
 * give-up rule then stops the rest. A transient 429 or 529 still gets two more tries inside the run.
 */
export const AGENT_MAX_RETRIES = 2;

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

const CREATE: { [K in AgentRunnerKind]: (settings: RunnerSettings) => AgentRunner } = {
  'claude-agent-sdk': ({ model, claude, sandbox }) => {
    const env = claude?.env ?? process.env;
    const retries =
      claude?.maxRetries ??
      (env.CLAUDE_CODE_MAX_RETRIES === undefined || env.CLAUDE_CODE_MAX_RETRIES === '' ? AGENT_MAX_RETRIES : undefined);
    return new ClaudeAgentRunner({
      ...claude,
      ...(model === undefined ? {} : { model }),
      ...(retries === undefined ? {} : { maxRetries: retries }),
      ...(sandbox === undefined ? {} : { sandbox }),
    });
  },
  messages: ({ model, provider, messages }) => {
    if (provider === undefined) throw new UsageError('the messages runner needs a provider: it calls the model itself');
    return new MessagesRunner({ ...messages, provider, ...(model === undefined ? {} : { model }) });
  },
};

/** What the library's `createAgentRunner(kind, options)` takes for each kind. */
export interface AgentRunnerOptions {
  'claude-agent-sdk': ClaudeAgentRunnerOptions | undefined;
  messages: MessagesRunnerOptions;
}

/** A library caller's options as the runner settings CREATE reads. */
const SETTINGS_FROM_OPTIONS: { [K in AgentRunnerKind]: (options: AgentRunnerOptions[K]) => RunnerSettings } = {
  'claude-agent-sdk': (options) => (options === undefined ? {} : { claude: options }),
  messages: (options) => {
    if (options === undefined || !('provider' in options))
      throw new TypeError('createAgentRunner("messages") needs options.provider');
    const { provider, model, ...messages } = options;
    return { provider, ...(model === undefined ? {} : { model }), messages };
  },
};

/** The runner of a kind from a library caller's options (`createAgentRunner` in plugin-eval's simulate entry). */
export function createRunnerFromOptions<K extends AgentRunnerKind>(
  kind: K,
  options: AgentRunnerOptions[K],
): AgentRunner {
  checkKind(kind);
  return createRunner(kind, SETTINGS_FROM_OPTIONS[kind](options));
}

function checkKind(kind: string): void {
  // A kind read from a config file or a library caller is not checked by the compiler.
  if (!Object.hasOwn(AGENT_RUNNER_TABLE, kind))
    throw new UsageError(`unknown agent runner "${kind}"; use ${Object.keys(AGENT_RUNNER_TABLE).join(' or ')}`);
}

/** The runner of a kind (the table's row says what it is). */
export function createRunner(kind: AgentRunnerKind, settings: RunnerSettings): AgentRunner {
  checkKind(kind);
  return CREATE[kind](settings);
}
