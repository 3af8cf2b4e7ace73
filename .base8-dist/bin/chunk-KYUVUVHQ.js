import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  addUsage,
  contentKey,
  resolveModel
} from "./chunk-FGNVWYON.js";
import {
  DEFAULT_PRICES,
  priceCall
} from "./chunk-INOI5UZU.js";
import {
  CancelledError
} from "./chunk-KS2JGSJK.js";

// src/providers/structured.ts
import { z } from "zod";
function jsonSchemaOf(schema) {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: "any" });
  return rest;
}
function toolInputSchema(schema) {
  if (schema.type === "object") return { schema, wrapped: false };
  return { schema: { type: "object", properties: { value: schema }, required: ["value"], additionalProperties: false }, wrapped: true };
}
function unwrapToolInput(input, wrapped) {
  if (!wrapped) return input;
  return input !== null && typeof input === "object" && "value" in input ? input.value : input;
}
function strictJsonSchema(schema) {
  let strict = true;
  const visit = (node) => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) out[key] = key === "properties" ? mapValues(value, visit) : visit(value);
    if (out.type === "object" && out.properties !== void 0) {
      const keys = Object.keys(out.properties);
      const required = Array.isArray(out.required) ? out.required : [];
      if (keys.some((k) => !required.includes(k))) strict = false;
      out.additionalProperties = false;
    }
    return out;
  };
  const result = visit(schema);
  return { schema: result, strict };
}
function mapValues(value, fn) {
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fn(v)]));
}
function safeSchemaName(name) {
  const cleaned = (name ?? "result").replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
  return cleaned.length > 0 ? cleaned : "result";
}
function extractJson(text) {
  const trimmed = text.trim();
  const candidates = [trimmed];
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(trimmed);
  if (fence?.[1] !== void 0) candidates.push(fence[1].trim());
  for (const [open, close] of [["{", "}"], ["[", "]"]]) {
    const start = trimmed.indexOf(open);
    const end = trimmed.lastIndexOf(close);
    if (start !== -1 && end > start) candidates.push(trimmed.slice(start, end + 1));
  }
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch {
    }
  }
  throw new SyntaxError(`reply is not JSON: ${trimmed.length > 120 ? `${trimmed.slice(0, 120)}...` : trimmed}`);
}
function coerceToSchema(value, schema) {
  const adjustments = [];
  const defs = schema.$defs ?? schema.definitions ?? {};
  const resolve = (node) => {
    const ref = node.$ref;
    if (typeof ref !== "string") return node;
    const name = ref.split("/").pop() ?? "";
    return defs[name] ?? node;
  };
  const isNumeric = (node) => {
    const types = Array.isArray(node.type) ? node.type : [node.type];
    return types.includes("number") || types.includes("integer");
  };
  const walk = (current, rawNode, path) => {
    if (rawNode === null || typeof rawNode !== "object") return current;
    const node = resolve(rawNode);
    const numericBranch = ["anyOf", "oneOf", "allOf"].flatMap((key) => Array.isArray(node[key]) ? node[key] : []).some((b) => isNumeric(resolve(b)));
    if ((isNumeric(node) || numericBranch) && typeof current === "string" && current.trim() !== "" && Number.isFinite(Number(current))) {
      adjustments.push(`${path || "(root)"}: "${current}" read as a number`);
      return Number(current);
    }
    if (Array.isArray(current) && node.items !== void 0) return current.map((item, i) => walk(item, node.items, `${path}[${i}]`));
    if (current !== null && typeof current === "object" && !Array.isArray(current) && node.properties !== void 0) {
      const properties = node.properties;
      const out = {};
      for (const [key, item] of Object.entries(current)) out[key] = walk(item, properties[key], path ? `${path}.${key}` : key);
      return out;
    }
    return current;
  };
  return { value: walk(value, schema, ""), adjustments };
}
function parseStructured(schema, jsonSchema, reply) {
  let raw;
  if (reply.input !== void 0) raw = reply.input;
  else {
    try {
      raw = extractJson(reply.text);
    } catch (error) {
      return { ok: false, reason: error.message };
    }
  }
  const { value, adjustments } = coerceToSchema(raw, jsonSchema);
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data, adjustments };
  return { ok: false, reason: `reply does not match the schema:
${z.prettifyError(result.error)}` };
}
function repairPrompt(reason, jsonSchema) {
  return [
    "Your previous reply could not be used.",
    reason,
    "Reply again with ONLY a JSON value that matches this JSON Schema (no prose, no code fences):",
    JSON.stringify(jsonSchema)
  ].join("\n\n");
}
function jsonInstruction(jsonSchema, name) {
  return [
    `Respond with ONLY a JSON value${name ? ` (format "${name}")` : ""} that matches this JSON Schema. No prose before or after it, no code fences.`,
    JSON.stringify(jsonSchema)
  ].join("\n");
}

