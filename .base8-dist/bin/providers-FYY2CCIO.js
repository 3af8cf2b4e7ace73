import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  AdapterProvider,
  CachedProvider,
  DEFAULT_MAX_TOKENS,
  coerceToSchema,
  extractJson,
  jsonInstruction,
  jsonSchemaOf,
  parseStructured,
  strictJsonSchema,
  toolInputSchema,
  unwrapToolInput
} from "./chunk-KYUVUVHQ.js";
import {
  DEFAULT_CLAUDE_MODEL,
  DEFAULT_OPENAI_MODEL,
  MODEL_ALIASES,
  ZERO_USAGE,
  addUsage,
  describeEndpoint,
  resolveModel
} from "./chunk-FGNVWYON.js";
import {
  DEFAULT_PRICES,
  UsageLedger,
  costOfUsage,
  findPrice,
  priceCall,
  priceOverridesSchema,
  withPriceOverrides
} from "./chunk-INOI5UZU.js";
import {
  CancelledError,
  ConfigError,
  NotMeasuredError,
  ProviderError,
  UsageError
} from "./chunk-KS2JGSJK.js";
import "./chunk-KJFERDYH.js";

// src/providers/anthropic.ts
import Anthropic from "@anthropic-ai/sdk";

// src/providers/failures.ts
var ProviderCallError = class extends ProviderError {
  retryAfterMs;
  /** Node's network error code when the connection itself failed (ECONNREFUSED, ENOTFOUND, ...). */
  networkCode;
  constructor(message, options = {}) {
    super(message, options);
    this.name = "ProviderCallError";
    this.retryAfterMs = options.retryAfterMs;
    this.networkCode = options.networkCode;
  }
};
function fatalCauseOfStatus(status, detail) {
  if (status === 401) return `authentication failed (HTTP 401: ${detail}); check the API key or login`;
  if (status === 403) return `permission denied (HTTP 403: ${detail}); the key or account may not use this model or endpoint`;
  if (status === 404) return `not found (HTTP 404: ${detail}); the model name is unknown there, or the base URL is wrong`;
  return void 0;
}
var UNREACHABLE_CODES = /* @__PURE__ */ new Set(["ECONNREFUSED", "ENOTFOUND"]);
function isUnreachable(error) {
  return error instanceof ProviderCallError && error.networkCode !== void 0 && UNREACHABLE_CODES.has(error.networkCode);
}
function isRetryableStatus(status) {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}
function retryAfterMs(headers, now = Date.now()) {
  if (headers === void 0 || typeof headers.get !== "function") return void 0;
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.get("retry-after-ms") !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers.get("retry-after");
  if (raw === null || raw.trim() === "") return void 0;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1e3);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? void 0 : Math.max(0, date - now);
}
var NETWORK_CODES = /* @__PURE__ */ new Set(["ECONNRESET", "ECONNREFUSED", "ENOTFOUND", "EPIPE", "ETIMEDOUT", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT", "ECONNABORTED"]);
function networkCode(error) {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === "object"; depth++) {
    const code = current.code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return code;
    const errors = current.errors;
    current = Array.isArray(errors) && errors.length > 0 ? errors[0] : current.cause;
  }
  return void 0;
}
function unusableUrl(error) {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === "object"; depth++) {
    const { message, code } = current;
    if (message === "bad port") return 'fetch refuses this port (a "bad port" browsers block); use another port in the base URL';
    if (code === "ERR_INVALID_URL") return `the base URL is not a valid URL (${String(message)})`;
    current = current.cause;
  }
  return void 0;
}
function toProviderFailure(error, signal, label) {
  if (signal?.aborted) return new CancelledError();
  if (error instanceof CancelledError || error instanceof ProviderError) return error;
  const name = error?.constructor?.name ?? "";
  const message = error instanceof Error ? error.message : String(error);
  if (name === "APIUserAbortError" || error instanceof Error && error.name === "AbortError") return new CancelledError();
  if (name === "APIConnectionTimeoutError") return new ProviderCallError(`${label}: request timed out`, { retryable: true, cause: error });
  const status = error?.status;
  if (typeof status === "number") {
    const headers = error.headers;
    const fatal = fatalCauseOfStatus(status, message.replace(/^\d{3}\s+/, ""));
    return new ProviderCallError(`${label}: HTTP ${status}: ${message}`, {
      status,
      retryable: isRetryableStatus(status),
      retryAfterMs: retryAfterMs(headers),
      cause: error,
      ...fatal ? { fatal } : {}
    });
  }
  const code = networkCode(error);
  const badUrl = unusableUrl(error);
  if (badUrl !== void 0) return new ProviderCallError(`${label}: ${badUrl}`, { retryable: false, fatal: badUrl, cause: error });
  if (name === "APIConnectionError" || code !== void 0) {
    const unreachable = code !== void 0 && UNREACHABLE_CODES.has(code);
    return new ProviderCallError(`${label}: connection failed${code ? ` (${code})` : ""}: ${message}`, {
      retryable: true,
      cause: error,
      ...code ? { networkCode: code } : {},
      ...unreachable ? { fatal: code === "ENOTFOUND" ? `the host name does not resolve (${code})` : `connection refused (${code}): nothing is listening there` } : {}
    });
  }
  if (error instanceof SyntaxError || /^(Anthropic|OpenAI)Error$/.test(name) || /terminated|premature|ended|incomplete/i.test(message)) {
    return new ProviderCallError(`${label}: malformed or incomplete response: ${message}`, { retryable: true, cause: error });
  }
  return new ProviderError(`${label}: ${message}`, { retryable: false, cause: error });
}

