/**
 * Claude Code as a judge backend, through the Claude Agent SDK: whatever login Claude Code has
 * (subscription or key), no API key needed here. One turn, no tools; structured output by asking
 * for JSON only and parsing the text, since the agent loop has no forced tool choice.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as AgentSdkModule from '@anthropic-ai/claude-agent-sdk';
import { MissingClaudeError, MissingPackageError, ProviderError } from '../errors.js';
import { importLazily, isMissingClaudeBinary } from '../util/optional-package.js';
import { AdapterProvider } from './adapter.js';
import type { ModelAdapter, ModelCall, ModelReply } from './adapter.js';
import {
  classifySdkResult,
  isFatalInfra,
  isTransientInfra,
  type SdkApiError,
  type SdkResultFields,
} from './infra-failure.js';
import { fatalCauseOfStatus, ProviderCallError, toProviderFailure } from './failures.js';
import type { PriceTable } from './pricing.js';
import type { ProviderEndpoint } from './types.js';
import { jsonInstruction } from './structured.js';

export interface ClaudeCodeOptions {
  /** Environment of the Claude Code process (default: this process's). Our isolation flags are added on top. */
  env?: NodeJS.ProcessEnv;
  /** Point Claude Code at another Messages endpoint (sets ANTHROPIC_BASE_URL). */
  baseURL?: string;
  /** Working directory; default a fresh empty temp dir per call so no project files leak into the judge. */
  cwd?: string;
  /** Which settings files to load; default none, so user hooks/skills/CLAUDE.md cannot sway a judge. */
  settingSources?: ('user' | 'project' | 'local')[];
  pathToClaudeCodeExecutable?: string;
  /** Prices for the fallback when the SDK reports no cost. */
  prices?: PriceTable;
}

/**
 * A failed result as the reliability layer reads failures, classified as the agent runner classifies its runs
 * (src/providers/infra-failure.ts): no login or a refused key, 401/403/404 stop the run; 429, 5xx, 529 and a connection
 * lost mid-way are worth another attempt; the rest (max turns, an error of the session itself) are not.
 */
export function resultFailure(result: SdkResultFields, apiErrors: readonly SdkApiError[]): ProviderCallError {
  const outcome = classifySdkResult(result, apiErrors);
  const detail = result.subtype === 'success' ? (result.result ?? '') : (result.errors ?? []).join('; ');
  const label = `claude-code: ${result.subtype}`;
  if (outcome.status === 'ok')
    return new ProviderCallError(`${label}: ${outcome.agentError ?? detail}`, { retryable: false });
  const { status } = outcome.infraError;
  // The judge runs with the user's own login (unlike the agent, whose config home is isolated): said so.
  const fatal =
    status !== undefined
      ? fatalCauseOfStatus(status, detail)
      : isFatalInfra(outcome.infraError)
        ? `Claude Code is not logged in or the key was refused (${detail.trim()}); run \`claude\` and /login, or ` +
          `set ANTHROPIC_API_KEY`
        : undefined;
  return new ProviderCallError(`${label}${status ? ` (HTTP ${status})` : ''}: ${detail}`, {
    ...(status === undefined ? {} : { status }),
    retryable: fatal === undefined && isTransientInfra(outcome.infraError),
    ...(fatal ? { fatal } : {}),
  });
}

const FALLBACK_SYSTEM = 'You are a careful, literal evaluator. Answer exactly in the format requested.';

/** The agent SDK takes one prompt: earlier turns (e.g. the repair exchange) are rendered as a transcript. */
export function renderPrompt(call: Pick<ModelCall, 'messages' | 'structured'>): string {
  const last = call.messages[call.messages.length - 1];
  const earlier = call.messages.slice(0, -1);
  const parts: string[] = [];
  if (earlier.length > 0) {
    parts.push('<conversation_so_far>');
    for (const m of earlier) parts.push(`<${m.role}>\n${m.content}\n</${m.role}>`);
    parts.push('</conversation_so_far>');
  }
  parts.push(last?.content ?? '');
  if (call.structured !== undefined) parts.push(jsonInstruction(call.structured.jsonSchema, call.structured.name));
  return parts.join('\n\n');
}

type AgentSdk = typeof AgentSdkModule;
let sdkPromise: Promise<AgentSdk> | undefined;
// Lazy: the agent SDK is large and only this backend needs it.
const loadSdk = (): Promise<AgentSdk> => (sdkPromise ??= import('@anthropic-ai/claude-agent-sdk'));

