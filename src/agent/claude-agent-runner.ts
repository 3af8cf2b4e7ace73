/**
 * The real agent: one Claude Code session per run through the Claude Agent SDK's `query()`, in an isolated temp
 * project (project.ts) holding only the skill or plugin under test. The SDK is imported when the first run starts,
 * so nothing else pays for it; how a session's end is read (ok, the agent's own error, infrastructure) is in
 * sdk-outcome.ts, what counts as activation in activation.ts.
 */
import { accessSync, constants } from 'node:fs';
import type * as AgentSdkModule from '@anthropic-ai/claude-agent-sdk';
import { findExecutable, requireBubblewrap, UNSANDBOXED_WARNING } from './sandbox/bubblewrap.js';
import { openSandbox } from './sandbox/spawn.js';
import type { AgentSandbox } from './sandbox/spawn.js';
import { InputError, MissingClaudeError } from '../errors.js';
import { importLazily, isMissingClaudeBinary } from '../util/optional-package.js';
import { ZERO_USAGE } from '../providers/types.js';
import type { TokenUsage } from '../providers/types.js';
import { detectActivation } from './activation.js';
import { DEFAULT_ALLOWED_TOOLS, DEFAULT_MAX_TURNS, DEFAULT_TIMEOUT_MS } from './defaults.js';
import { createRunProject } from './project.js';
import type { RunProject } from './project.js';
import { classifySdkOutcome } from './sdk-outcome.js';
import type { SdkObservation, SdkResultFields } from './sdk-outcome.js';
import { sharedStartGate } from './start-gate.js';
import type { StartGate } from './start-gate.js';
import { MAX_STEP_RESULT_CHARS } from './types.js';
import type { AgentRunner, AgentRunRequest, AgentRunResult, AgentStep, AgentToolCall } from './types.js';
import type { AgentRunnerRow } from './runner-row.js';
import { monotonicMs } from '../util/clock.js';

/**
 * Environment variables passed from this process to the agent when set: credentials and network settings only.
 * Everything else (user config paths, editor, shell settings) stays out so the run is the same on every machine.
 */
export const PASSED_ENV: readonly string[] = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'ANTHROPIC_BASE_URL',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'TMPDIR',
  'LANG',
  // Claude Code's own API retries: a user who set it (to fail fast on a dead endpoint) gets it in every run.
  'CLAUDE_CODE_MAX_RETRIES',
];

export interface ClaudeAgentRunnerOptions {
  /** Messages API endpoint for the agent (ANTHROPIC_BASE_URL); default: whatever the environment says. */
  baseURL?: string;
  /** API key for the agent; default ANTHROPIC_API_KEY of `env`. */
  apiKey?: string;
  /** `auto` (default): the user's `claude` on PATH when there is one, else the SDK's bundled binary. */
  executable?: 'auto' | 'bundled' | (string & {});
  /** Defaults for requests that do not say. */
  model?: string;
  allowedTools?: readonly string[];
  maxTurns?: number;
  timeoutMs?: number;
  /** Claude Code's own API retries (CLAUDE_CODE_MAX_RETRIES); default: Claude Code's default. */
  maxRetries?: number;
  /** Where PASSED_ENV is read from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Extra variables for the agent process, set last. */
  extraEnv?: Record<string, string>;
  /** Where the run's temp folders go (default the OS temp folder). */
  tempDir?: string;
  /** The real home checked for a same-named skill to warn about (default os.homedir()). */
  realHome?: string;
  /**
   * Turns for starting agents (start-gate.ts); default one gate per process with a turn per core. A session
   * holds its turn from just before its temp project is made until its first message.
   */
  startGate?: StartGate;
  /**
   * Run the agent inside bubblewrap (default true; src/agent/sandbox/). False (--no-sandbox) runs it on this
   * machine as the user, and every run says so in its warnings.
   */
  sandbox?: boolean;
  /** The bwrap executable (default `bwrap` on PATH). */
  bwrap?: string;
}

/** Flag settings of every run: hooks from any settings source (the skill's own, a plugin's) never run. */
export const RUN_SETTINGS = { disableAllHooks: true } as const;

export { UNSANDBOXED_WARNING };

/** What needs the SDK, as its install message says it. */
const AGENT_RUNS = 'the real agent (--depth deep, certify, evals)';

type AgentSdk = typeof AgentSdkModule;
let sdkPromise: Promise<AgentSdk> | undefined;
const loadSdk = (): Promise<AgentSdk> => (sdkPromise ??= import('@anthropic-ai/claude-agent-sdk'));