// src/providers/anthropic.ts
var AnthropicAdapter = class {
  name = "anthropic";
  kind = "anthropic";
  endpoint;
  #client;
  #streaming;
  #structuredOutput;
  constructor(options = {}) {
    const env = options.env ?? process.env;
    const apiKey = options.apiKey ?? env.ANTHROPIC_API_KEY;
    const authToken = options.authToken ?? env.ANTHROPIC_AUTH_TOKEN;
    if (!apiKey && !authToken) {
      throw new NotMeasuredError({
        provider: "anthropic",
        endpoint: options.baseURL ?? env.ANTHROPIC_BASE_URL ?? "https://api.anthropic.com",
        reason: "no credentials: set ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN)"
      });
    }
    this.#client = new Anthropic({
      apiKey: apiKey ?? null,
      authToken: authToken ?? null,
      baseURL: options.baseURL ?? env.ANTHROPIC_BASE_URL ?? null,
      // Retries belong to the reliability layer only; SDK retries would multiply them.
      maxRetries: 0
    });
    this.#streaming = options.streaming ?? false;
    this.#structuredOutput = options.structuredOutput ?? "tool";
    this.endpoint = { kind: this.kind, baseURL: this.#client.baseURL, options: { structuredOutput: this.#structuredOutput } };
  }
  async call(call) {
    const useTool = call.structured !== void 0 && this.#structuredOutput === "tool";
    const tool = call.structured === void 0 || !useTool ? void 0 : { name: call.structured.name, ...toolInputSchema(call.structured.jsonSchema) };
    const params = {
      model: call.model,
      max_tokens: call.maxTokens,
      // No temperature: the current Messages API deprecated it (absent from SDK 1.x params).
      messages: call.messages.map((m) => ({ role: m.role, content: m.content })),
      ...call.system ? { system: call.system } : {},
      ...call.structured !== void 0 && !useTool ? { output_config: { format: { type: "json_schema", schema: call.structured.jsonSchema } } } : {},
      ...tool === void 0 ? {} : {
        tools: [{ name: tool.name, description: "Record your answer. Fill every field.", input_schema: tool.schema }],
        tool_choice: { type: "tool", name: tool.name }
      }
    };
    const requestOptions = { signal: call.signal, ...call.timeoutMs === void 0 ? {} : { timeout: call.timeoutMs } };
    let message;
    try {
      message = this.#streaming ? await this.#client.messages.stream(params, requestOptions).finalMessage() : await this.#client.messages.create(params, requestOptions);
    } catch (error) {
      throw toProviderFailure(error, call.signal, "anthropic");
    }
    const text = message.content.flatMap((block) => block.type === "text" ? [block.text] : []).join("");
    const toolUse = message.content.find((block) => block.type === "tool_use" && block.name === tool?.name);
    const u = message.usage;
    return {
      text,
      ...toolUse?.type === "tool_use" && tool !== void 0 ? { input: unwrapToolInput(toolUse.input, tool.wrapped) } : {},
      usage: {
        inputTokens: u.input_tokens,
        outputTokens: u.output_tokens,
        cacheReadTokens: u.cache_read_input_tokens ?? 0,
        cacheWriteTokens: u.cache_creation_input_tokens ?? 0
      },
      model: message.model
    };
  }
};
function createAnthropicProvider(options = {}) {
  return new AdapterProvider(new AnthropicAdapter(options), { prices: options.prices });
}