// src/providers/adapter.ts
var DEFAULT_MAX_TOKENS = 1024;
var AdapterProvider = class {
  name;
  kind;
  endpoint;
  #adapter;
  #prices;
  constructor(adapter, options = {}) {
    this.#adapter = adapter;
    this.name = adapter.name;
    this.kind = adapter.kind;
    this.endpoint = adapter.endpoint;
    this.#prices = options.prices ?? DEFAULT_PRICES;
  }
  async complete(request) {
    if (request.signal?.aborted) throw new CancelledError();
    const started = performance.now();
    const jsonSchema = request.schema === void 0 ? void 0 : jsonSchemaOf(request.schema);
    const call = {
      model: resolveModel(request.model, this.kind),
      system: request.system,
      messages: request.messages,
      structured: jsonSchema === void 0 ? void 0 : { name: safeSchemaName(request.schemaName), jsonSchema },
      temperature: request.temperature ?? 0,
      maxTokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
      signal: request.signal,
      timeoutMs: request.timeoutMs
    };
    const first = await this.#adapter.call(call);
    const replies = [first];
    let outcome;
    let repaired = false;
    if (request.schema === void 0 || jsonSchema === void 0) {
      outcome = { ok: true, value: first.text, adjustments: [] };
    } else {
      outcome = parseStructured(request.schema, jsonSchema, first);
      if (!outcome.ok) {
        const previous = first.input !== void 0 ? JSON.stringify(first.input) : first.text.trim() || "(empty reply)";
        const second = await this.#adapter.call({
          ...call,
          messages: [...call.messages, { role: "assistant", content: previous }, { role: "user", content: repairPrompt(outcome.reason, jsonSchema) }]
        });
        replies.push(second);
        const retried = parseStructured(request.schema, jsonSchema, second);
        if (retried.ok) {
          outcome = retried;
          repaired = true;
        } else {
          outcome = { ok: false, reason: `${retried.reason}
(after one repair request; the first reply failed with: ${outcome.reason})` };
        }
      }
    }
    const last = replies[replies.length - 1];
    let usage = replies[0]?.usage;
    let costUsd = 0;
    let priced = true;
    replies.forEach((reply, i) => {
      if (i > 0) usage = addUsage(usage, reply.usage);
      if (reply.costUsd !== void 0) costUsd += reply.costUsd;
      else {
        const price = priceCall(reply.model || call.model, reply.usage, this.#prices);
        costUsd += price.costUsd;
        priced &&= price.priced;
      }
    });
    const meta = {
      usage,
      costUsd,
      priced,
      latencyMs: Math.round(performance.now() - started),
      model: last.model || call.model,
      provider: this.name,
      cached: false,
      attempts: 1,
      repaired,
      text: last.input !== void 0 ? JSON.stringify(last.input) : last.text
    };
    return outcome.ok ? { ...meta, ok: true, value: outcome.value, adjustments: outcome.adjustments } : { ...meta, ok: false, reason: outcome.reason };
  }
};

