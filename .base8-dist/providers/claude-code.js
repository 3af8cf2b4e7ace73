/**
 * Claude Code as a judge backend, through the Claude Agent SDK: whatever login Claude Code has
 * (subscription or key), no API key needed here. One turn, no tools; structured output by asking
 * for JSON only and parsing the text, since the agent loop has no forced tool choice.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProviderError } from '../errors.js';
import { AdapterProvider } from './adapter.js';
import { fatalCauseOfStatus, isRetryableStatus, ProviderCallError, toProviderFailure } from './failures.js';
import { jsonInstruction } from './structured.js';
/** What Claude Code answers, without calling any API, when it has no login and no key. */
const NOT_LOGGED_IN = /not logged in|please run \/login/i;
const FALLBACK_SYSTEM = 'You are a careful, literal evaluator. Answer exactly in the format requested.';
/** The agent SDK takes one prompt: earlier turns (e.g. the repair exchange) are rendered as a transcript. */
export function renderPrompt(call) {
    const last = call.messages[call.messages.length - 1];
    const earlier = call.messages.slice(0, -1);
    const parts = [];
    if (earlier.length > 0) {
        parts.push('<conversation_so_far>');
        for (const m of earlier)
            parts.push(`<${m.role}>\n${m.content}\n</${m.role}>`);
        parts.push('</conversation_so_far>');
    }
    parts.push(last?.content ?? '');
    if (call.structured !== undefined)
        parts.push(jsonInstruction(call.structured.jsonSchema, call.structured.name));
    return parts.join('\n\n');
}
let sdkPromise;
// Lazy: the agent SDK is large and only this backend needs it.
const loadSdk = () => (sdkPromise ??= import('@anthropic-ai/claude-agent-sdk'));
export class ClaudeCodeAdapter {
    name = 'claude-code';
    kind = 'claude-code';
    endpoint;
    #options;
    constructor(options = {}) {
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
    async call(call) {
        const { query } = await loadSdk().catch((error) => {
            throw new ProviderError('claude-code: could not load @anthropic-ai/claude-agent-sdk', { cause: error });
        });
        const ownCwd = this.#options.cwd === undefined ? await mkdtemp(join(tmpdir(), 'plugin-eval-cc-')) : undefined;
        const controller = new AbortController();
        const onAbort = () => controller.abort();
        call.signal?.addEventListener('abort', onAbort, { once: true });
        const stderr = [];
        const env = {
            ...(this.#options.env ?? process.env),
            CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
            DISABLE_TELEMETRY: '1',
            // Our reliability layer retries; Claude Code's own retries would hide 429s from the limiter.
            CLAUDE_CODE_MAX_RETRIES: '0',
            ...(call.timeoutMs === undefined ? {} : { API_TIMEOUT_MS: String(call.timeoutMs) }),
            ...(this.#options.baseURL === undefined ? {} : { ANTHROPIC_BASE_URL: this.#options.baseURL }),
        };
        try {
            if (call.signal?.aborted)
                controller.abort();
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
                    ...(this.#options.pathToClaudeCodeExecutable === undefined ? {} : { pathToClaudeCodeExecutable: this.#options.pathToClaudeCodeExecutable }),
                },
            });
            let assistantText = '';
            for await (const message of stream) {
                if (message.type === 'assistant') {
                    for (const block of message.message.content)
                        if (block.type === 'text')
                            assistantText += block.text;
                }
                if (message.type !== 'result')
                    continue;
                if (message.subtype !== 'success' || message.is_error) {
                    const status = message.subtype === 'success' ? message.api_error_status ?? undefined : undefined;
                    const detail = message.subtype === 'success' ? message.result : message.errors.join('; ');
                    const fatal = status !== undefined ? fatalCauseOfStatus(status, detail) : NOT_LOGGED_IN.test(detail) ? `Claude Code is not logged in (${detail.trim()}); run \`claude\` and /login, or set ANTHROPIC_API_KEY` : undefined;
                    throw new ProviderCallError(`claude-code: ${message.subtype}${status ? ` (HTTP ${status})` : ''}: ${detail}`, {
                        ...(status === undefined ? {} : { status }),
                        retryable: status !== undefined && isRetryableStatus(status),
                        ...(fatal ? { fatal } : {}),
                    });
                }
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
        }
        catch (error) {
            const failure = toProviderFailure(error, call.signal, 'claude-code');
            if (failure instanceof ProviderError && stderr.length > 0 && !failure.retryable) {
                throw new ProviderError(`${failure.message}\n${stderr.join('').slice(-2000)}`, {
                    status: failure.status, cause: error, ...(failure.fatal ? { fatal: failure.fatal } : {}),
                });
            }
            throw failure;
        }
        finally {
            call.signal?.removeEventListener('abort', onAbort);
            if (ownCwd !== undefined)
                await rm(ownCwd, { recursive: true, force: true });
        }
    }
}
export function createClaudeCodeProvider(options = {}) {
    return new AdapterProvider(new ClaudeCodeAdapter(options), { prices: options.prices });
}
//# sourceMappingURL=claude-code.js.map