// src/providers/claude-code.ts
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
var NOT_LOGGED_IN = /not logged in|please run \/login/i;
var FALLBACK_SYSTEM = "You are a careful, literal evaluator. Answer exactly in the format requested.";
function renderPrompt(call) {
  const last = call.messages[call.messages.length - 1];
  const earlier = call.messages.slice(0, -1);
  const parts = [];
  if (earlier.length > 0) {
    parts.push("<conversation_so_far>");
    for (const m of earlier) parts.push(`<${m.role}>
${m.content}
</${m.role}>`);
    parts.push("</conversation_so_far>");
  }
  parts.push(last?.content ?? "");
  if (call.structured !== void 0) parts.push(jsonInstruction(call.structured.jsonSchema, call.structured.name));
  return parts.join("\n\n");
}
var sdkPromise;
var loadSdk = () => sdkPromise ??= import("@anthropic-ai/claude-agent-sdk");
var ClaudeCodeAdapter = class {
  name = "claude-code";
  kind = "claude-code";
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
      options: { settingSources: options.settingSources ?? [], cwd: options.cwd ?? null }
    };
  }
  async call(call) {
    const { query } = await loadSdk().catch((error) => {
      throw new ProviderError("claude-code: could not load @anthropic-ai/claude-agent-sdk", { cause: error });
    });
    const ownCwd = this.#options.cwd === void 0 ? await mkdtemp(join(tmpdir(), "plugin-eval-cc-")) : void 0;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    call.signal?.addEventListener("abort", onAbort, { once: true });
    const stderr = [];
    const env = {
      ...this.#options.env ?? process.env,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_TELEMETRY: "1",
      // Our reliability layer retries; Claude Code's own retries would hide 429s from the limiter.
      CLAUDE_CODE_MAX_RETRIES: "0",
      ...call.timeoutMs === void 0 ? {} : { API_TIMEOUT_MS: String(call.timeoutMs) },
      ...this.#options.baseURL === void 0 ? {} : { ANTHROPIC_BASE_URL: this.#options.baseURL }
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
          ...this.#options.pathToClaudeCodeExecutable === void 0 ? {} : { pathToClaudeCodeExecutable: this.#options.pathToClaudeCodeExecutable }
        }
      });
      let assistantText = "";
      for await (const message of stream) {
        if (message.type === "assistant") {
          for (const block of message.message.content) if (block.type === "text") assistantText += block.text;
        }
        if (message.type !== "result") continue;
        if (message.subtype !== "success" || message.is_error) {
          const status = message.subtype === "success" ? message.api_error_status ?? void 0 : void 0;
          const detail = message.subtype === "success" ? message.result : message.errors.join("; ");
          const fatal = status !== void 0 ? fatalCauseOfStatus(status, detail) : NOT_LOGGED_IN.test(detail) ? `Claude Code is not logged in (${detail.trim()}); run \`claude\` and /login, or set ANTHROPIC_API_KEY` : void 0;
          throw new ProviderCallError(`claude-code: ${message.subtype}${status ? ` (HTTP ${status})` : ""}: ${detail}`, {
            ...status === void 0 ? {} : { status },
            retryable: status !== void 0 && isRetryableStatus(status),
            ...fatal ? { fatal } : {}
          });
        }
        const u = message.usage;
        return {
          text: message.result || assistantText,
          usage: {
            inputTokens: u.input_tokens,
            outputTokens: u.output_tokens,
            cacheReadTokens: u.cache_read_input_tokens,
            cacheWriteTokens: u.cache_creation_input_tokens
          },
          model: Object.keys(message.modelUsage)[0] ?? call.model,
          costUsd: message.total_cost_usd
        };
      }
      throw new ProviderCallError("claude-code: the session ended without a result", { retryable: true });
    } catch (error) {
      const failure = toProviderFailure(error, call.signal, "claude-code");
      if (failure instanceof ProviderError && stderr.length > 0 && !failure.retryable) {
        throw new ProviderError(`${failure.message}
${stderr.join("").slice(-2e3)}`, {
          status: failure.status,
          cause: error,
          ...failure.fatal ? { fatal: failure.fatal } : {}
        });
      }
      throw failure;
    } finally {
      call.signal?.removeEventListener("abort", onAbort);
      if (ownCwd !== void 0) await rm(ownCwd, { recursive: true, force: true });
    }
  }
};
function createClaudeCodeProvider(options = {}) {
  return new AdapterProvider(new ClaudeCodeAdapter(options), { prices: options.prices });
}