// src/cache/cached-provider.ts
var KEY_VERSION = 2;
var REQUEST_FIELDS = {
  model: "answer",
  system: "answer",
  messages: "answer",
  schema: "answer",
  schemaName: "answer",
  temperature: "answer",
  maxTokens: "answer",
  // Repeats of one prompt are distinct samples, not one answer replayed N times.
  sampleIndex: "answer",
  signal: "transport",
  timeoutMs: "transport"
};
function completionCacheKey(provider, request) {
  const { name, endpoint } = typeof provider === "string" ? { name: provider, endpoint: void 0 } : provider;
  const fields = {};
  for (const [field, value] of Object.entries(request)) {
    if (REQUEST_FIELDS[field] !== "transport") fields[field] = value;
  }
  const schema = request.schema;
  Object.assign(fields, {
    model: resolveModel(request.model, endpoint?.kind),
    system: request.system ?? null,
    schema: schema === void 0 ? null : jsonSchemaOf(schema),
    // The name is sent only with a schema, and sanitised first.
    schemaName: schema === void 0 ? null : safeSchemaName(request.schemaName),
    temperature: request.temperature ?? 0,
    maxTokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
    sampleIndex: request.sampleIndex ?? 0
  });
  return contentKey({ v: KEY_VERSION, provider: name, endpoint: endpoint ?? null, request: fields });
}
var CachedProvider = class {
  name;
  endpoint;
  #inner;
  #cache;
  #mode;
  #onError;
  constructor(inner, cache, options = {}) {
    this.#inner = inner;
    this.#cache = cache;
    this.name = inner.name;
    this.endpoint = inner.endpoint;
    this.#mode = options.mode ?? "read-write";
    this.#onError = options.onError ?? (() => void 0);
  }
  async complete(request) {
    if (this.#mode === "off") return this.#inner.complete(request);
    const key = completionCacheKey(this, request);
    if (this.#mode === "read-write") {
      const started = performance.now();
      let parsedValue;
      const accept = (payload) => {
        const value = payload?.value;
        if (request.schema === void 0) {
          if (typeof value !== "string") return false;
          parsedValue = value;
          return true;
        }
        const parsed = request.schema.safeParse(value);
        if (parsed.success) parsedValue = parsed.data;
        return parsed.success;
      };
      const stored = await this.#cache.get(key, accept).catch((error) => {
        this.#onError(error);
        return void 0;
      });
      if (stored !== void 0) {
        return {
          ok: true,
          value: parsedValue,
          adjustments: stored.adjustments,
          usage: stored.usage,
          // Nothing was spent this time; the ledger counts the hit without cost.
          costUsd: 0,
          priced: stored.priced,
          latencyMs: Math.round(performance.now() - started),
          model: stored.model,
          provider: stored.provider,
          cached: true,
          attempts: 0,
          repaired: stored.repaired,
          text: stored.text
        };
      }
    }
    const result = await this.#inner.complete(request);
    if (result.ok) {
      const payload = {
        value: result.value,
        text: result.text,
        usage: result.usage,
        model: result.model,
        provider: result.provider,
        costUsd: result.costUsd,
        priced: result.priced,
        adjustments: result.adjustments,
        repaired: result.repaired
      };
      await this.#cache.set(key, payload, { provider: result.provider, model: result.model }).catch((error) => this.#onError(error));
    }
    return result;
  }
};

export {
  jsonSchemaOf,
  toolInputSchema,
  unwrapToolInput,
  strictJsonSchema,
  extractJson,
  coerceToSchema,
  parseStructured,
  jsonInstruction,
  DEFAULT_MAX_TOKENS,
  AdapterProvider,
  completionCacheKey,
  CachedProvider
};
//# sourceMappingURL=chunk-KYUVUVHQ.js.map