/** The first executable `claude` on PATH, or undefined. */
export function findClaudeOnPath(path: string | undefined): string | undefined {
  return findExecutable(process.platform === 'win32' ? 'claude.exe' : 'claude', path ?? '');
}

/** The executable the SDK should start: undefined means its bundled binary. */
export function resolveExecutable(
  choice: ClaudeAgentRunnerOptions['executable'],
  path: string | undefined,
): string | undefined {
  if (choice === undefined || choice === 'auto') return findClaudeOnPath(path);
  if (choice === 'bundled') return undefined;
  try {
    accessSync(choice, constants.X_OK);
  } catch {
    throw new InputError(`the Claude Code executable ${choice} does not exist or is not executable`, choice);
  }
  return choice;
}

function sumUsage(result: AgentSdkModule.SDKResultMessage | undefined): TokenUsage {
  if (result === undefined) return { ...ZERO_USAGE };
  const models = Object.values(result.modelUsage ?? {});
  // modelUsage covers every model call of the session (subagents too); `usage` only the main loop.
  if (models.length > 0) {
    return models.reduce<TokenUsage>(
      (sum, m) => ({
        inputTokens: sum.inputTokens + m.inputTokens,
        outputTokens: sum.outputTokens + m.outputTokens,
        cacheReadTokens: sum.cacheReadTokens + m.cacheReadInputTokens,
        cacheWriteTokens: sum.cacheWriteTokens + m.cacheCreationInputTokens,
      }),
      { ...ZERO_USAGE },
    );
  }
  const u = result.usage;
  return {
    inputTokens: u.input_tokens,
    outputTokens: u.output_tokens,
    cacheReadTokens: u.cache_read_input_tokens,
    cacheWriteTokens: u.cache_creation_input_tokens,
  };
}

interface Transcript {
  toolCalls: (AgentToolCall & { id?: string })[];
  steps: AgentStep[];
  apiErrors: SdkObservation['apiErrors'];
  assistantIds: Set<string>;
  result?: AgentSdkModule.SDKResultMessage;
}

/** A tool result's content as text: a string, or the text of its blocks (an image is named, not embedded). */
function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: { type?: string; text?: string }) =>
      block.type === 'text' ? (block.text ?? '') : `[${block.type ?? 'content'}]`,
    )
    .join('\n');
}

function observe(message: AgentSdkModule.SDKMessage, transcript: Transcript): void {
  if (message.type === 'assistant') {
    // One id per model response (a streamed response arrives as one message per content block).
    if (message.error === undefined) transcript.assistantIds.add(message.message.id);
    const text = message.message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    if (message.error !== undefined) transcript.apiErrors.push({ error: message.error, text });
    for (const block of message.message.content) {
      if (block.type === 'tool_use') {
        transcript.toolCalls.push({ name: block.name, input: block.input, id: block.id });
        transcript.steps.push({ kind: 'tool_use', id: block.id, name: block.name, input: block.input });
      } else if (block.type === 'text' && message.error === undefined && block.text.trim() !== '') {
        transcript.steps.push({ kind: 'text', text: block.text });
      }
    }
  } else if (message.type === 'user' && Array.isArray(message.message.content)) {
    for (const block of message.message.content) {
      if (block.type !== 'tool_result') continue;
      const content = toolResultText(block.content);
      transcript.steps.push({
        kind: 'tool_result',
        toolUseId: block.tool_use_id,
        isError: block.is_error === true,
        content: content.slice(0, MAX_STEP_RESULT_CHARS),
        ...(content.length > MAX_STEP_RESULT_CHARS ? { truncated: true } : {}),
      });
      if (block.is_error !== true) continue;
      const call = transcript.toolCalls.find((c) => c.id === block.tool_use_id);
      if (call !== undefined) call.isError = true;
    }
  } else if (message.type === 'result') {
    transcript.result = message;
  }
}

/** What the run's install left out of the source, and the other skills the agent saw listed, as run warnings. */
function installNotes(project: RunProject): string[] {
  return [
    ...(project.leftOut.length > 0 ? [`left out of the agent's install: ${project.leftOut.join('; ')}`] : []),
    ...(project.siblings.length > 0
      ? [`the agent also saw the plugin's other skills: ${project.siblings.join(', ')}`]
      : []),
    ...(project.siblings.length === 0 && project.skillNames.length > 1
      ? [`the agent saw the plugin's skills: ${project.skillNames.join(', ')}`]
      : []),
  ];
}

export class ClaudeAgentRunner implements AgentRunner {
  readonly name = 'claude-agent-sdk';
  readonly simulated = false;
  readonly #options: ClaudeAgentRunnerOptions;