// src/providers/openai-compatible.ts
import OpenAI from "openai";
var FIXED_TEMPERATURE = /^(o\d|gpt-5)/i;
var OpenAiCompatibleAdapter = class {
  name;
  kind = "openai-compatible";
  endpoint;
  #client;
  #official;
  #structuredOutput;
  constructor(options = {}) {
    const env = options.env ?? process.env;
    const baseURL = options.baseURL ?? env.OPENAI_BASE_URL;
    this.#official = baseURL === void 0 || /^https:\/\/api\.openai\.com(\/|$)/.test(baseURL);
    const apiKey = options.apiKey ?? env.OPENAI_API_KEY;
    if (!apiKey && this.#official) {
      throw new NotMeasuredError({
        provider: "openai",
        endpoint: baseURL ?? "https://api.openai.com/v1",
        reason: "no credentials: set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)"
      });
    }
    this.#client = new OpenAI({
      // Local servers ignore the key, but the SDK insists on a non-empty one.
      apiKey: apiKey || "not-needed",
      ...baseURL === void 0 ? {} : { baseURL },
      maxRetries: 0
    });
    this.name = options.name ?? (this.#official ? "openai" : `openai-compatible(${new URL(baseURL).host})`);
    this.#structuredOutput = options.structuredOutput ?? "json_schema";
    this.endpoint = { kind: this.kind, baseURL: this.#client.baseURL, options: { structuredOutput: this.#structuredOutput } };
  }
  async call(call) {
    const structured = call.structured;
    const usePrompt = structured !== void 0 && this.#structuredOutput === "prompt";
    const system = [call.system, usePrompt ? jsonInstruction(structured.jsonSchema, structured.name) : void 0].filter(Boolean).join("\n\n");
    const messages = [
      ...system ? [{ role: "system", content: system }] : [],
      ...call.messages.map((m) => ({ role: m.role, content: m.content }))
    ];
    let responseFormat;
    if (structured !== void 0 && !usePrompt) {
      const { schema, strict } = strictJsonSchema(structured.jsonSchema);
      responseFormat = { type: "json_schema", json_schema: { name: structured.name, schema, strict } };
    }
    const params = {
      model: call.model,
      messages,
      // api.openai.com wants max_completion_tokens; most local servers only know max_tokens.
      ...this.#official ? { max_completion_tokens: call.maxTokens } : { max_tokens: call.maxTokens },
      ...FIXED_TEMPERATURE.test(call.model) ? {} : { temperature: call.temperature },
      ...responseFormat === void 0 ? {} : { response_format: responseFormat }
    };
    let completion;
    try {
      completion = await this.#client.chat.completions.create(params, {
        signal: call.signal,
        ...call.timeoutMs === void 0 ? {} : { timeout: call.timeoutMs }
      });
    } catch (error) {
      throw toProviderFailure(error, call.signal, this.name);
    }
    const message = completion.choices[0]?.message;
    const toolCall = message?.tool_calls?.[0];
    const text = message?.content ?? (toolCall?.type === "function" ? toolCall.function.arguments : message?.refusal) ?? "";
    const u = completion.usage;
    const cached = u?.prompt_tokens_details?.cached_tokens ?? 0;
    return {
      text,
      usage: {
        inputTokens: Math.max(0, (u?.prompt_tokens ?? 0) - cached),
        outputTokens: u?.completion_tokens ?? 0,
        cacheReadTokens: cached,
        cacheWriteTokens: 0
      },
      model: completion.model || call.model
    };
  }
};
function createOpenAiCompatibleProvider(options = {}) {
  return new AdapterProvider(new OpenAiCompatibleAdapter(options), { prices: options.prices });
}

