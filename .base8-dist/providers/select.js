/**
 * Which backend a run uses, and why. Order: --provider flag, then the config file, then
 * ANTHROPIC_API_KEY, then OPENAI_API_KEY / OPENAI_BASE_URL, then the Claude Code login.
 * The reason string goes into every report so a score can always be traced to its judge.
 */
import { ConfigError, UsageError } from '../errors.js';
import { DEFAULT_CLAUDE_MODEL, DEFAULT_OPENAI_MODEL } from './models.js';
const OLLAMA_BASE_URL = 'http://localhost:11434/v1';
/** Accepted spellings for the flag and config value. */
export function parseProviderName(name) {
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
function defaultModel(kind, baseURL, env) {
    if (env.PLUGIN_EVAL_MODEL)
        return env.PLUGIN_EVAL_MODEL;
    if (kind !== 'openai-compatible')
        return DEFAULT_CLAUDE_MODEL;
    if (env.OPENAI_MODEL)
        return env.OPENAI_MODEL;
    const official = baseURL === undefined || /^https:\/\/api\.openai\.com(\/|$)/.test(baseURL);
    return official ? DEFAULT_OPENAI_MODEL : undefined;
}
export function selectProvider(input = {}) {
    const env = input.env ?? process.env;
    const explicitModel = input.model ?? input.config?.model;
    const finish = (kind, reason, baseURL) => ({
        kind,
        reason,
        baseURL,
        model: explicitModel ?? defaultModel(kind, baseURL, env),
    });
    const envBaseURL = (kind) => kind === 'anthropic' ? env.ANTHROPIC_BASE_URL : kind === 'openai-compatible' ? env.OPENAI_BASE_URL : undefined;
    if (input.flag !== undefined) {
        const parsed = parseProviderName(input.flag);
        if (parsed === undefined)
            throw new UsageError(`Unknown provider "${input.flag}". Use anthropic, openai, ollama or claude-code.`);
        const baseURL = input.config?.baseURL ?? parsed.baseURL ?? envBaseURL(parsed.kind);
        return finish(parsed.kind, `--provider ${input.flag}`, baseURL);
    }
    if (input.config?.provider !== undefined) {
        const parsed = parseProviderName(input.config.provider);
        if (parsed === undefined)
            throw new ConfigError(`Unknown provider "${input.config.provider}" in the configuration.`);
        const baseURL = input.config.baseURL ?? parsed.baseURL ?? envBaseURL(parsed.kind);
        return finish(parsed.kind, `configuration sets provider "${input.config.provider}"`, baseURL);
    }
    // An explicit base URL (--base-url or the config file) points whichever provider the environment picks.
    const explicitBaseURL = input.config?.baseURL;
    if (env.ANTHROPIC_API_KEY)
        return finish('anthropic', 'ANTHROPIC_API_KEY is set', explicitBaseURL ?? env.ANTHROPIC_BASE_URL);
    if (env.OPENAI_API_KEY || env.OPENAI_BASE_URL) {
        const why = env.OPENAI_BASE_URL ? `OPENAI_BASE_URL is set (${env.OPENAI_BASE_URL})` : 'OPENAI_API_KEY is set';
        return finish('openai-compatible', why, explicitBaseURL ?? env.OPENAI_BASE_URL);
    }
    return finish('claude-code', 'no ANTHROPIC_API_KEY or OPENAI_API_KEY/OPENAI_BASE_URL: using the Claude Code login', explicitBaseURL);
}
//# sourceMappingURL=select.js.map