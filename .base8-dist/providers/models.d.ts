/**
 * Model aliases: the ONE place that says which model "haiku", "sonnet" and "opus" mean.
 * Update this table when a new generation ships; nothing else hard-codes model ids.
 */
import type { ProviderKind } from './types.js';
export declare const MODEL_ALIASES: Readonly<Record<string, string>>;
/** The judge model when nothing else is configured (the methodology's "Sonnet by default"). */
export declare const DEFAULT_CLAUDE_MODEL = "sonnet";
/** Default for api.openai.com; other OpenAI-compatible servers need an explicit model. */
export declare const DEFAULT_OPENAI_MODEL = "gpt-5-mini";
/**
 * Resolve an alias to a model id. Aliases only mean something for Claude backends: on an
 * OpenAI-compatible server (Ollama, vLLM) "sonnet" could be a local model name, so it passes through.
 */
export declare function resolveModel(model: string, kind?: ProviderKind): string;