// src/providers/limiter.ts
var AdaptiveLimiter = class {
  max;
  min;
  #limit;
  #active = 0;
  #successes = 0;
  #queue = [];
  constructor(options = {}) {
    this.max = Math.max(1, Math.floor(options.concurrency ?? 4));
    this.min = Math.min(this.max, Math.max(1, Math.floor(options.min ?? 1)));
    this.#limit = this.max;
  }
  get limit() {
    return this.#limit;
  }
  get active() {
    return this.#active;
  }
  get pending() {
    return this.#queue.length;
  }
  /** Wait for a slot. Rejects with CancelledError if `signal` aborts first (the slot is not taken). */
  acquire(signal) {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    if (this.#active < this.#limit && this.#queue.length === 0) {
      this.#active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const at = this.#queue.indexOf(waiter);
          if (at !== -1) this.#queue.splice(at, 1);
          reject(new CancelledError());
        }
      };
      signal?.addEventListener("abort", waiter.onAbort, { once: true });
      this.#queue.push(waiter);
    });
  }
  release() {
    this.#active = Math.max(0, this.#active - 1);
    this.#drain();
  }
  /** A 429: halve the limit (requests in flight finish; new ones wait). */
  onRateLimit() {
    this.#limit = Math.max(this.min, Math.floor(this.#limit / 2));
    this.#successes = 0;
  }
  /** A success: after `limit` successes in a row, allow one more concurrent request. */
  onSuccess() {
    if (this.#limit >= this.max) return;
    this.#successes += 1;
    if (this.#successes >= this.#limit) {
      this.#limit += 1;
      this.#successes = 0;
      this.#drain();
    }
  }
  #drain() {
    while (this.#active < this.#limit && this.#queue.length > 0) {
      const waiter = this.#queue.shift();
      waiter.signal?.removeEventListener("abort", waiter.onAbort);
      this.#active += 1;
      waiter.resolve();
    }
  }
};