  constructor(options: ClaudeAgentRunnerOptions = {}) {
    this.#options = options;
  }

  #env(project: RunProject): Record<string, string> {
    const source = this.#options.env ?? process.env;
    const env: Record<string, string> = { PATH: source.PATH ?? '' };
    for (const name of PASSED_ENV) {
      const value = source[name];
      if (value !== undefined && value !== '') env[name] = value;
    }
    Object.assign(env, {
      HOME: project.homeDir,
      CLAUDE_CONFIG_DIR: project.configDir,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      // Claude Code runs on Bun, whose repeating one-second GC timer starts collections while the agent waits for
      // the model, only to give memory back sooner (JSC's own allocation-paced collections still run). A session
      // lives for seconds, so that was ~0.2 CPU-s of a ~0.75 CPU-s run spent on nothing the run observes; the
      // requests Claude Code sends are the same without it (docs/agent-runners.md).
      BUN_GC_TIMER_DISABLE: '1',
      ...(this.#options.baseURL === undefined ? {} : { ANTHROPIC_BASE_URL: this.#options.baseURL }),
      ...(this.#options.apiKey === undefined ? {} : { ANTHROPIC_API_KEY: this.#options.apiKey }),
      ...(this.#options.maxRetries === undefined ? {} : { CLAUDE_CODE_MAX_RETRIES: String(this.#options.maxRetries) }),
      ...this.#options.extraEnv,
    });
    return env;
  }

  async run(request: AgentRunRequest): Promise<AgentRunResult> {
    const base = {
      runner: this.name,
      simulated: false,
      activated: false,
      activatedSkills: [],
      output: '',
      toolCalls: [],
      usage: { ...ZERO_USAGE },
      costUsd: 0,
      priced: false,
      turns: 0,
    };
    if (request.signal?.aborted) {
      return {
        ...base,
        status: 'infra',
        infraError: { kind: 'cancelled', message: 'the run was cancelled before it started' },
        durationMs: 0,
      };
    }
    const sandboxed = this.#options.sandbox !== false;
    // Checked once per process (cached): without a sandbox nothing of the skill may run, so nothing is measured.
    if (sandboxed) requireBubblewrap(this.#options.bwrap);
    const { query } = await importLazily(loadSdk, AGENT_RUNS);
    const executable = resolveExecutable(this.#options.executable, (this.#options.env ?? process.env).PATH);
    // Waiting for a start-up turn is neither the run's time nor part of its timeout. A run cancelled while it
    // waits has made nothing yet, so it ends here; one cancelled earlier (during the SDK import) goes on as before
    // and ends cancelled below.
    const cancelledEarlier = request.signal?.aborted === true;
    const releaseTurn = await (this.#options.startGate ?? sharedStartGate()).enter(request.signal);
    if (!cancelledEarlier && request.signal?.aborted) {
      releaseTurn();
      return {
        ...base,
        status: 'infra',
        infraError: { kind: 'cancelled', message: 'the run was cancelled before it started' },
        durationMs: 0,
      };
    }
    const started = monotonicMs();
    const timeoutMs = request.timeoutMs ?? this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let project: RunProject;
    try {
      project = await createRunProject(request.install, request.files, {
        ...(this.#options.tempDir === undefined ? {} : { tempDir: this.#options.tempDir }),
        ...(this.#options.realHome === undefined ? {} : { realHome: this.#options.realHome }),
      });
    } catch (error) {
      releaseTurn();
      throw error;
    }
    const controller = new AbortController();
    let timedOut = false;
    let cancelled = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = (): void => {
      cancelled = true;
      controller.abort();
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    // The signal may have fired while the project was being made, before the listener existed.
    if (request.signal?.aborted) onAbort();
    const transcript: Transcript = { toolCalls: [], steps: [], apiErrors: [], assistantIds: new Set() };
    const stderr: string[] = [];
    let thrown: unknown;
    let projectDir: string | undefined;
    let sandbox: AgentSandbox | undefined;
    const env = this.#env(project);
    const onStderr = (data: string): void => {
      stderr.push(data);
      if (stderr.length > 50) stderr.shift();
    };
    try {
      if (controller.signal.aborted) throw new Error('aborted before the session started');
      if (sandboxed)
        sandbox = await openSandbox(env.ANTHROPIC_BASE_URL, {
          writable: [project.projectDir, project.homeDir],
          socketDir: project.root,
          ...(this.#options.bwrap === undefined ? {} : { bwrap: this.#options.bwrap }),
          onStderr,
        });
      const tools = [...(request.allowedTools ?? this.#options.allowedTools ?? DEFAULT_ALLOWED_TOOLS)];
      const session = query({
        prompt: request.prompt,
        options: {
          cwd: project.projectDir,
          settingSources: ['project'],
          skills: 'all',
          // `tools` is what exists, `allowedTools` what runs without asking; dontAsk denies the rest (no one to ask).
          tools,
          allowedTools: tools,
          permissionMode: 'dontAsk',
          maxTurns: request.maxTurns ?? this.#options.maxTurns ?? DEFAULT_MAX_TURNS,
          persistSession: false,
          model: request.model || this.#options.model || 'haiku',
          env,
          abortController: controller,
          stderr: onStderr,
          // What a run's install leaves out (frontmatter hooks among it) is in project.ts; this is the second guard.
          settings: RUN_SETTINGS,
          ...(executable === undefined ? {} : { pathToClaudeCodeExecutable: executable }),
          ...(sandbox === undefined ? {} : { spawnClaudeCodeProcess: sandbox.spawn }),
        },
      });
      for await (const message of session) {
        // The first message (system/init) comes when Claude Code has started, just before its first request.
        releaseTurn();
        observe(message, transcript);
      }
    } catch (error) {
      thrown = error;
    } finally {
      releaseTurn();
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      await sandbox?.close();
      projectDir = await project.dispose({
        keepProject: request.keepProject === true,
        stopping: controller.signal.aborted || thrown !== undefined,
      });
    }
    // No run can start on this machine: a setup problem to say once, not an infrastructure failure per run.
    if (isMissingClaudeBinary(thrown))
      throw new MissingClaudeError(
        AGENT_RUNS,
        thrown,
        'install Claude Code and put `claude` on PATH or give it with --claude-path (PLUGIN_EVAL_CLAUDE_PATH)',
      );
    const result = transcript.result;
    const outcome = classifySdkOutcome({
      ...(result === undefined ? {} : { result: result as SdkResultFields }),
      apiErrors: transcript.apiErrors,
      thrown,
      timedOut,
      cancelled,
      timeoutMs,
      stderr: stderr.join(''),
    });
    const warnings = [...project.warnings, ...installNotes(project), ...(sandboxed ? [] : [UNSANDBOXED_WARNING])];
    const toolCalls: AgentToolCall[] = transcript.toolCalls.map(({ name, input, isError }) => ({
      name,
      input,
      ...(isError ? { isError } : {}),
    }));
    const usage = sumUsage(result);
    const tokens = usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
    const costUsd = result?.total_cost_usd ?? 0;
    const common = {
      ...base,
      toolCalls,
      steps: transcript.steps,
      usage,
      costUsd,
      // Claude Code prices what it knows; a cost of 0 for tokens spent means it had no price for the model.
      priced: result !== undefined && (costUsd > 0 || tokens === 0),
      durationMs: Math.round(monotonicMs() - started),
      // Model responses, as the server saw them; Claude Code's num_turns also counts the skill-launch step.
      turns: transcript.assistantIds.size,
      ...(projectDir === undefined ? {} : { projectDir }),
      ...(warnings.length > 0 ? { warnings } : {}),
    };
    // An infrastructure error measured nothing about the skill: never activated, whatever calls came before it.
    if (outcome.status === 'infra') return { ...common, status: 'infra', infraError: outcome.infraError };
    const activation = detectActivation(toolCalls, project.candidateNames);
    return {
      ...common,
      status: 'ok',
      activated: activation.activated,
      ...(activation.evidence === undefined ? {} : { activationEvidence: activation.evidence }),
      activatedSkills: activation.activatedSkills,
      output: result?.subtype === 'success' && !result.is_error ? result.result : '',
      ...(outcome.agentError === undefined ? {} : { agentError: outcome.agentError }),
    };
  }
}

/**
 * Claude Code's own API retries for an agent run, unless CLAUDE_CODE_MAX_RETRIES says otherwise. Its default (10,
 * with backoff) kept a run against a dead endpoint going for 173-189 s (connection refused, or HTTP 500 on every
 * request) before it counted as an infrastructure error; with 2 the same runs ended in 5.2-5.5 s, and the batch's
 * give-up rule then stops the rest. A transient 429 or 529 still gets two more tries inside the run.
 */
export const AGENT_MAX_RETRIES = 2;

/** The real agent's row of the runner table (src/agent/runners.ts). */
export const claudeAgentSdkRunnerRow: AgentRunnerRow<ClaudeAgentRunnerOptions | undefined> = {
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
  create: ({ model, claude, sandbox }) => {
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
  settingsFrom: (options) => (options === undefined ? {} : { claude: options }),
  ready: async () => {
    await importLazily(loadSdk, AGENT_RUNS);
  },
};
