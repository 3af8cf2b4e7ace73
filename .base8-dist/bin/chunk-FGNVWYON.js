import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);

// src/providers/models.ts
var MODEL_ALIASES = Object.freeze({
  haiku: "claude-haiku-5-5",
  sonnet: "claude-sonnet-5-5",
  opus: "claude-opus-5-5"
});
var DEFAULT_CLAUDE_MODEL = "sonnet";
var DEFAULT_OPENAI_MODEL = "gpt-5-mini";
function resolveModel(model, kind = "anthropic") {
  if (kind === "openai-compatible") return model;
  return MODEL_ALIASES[model.trim().toLowerCase()] ?? model;
}

// src/providers/types.ts
function describeEndpoint(endpoint) {
  if (endpoint === void 0) return "(endpoint not reported)";
  if (endpoint.kind === "claude-code") {
    return endpoint.baseURL === null ? "the Claude Code login (default Anthropic endpoint)" : `${endpoint.baseURL} (through Claude Code)`;
  }
  return endpoint.baseURL ?? "(endpoint not reported)";
}
var ZERO_USAGE = Object.freeze({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });
function addUsage(a, b) {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens
  };
}

// src/cache/key.ts
import { createHash } from "node:crypto";
function canonicalJson(value) {
  if (value === null || typeof value !== "object") {
    return JSON.stringify(value) ?? "null";
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== void 0).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}
function sha256Hex(text) {
  return createHash("sha256").update(text).digest("hex");
}
function contentKey(parts) {
  return sha256Hex(canonicalJson(parts));
}

export {
  MODEL_ALIASES,
  DEFAULT_CLAUDE_MODEL,
  DEFAULT_OPENAI_MODEL,
  resolveModel,
  describeEndpoint,
  ZERO_USAGE,
  addUsage,
  canonicalJson,
  sha256Hex,
  contentKey
};
//# sourceMappingURL=chunk-FGNVWYON.js.map
