export const MODEL_ALIASES = Object.freeze({
    haiku: 'claude-haiku-5-5',
    sonnet: 'claude-sonnet-5-5',
    opus: 'claude-opus-5-5',
});
/** The judge model when nothing else is configured (the methodology's "Sonnet by default"). */
export const DEFAULT_CLAUDE_MODEL = 'sonnet';
/** Default for api.openai.com; other OpenAI-compatible servers need an explicit model. */
export const DEFAULT_OPENAI_MODEL = 'gpt-5-mini';
/**
 * Resolve an alias to a model id. Aliases only mean something for Claude backends: on an
 * OpenAI-compatible server (Ollama, vLLM) "sonnet" could be a local model name, so it passes through.
 */
export function resolveModel(model, kind = 'anthropic') {
    if (kind === 'openai-compatible')
        return model;
    return MODEL_ALIASES[model.trim().toLowerCase()] ?? model;
}
//# sourceMappingURL=models.js.map