export class ClaudeCodeAdapter implements ModelAdapter {
  readonly name = 'claude-code';
  readonly kind = 'claude-code' as const;
  readonly endpoint: ProviderEndpoint;
  readonly #options: ClaudeCodeOptions;

  constructor(options: ClaudeCodeOptions = {}) {
    this.#options = options;
    const env = options.env ?? process.env;
    this.endpoint = {
      kind: this.kind,
      // Claude Code talks to ANTHROPIC_BASE_URL when its environment sets one; otherwise to its login's default.
      baseURL: options.baseURL ?? env.ANTHROPIC_BASE_URL ?? null,
      // Settings files and the working directory decide which CLAUDE.md, hooks and skills the judge sees.
      options: { settingSources: options.settingSources ?? [], cwd: options.cwd ?? null },
    };
  }

  async call(call: ModelCall): Promise<ModelReply> {
    const { query } = await importLazily(loadSdk, 'the claude-code provider').catch((error: unknown) => {
      if (error instanceof MissingPackageError) throw error;
      throw new ProviderError('claude-code: could not load @anthropic-ai/claude-agent-sdk', { cause: error });
    });
    const ownCwd = this.#options.cwd === undefined ? await mkdtemp(join(tmpdir(), 'plugin-eval-cc-')) : undefined;
    const controller = new AbortController();
    const onAbort = (): void => controller.abort();
    call.signal?.addEventListener('abort', onAbort, { once: true });
    const stderr: string[] = [];
    const env: Record<string, string | undefined> = {
      ...(this.#options.env ?? process.env),
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1',
      // Our reliability layer retries; Claude Code's own retries would hide 429s from the limiter.
      CLAUDE_CODE_MAX_RETRIES: '0',
      ...(call.timeoutMs === undefined ? {} : { API_TIMEOUT_MS: String(call.timeoutMs) }),
      ...(this.#options.baseURL === undefined ? {} : { ANTHROPIC_BASE_URL: this.#options.baseURL }),
    };
    try {
      if (call.signal?.aborted) controller.abort();
      const stream = query({
        prompt: renderPrompt(call),
        options: {
          cwd: this.#options.cwd ?? ownCwd,
          model: call.model,
          systemPrompt: call.system ?? FALLBACK_SYSTEM,
          maxTurns: 1,
          tools: [],
          allowedTools: [],
          settingSources: this.#options.settingSources ?? [],
          persistSession: false,
          abortController: controller,
          env,
          stderr: (data) => stderr.push(data),
          ...(this.#options.pathToClaudeCodeExecutable === undefined
            ? {}
            : { pathToClaudeCodeExecutable: this.#options.pathToClaudeCodeExecutable }),
        },
      });
      let assistantText = '';
      const apiErrors: SdkApiError[] = [];
      for await (const message of stream) {
        if (message.type === 'assistant') {
          const text = message.message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
          if (message.error !== undefined) apiErrors.push({ error: message.error, text });
          else assistantText += text;
        }
        if (message.type !== 'result') continue;
        if (message.subtype !== 'success' || message.is_error)
          throw resultFailure(message as SdkResultFields, apiErrors);
        const u = message.usage;
        return {
          text: message.result || assistantText,
          usage: {
            inputTokens: u.input_tokens,
            outputTokens: u.output_tokens,
            cacheReadTokens: u.cache_read_input_tokens,
            cacheWriteTokens: u.cache_creation_input_tokens,
          },
          model: Object.keys(message.modelUsage)[0] ?? call.model,
          costUsd: message.total_cost_usd,
        };
      }
      throw new ProviderCallError('claude-code: the session ended without a result', { retryable: true });
    } catch (error) {
      if (isMissingClaudeBinary(error)) throw new MissingClaudeError('the claude-code provider', error);
      const failure = toProviderFailure(error, call.signal, 'claude-code');
      if (failure instanceof ProviderError && stderr.length > 0 && !failure.retryable) {
        throw new ProviderError(`${failure.message}\n${stderr.join('').slice(-2000)}`, {
          status: failure.status,
          cause: error,
          ...(failure.fatal ? { fatal: failure.fatal } : {}),
        });
      }
      throw failure;
    } finally {
      call.signal?.removeEventListener('abort', onAbort);
      if (ownCwd !== undefined) await rm(ownCwd, { recursive: true, force: true });
    }
  }
}

export function createClaudeCodeProvider(options: ClaudeCodeOptions = {}): AdapterProvider {
  return new AdapterProvider(new ClaudeCodeAdapter(options), { prices: options.prices });
}
