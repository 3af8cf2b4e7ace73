/**
 * Which backend a run uses, and why. Order: a named provider (--provider, PLUGIN_EVAL_PROVIDER, or the config
 * file, as the options resolver decided), then ANTHROPIC_API_KEY, then OPENAI_API_KEY / OPENAI_BASE_URL, then
 * the Claude Code login.
 * The reason string goes into every report so a score can always be traced to its judge.
 */
import { ConfigError, UsageError } from '../errors.js';
import { DEFAULT_CLAUDE_MODEL, DEFAULT_OPENAI_MODEL } from './models.js';
import type { ProviderKind } from './types.js';

export interface ProviderConfig {
  /** anthropic | openai | openai-compatible | ollama | claude-code */
  provider?: string;
  model?: string;
  baseURL?: string;
}

export interface ProviderSelection {
  kind: ProviderKind;
  /** Human-readable reason, e.g. "ANTHROPIC_API_KEY is set". */
  reason: string;
  /** Model id or alias; undefined when nothing sensible can be defaulted (a local server). */
  model: string | undefined;
  baseURL: string | undefined;
}

const OLLAMA_BASE_URL = 'http://localhost:11434/v1';

/** Accepted spellings for the flag and config value. */
export function parseProviderName(name: string): { kind: ProviderKind; baseURL?: string } | undefined {
  switch (name.trim().toLowerCase()) {
    case 'anthropic':
    case 'claude-api':
      return { kind: 'anthropic' };
    case 'openai':
    case 'openai-compatible':
    case 'vllm':
    case 'llama.cpp':
    case 'lmstudio':
      return { kind: 'openai-compatible' };
    case 'ollama':
      return { kind: 'openai-compatible', baseURL: OLLAMA_BASE_URL };
    case 'claude-code':
    case 'claude':
      return { kind: 'claude-code' };
    default:
      return undefined;
  }
}

function defaultModel(kind: ProviderKind, baseURL: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (env.PLUGIN_EVAL_MODEL) return env.PLUGIN_EVAL_MODEL;
  if (kind !== 'openai-compatible') return DEFAULT_CLAUDE_MODEL;
  if (env.OPENAI_MODEL) return env.OPENAI_MODEL;
  const official = baseURL === undefined || /^https:\/\/api\.openai\.com(\/|$)/.test(baseURL);
  return official ? DEFAULT_OPENAI_MODEL : undefined;
}

/** Where an explicitly named provider came from, so the reason says so (never "--provider X" for a config value). */
export interface ProviderChoice {
  name: string;
  source: 'flag' | 'env' | 'config';
  /** The flag, the environment variable, or "file:line key" of the config file. */
  detail?: string;
}

/** Which provider the environment points at when none is named: the key or base URL that decides it. */
export function environmentProvider(env: NodeJS.ProcessEnv): { kind: ProviderKind; variable: string | undefined } {
  if (env.ANTHROPIC_API_KEY) return { kind: 'anthropic', variable: 'ANTHROPIC_API_KEY' };
  if (env.OPENAI_BASE_URL) return { kind: 'openai-compatible', variable: 'OPENAI_BASE_URL' };
  if (env.OPENAI_API_KEY) return { kind: 'openai-compatible', variable: 'OPENAI_API_KEY' };
  return { kind: 'claude-code', variable: undefined };
}

function reasonFor(choice: ProviderChoice): string {
  switch (choice.source) {
    case 'flag':
      return `--provider ${choice.name}`;
    case 'env':
      return `${choice.detail ?? 'PLUGIN_EVAL_PROVIDER'}=${choice.name}`;
    case 'config':
      return choice.detail
        ? `provider "${choice.name}" from ${choice.detail}`
        : `configuration sets provider "${choice.name}"`;
  }
}

export function selectProvider(
  input: {
    flag?: string;
    provider?: ProviderChoice;
    config?: ProviderConfig;
    env?: NodeJS.ProcessEnv;
    model?: string;
  } = {},
): ProviderSelection {
  const env = input.env ?? process.env;
  const explicitModel = input.model ?? input.config?.model;
  const finish = (kind: ProviderKind, reason: string, baseURL: string | undefined): ProviderSelection => ({
    kind,
    reason,
    baseURL,
    model: explicitModel ?? defaultModel(kind, baseURL, env),
  });
  const envBaseURL = (kind: ProviderKind): string | undefined =>
    kind === 'anthropic' ? env.ANTHROPIC_BASE_URL : kind === 'openai-compatible' ? env.OPENAI_BASE_URL : undefined;

  const choice: ProviderChoice | undefined =
    input.provider ??
    (input.flag !== undefined
      ? { name: input.flag, source: 'flag' }
      : input.config?.provider !== undefined
        ? { name: input.config.provider, source: 'config' }
        : undefined);
  if (choice !== undefined) {
    const parsed = parseProviderName(choice.name);
    if (parsed === undefined) {
      const message = `Unknown provider "${choice.name}"${choice.source === 'flag' ? '' : ` (${choice.source === 'env' ? 'environment variable ' : ''}${choice.detail ?? 'in the configuration'})`}. Use anthropic, openai, ollama or claude-code.`;
      throw choice.source === 'flag' ? new UsageError(message) : new ConfigError(message);
    }
    const baseURL = input.config?.baseURL ?? parsed.baseURL ?? envBaseURL(parsed.kind);
    return finish(parsed.kind, reasonFor(choice), baseURL);
  }
  // An explicit base URL (--base-url or the config file) points whichever provider the environment picks.
  const explicitBaseURL = input.config?.baseURL;
  const detected = environmentProvider(env);
  if (detected.kind === 'anthropic')
    return finish('anthropic', 'ANTHROPIC_API_KEY is set', explicitBaseURL ?? env.ANTHROPIC_BASE_URL);
  if (detected.kind === 'openai-compatible') {
    const why = env.OPENAI_BASE_URL ? `OPENAI_BASE_URL is set (${env.OPENAI_BASE_URL})` : 'OPENAI_API_KEY is set';
    return finish('openai-compatible', why, explicitBaseURL ?? env.OPENAI_BASE_URL);
  }
  return finish(
    'claude-code',
    'no ANTHROPIC_API_KEY or OPENAI_API_KEY/OPENAI_BASE_URL: using the Claude Code login',
    explicitBaseURL,
  );
}