// src/providers/reliable.ts
function abortableSleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelledError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
function backoffDelay(attempt, baseDelayMs, maxDelayMs, random) {
  const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(exponential / 2 + exponential / 2 * random());
}
var ReliableProvider = class {
  name;
  endpoint;
  limiter;
  #inner;
  /** Set once a failure no call can recover from was seen; every later call rejects with it. */
  #fatal;
  #halt = new AbortController();
  #options;
  constructor(inner, options = {}) {
    this.#inner = inner;
    this.name = inner.name;
    this.endpoint = inner.endpoint;
    this.limiter = options.limiter ?? new AdaptiveLimiter({ concurrency: options.concurrency ?? 4 });
    this.#options = {
      maxRetries: options.maxRetries ?? 4,
      maxUnreachableRetries: options.maxUnreachableRetries ?? 2,
      baseDelayMs: options.baseDelayMs ?? 1e3,
      maxDelayMs: options.maxDelayMs ?? 3e4,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 12e4,
      timeoutMs: options.timeoutMs ?? 12e4,
      sleep: options.sleep ?? abortableSleep,
      random: options.random ?? Math.random,
      onRetry: options.onRetry
    };
  }
  /** The failure that stopped this provider, if one did. */
  get fatalError() {
    return this.#fatal;
  }
  /** Trip the breaker: remember the failure and abort every call in flight or waiting. */
  #trip(failure, attempts) {
    const reason = `${failure.fatal ?? failure.message}${attempts > 1 ? ` (gave up after ${attempts} attempts)` : ""}`;
    this.#fatal ??= new NotMeasuredError({
      provider: this.name,
      endpoint: describeEndpoint(this.endpoint),
      reason,
      ...failure.status === void 0 ? {} : { status: failure.status },
      cause: failure
    });
    this.#halt.abort();
    return this.#fatal;
  }
  async complete(request) {
    try {
      return await this.#complete(request);
    } catch (error) {
      if (this.#fatal !== void 0 && !request.signal?.aborted) throw this.#fatal;
      throw error;
    }
  }
  async #complete(request) {
    const { maxRetries, maxUnreachableRetries, baseDelayMs, maxDelayMs, maxRetryAfterMs, sleep, random, onRetry } = this.#options;
    const timeoutMs = request.timeoutMs ?? this.#options.timeoutMs;
    const userSignal = request.signal;
    const stop = userSignal === void 0 ? this.#halt.signal : AbortSignal.any([userSignal, this.#halt.signal]);
    for (let attempt = 1; ; attempt++) {
      if (stop.aborted) throw new CancelledError();
      await this.limiter.acquire(stop);
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), timeoutMs);
      const signal = AbortSignal.any([stop, timeout.signal]);
      let failure;
      try {
        const result = await this.#inner.complete({ ...request, signal, timeoutMs });
        this.limiter.onSuccess();
        return { ...result, attempts: attempt };
      } catch (error) {
        if (stop.aborted) throw new CancelledError();
        if (timeout.signal.aborted) {
          failure = new ProviderCallError(`${this.name}: no response within ${timeoutMs} ms`, { retryable: true, cause: error });
        } else if (error instanceof ProviderError) {
          failure = error;
        } else {
          throw error;
        }
        const final = !failure.retryable || attempt > (isUnreachable(failure) ? Math.min(maxRetries, maxUnreachableRetries) : maxRetries);
        if (failure.fatal !== void 0 && final) throw this.#trip(failure, attempt);
      } finally {
        clearTimeout(timer);
        this.limiter.release();
      }
      if (failure.status === 429) this.limiter.onRateLimit();
      const hint = failure instanceof ProviderCallError ? failure.retryAfterMs : void 0;
      const retries = isUnreachable(failure) ? Math.min(maxRetries, maxUnreachableRetries) : maxRetries;
      if (!failure.retryable || attempt > retries || hint !== void 0 && hint > maxRetryAfterMs) {
        if (!failure.retryable) throw failure;
        throw new ProviderError(`${failure.message} (gave up after ${attempt} attempt${attempt === 1 ? "" : "s"})`, {
          status: failure.status,
          retryable: false,
          cause: failure
        });
      }
      const delayMs = hint ?? backoffDelay(attempt, baseDelayMs, maxDelayMs, random);
      onRetry?.({ provider: this.name, attempt, delayMs, error: failure });
      await sleep(delayMs, stop);
    }
  }
};

