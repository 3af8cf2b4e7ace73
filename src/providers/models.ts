/**
 * Model aliases: which model "haiku", "sonnet" and "opus" mean. The table lives with the other lists that
 * change with Claude Code (data/claude-code.ts); update it there when a new generation ships.
 */
import { MODEL_ALIAS_IDS } from '../data/claude-code.js';
import type { ProviderKind } from './types.js';

export const MODEL_ALIASES: Readonly<Record<string, string>> = MODEL_ALIAS_IDS;

/** The judge model when nothing else is configured (the methodology's "Sonnet by default"). */
export const DEFAULT_CLAUDE_MODEL = 'sonnet';
/** Default for api.openai.com; other OpenAI-compatible servers need an explicit model. */
export const DEFAULT_OPENAI_MODEL = 'gpt-5-mini';

/**
 * Resolve an alias to a model id. Aliases only mean something for Claude backends: on an
 * OpenAI-compatible server (Ollama, vLLM) "sonnet" could be a local model name, so it passes through.
 */
export function resolveModel(model: string, kind: ProviderKind = 'anthropic'): string {
  if (kind === 'openai-compatible') return model;
  return MODEL_ALIASES[model.trim().toLowerCase()] ?? model;
}