// src/providers/select.ts
var OLLAMA_BASE_URL = "http://localhost:11434/v1";
function parseProviderName(name) {
  switch (name.trim().toLowerCase()) {
    case "anthropic":
    case "claude-api":
      return { kind: "anthropic" };
    case "openai":
    case "openai-compatible":
    case "vllm":
    case "llama.cpp":
    case "lmstudio":
      return { kind: "openai-compatible" };
    case "ollama":
      return { kind: "openai-compatible", baseURL: OLLAMA_BASE_URL };
    case "claude-code":
    case "claude":
      return { kind: "claude-code" };
    default:
      return void 0;
  }
}
function defaultModel(kind, baseURL, env) {
  if (env.PLUGIN_EVAL_MODEL) return env.PLUGIN_EVAL_MODEL;
  if (kind !== "openai-compatible") return DEFAULT_CLAUDE_MODEL;
  if (env.OPENAI_MODEL) return env.OPENAI_MODEL;
  const official = baseURL === void 0 || /^https:\/\/api\.openai\.com(\/|$)/.test(baseURL);
  return official ? DEFAULT_OPENAI_MODEL : void 0;
}
function selectProvider(input = {}) {
  const env = input.env ?? process.env;
  const explicitModel = input.model ?? input.config?.model;
  const finish = (kind, reason, baseURL) => ({
    kind,
    reason,
    baseURL,
    model: explicitModel ?? defaultModel(kind, baseURL, env)
  });
  const envBaseURL = (kind) => kind === "anthropic" ? env.ANTHROPIC_BASE_URL : kind === "openai-compatible" ? env.OPENAI_BASE_URL : void 0;
  if (input.flag !== void 0) {
    const parsed = parseProviderName(input.flag);
    if (parsed === void 0) throw new UsageError(`Unknown provider "${input.flag}". Use anthropic, openai, ollama or claude-code.`);
    const baseURL = input.config?.baseURL ?? parsed.baseURL ?? envBaseURL(parsed.kind);
    return finish(parsed.kind, `--provider ${input.flag}`, baseURL);
  }
  if (input.config?.provider !== void 0) {
    const parsed = parseProviderName(input.config.provider);
    if (parsed === void 0) throw new ConfigError(`Unknown provider "${input.config.provider}" in the configuration.`);
    const baseURL = input.config.baseURL ?? parsed.baseURL ?? envBaseURL(parsed.kind);
    return finish(parsed.kind, `configuration sets provider "${input.config.provider}"`, baseURL);
  }
  const explicitBaseURL = input.config?.baseURL;
  if (env.ANTHROPIC_API_KEY) return finish("anthropic", "ANTHROPIC_API_KEY is set", explicitBaseURL ?? env.ANTHROPIC_BASE_URL);
  if (env.OPENAI_API_KEY || env.OPENAI_BASE_URL) {
    const why = env.OPENAI_BASE_URL ? `OPENAI_BASE_URL is set (${env.OPENAI_BASE_URL})` : "OPENAI_API_KEY is set";
    return finish("openai-compatible", why, explicitBaseURL ?? env.OPENAI_BASE_URL);
  }
  return finish("claude-code", "no ANTHROPIC_API_KEY or OPENAI_API_KEY/OPENAI_BASE_URL: using the Claude Code login", explicitBaseURL);
}

// src/providers/index.ts
function createProvider(selection, options = {}) {
  const env = options.env ?? process.env;
  let backend;
  switch (selection.kind) {
    case "anthropic":
      backend = createAnthropicProvider({ ...options.anthropic, env, prices: options.prices, ...selection.baseURL ? { baseURL: selection.baseURL } : {} });
      break;
    case "openai-compatible":
      backend = createOpenAiCompatibleProvider({ ...options.openai, env, prices: options.prices, ...selection.baseURL ? { baseURL: selection.baseURL } : {} });
      break;
    case "claude-code":
      backend = createClaudeCodeProvider({ env, ...options.claudeCode, prices: options.prices });
      break;
  }
  const reliable = new ReliableProvider(backend, options.reliability);
  if (options.cache === void 0 || options.cacheMode === "off") return reliable;
  return new CachedProvider(reliable, options.cache, { mode: options.cacheMode ?? "read-write", onError: options.onCacheError });
}
export {
  AdapterProvider,
  AdaptiveLimiter,
  AnthropicAdapter,
  ClaudeCodeAdapter,
  DEFAULT_CLAUDE_MODEL,
  DEFAULT_MAX_TOKENS,
  DEFAULT_OPENAI_MODEL,
  DEFAULT_PRICES,
  MODEL_ALIASES,
  OpenAiCompatibleAdapter,
  ProviderCallError,
  ReliableProvider,
  UsageLedger,
  ZERO_USAGE,
  abortableSleep,
  addUsage,
  backoffDelay,
  coerceToSchema,
  costOfUsage,
  createAnthropicProvider,
  createClaudeCodeProvider,
  createOpenAiCompatibleProvider,
  createProvider,
  describeEndpoint,
  extractJson,
  fatalCauseOfStatus,
  findPrice,
  isRetryableStatus,
  isUnreachable,
  jsonSchemaOf,
  parseProviderName,
  parseStructured,
  priceCall,
  priceOverridesSchema,
  renderPrompt,
  resolveModel,
  retryAfterMs,
  selectProvider,
  strictJsonSchema,
  toProviderFailure,
  withPriceOverrides
};
//# sourceMappingURL=providers-FYY2CCIO.js.map
