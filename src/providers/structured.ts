/**
 * Turning model text into a validated value: zod -> JSON Schema for the request side, and for the
 * reply side JSON extraction (code fences, prose around the object), clamping numbers into the
 * schema's declared range, and zod validation with a readable error for the repair prompt.
 */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** JSON Schema of a zod schema, without the `$schema` marker that tool/json_schema APIs reject. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  // `unrepresentable: 'any'` keeps transforms/dates from throwing; validation still runs in zod.
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/**
 * Anthropic tool input must be an object. Non-object schemas are wrapped as `{value: ...}`; the
 * reply is unwrapped with `unwrapToolInput`.
 */
export function toolInputSchema(schema: JsonSchema): { schema: JsonSchema; wrapped: boolean } {
  if (schema.type === 'object') return { schema, wrapped: false };
  return { schema: { type: 'object', properties: { value: schema }, required: ['value'], additionalProperties: false }, wrapped: true };
}

export function unwrapToolInput(input: unknown, wrapped: boolean): unknown {
  if (!wrapped) return input;
  return input !== null && typeof input === 'object' && 'value' in input ? (input as { value: unknown }).value : input;
}

/**
 * OpenAI `strict: true` requires every object to list all properties as required and forbid extra
 * ones. Return the schema with `additionalProperties: false` added, and whether strict can apply.
 */
export function strictJsonSchema(schema: JsonSchema): { schema: JsonSchema; strict: boolean } {
  let strict = true;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) out[key] = key === 'properties' ? mapValues(value, visit) : visit(value);
    if (out.type === 'object' && out.properties !== undefined) {
      const keys = Object.keys(out.properties as object);
      const required = Array.isArray(out.required) ? (out.required as string[]) : [];
      if (keys.some((k) => !required.includes(k))) strict = false;
      out.additionalProperties = false;
    }
    return out;
  };
  const result = visit(schema) as JsonSchema;
  return { schema: result, strict };
}

function mapValues(value: unknown, fn: (v: unknown) => unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fn(v)]));
}

/** Names accepted by both tool and json_schema APIs: `[A-Za-z0-9_-]{1,64}`. */
export function safeSchemaName(name: string | undefined): string {
  const cleaned = (name ?? 'result').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return cleaned.length > 0 ? cleaned : 'result';
}

/**
 * Parse JSON out of model text: plain JSON, a fenced block (```json ... ```), or the outermost
 * object/array embedded in prose. Throws SyntaxError when nothing parses.
 */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  const candidates: string[] = [trimmed];
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(trimmed);
  if (fence?.[1] !== undefined) candidates.push(fence[1].trim());
  for (const [open, close] of [['{', '}'], ['[', ']']] as const) {
    const start = trimmed.indexOf(open);
    const end = trimmed.lastIndexOf(close);
    if (start !== -1 && end > start) candidates.push(trimmed.slice(start, end + 1));
  }
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next, looser reading
    }
  }
  throw new SyntaxError(`reply is not JSON: ${trimmed.length > 120 ? `${trimmed.slice(0, 120)}...` : trimmed}`);
}

/**
 * Clamp numbers to the `minimum`/`maximum` the schema declares (and turn numeric strings into
 * numbers where a number is expected). A judge that says 12 on a 1-10 scale meant "top score";
 * refusing it would waste a call, and every change is reported in `adjustments`.
 */
export function clampToSchema(value: unknown, schema: JsonSchema): { value: unknown; adjustments: string[] } {
  const adjustments: string[] = [];
  const defs = (schema.$defs ?? schema.definitions ?? {}) as Record<string, JsonSchema>;
  const resolve = (node: JsonSchema): JsonSchema => {
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    const name = ref.split('/').pop() ?? '';
    return defs[name] ?? node;
  };
  const walk = (current: unknown, rawNode: unknown, path: string): unknown => {
    if (rawNode === null || typeof rawNode !== 'object') return current;
    const node = resolve(rawNode as JsonSchema);
    const types = Array.isArray(node.type) ? (node.type as string[]) : [node.type as string | undefined];
    const wantsNumber = types.includes('number') || types.includes('integer');
    let next = current;
    if (wantsNumber && typeof next === 'string' && next.trim() !== '' && Number.isFinite(Number(next))) {
      adjustments.push(`${path || '(root)'}: "${next}" read as a number`);
      next = Number(next);
    }
    if (wantsNumber && typeof next === 'number' && Number.isFinite(next)) {
      const min = typeof node.minimum === 'number' ? node.minimum : undefined;
      const max = typeof node.maximum === 'number' ? node.maximum : undefined;
      const clamped = Math.min(max ?? Infinity, Math.max(min ?? -Infinity, next));
      if (clamped !== next) adjustments.push(`${path || '(root)'}: ${next} clamped to ${clamped}`);
      return clamped;
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const branches = node[key];
      if (Array.isArray(branches) && typeof next === 'number') {
        const numeric = branches.find((b) => {
          const t = resolve(b as JsonSchema).type;
          return t === 'number' || t === 'integer';
        });
        if (numeric !== undefined) return walk(next, numeric, path);
      }
    }
    if (Array.isArray(next) && node.items !== undefined) return next.map((item, i) => walk(item, node.items, `${path}[${i}]`));
    if (next !== null && typeof next === 'object' && !Array.isArray(next) && node.properties !== undefined) {
      const properties = node.properties as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(next)) out[key] = walk(item, properties[key], path ? `${path}.${key}` : key);
      return out;
    }
    return next;
  };
  return { value: walk(value, schema, ''), adjustments };
}

export type ParseOutcome<T> = { ok: true; value: T; adjustments: string[] } | { ok: false; reason: string };

/**
 * Everything between the raw reply and a `T`: extract JSON (unless the backend already gave an
 * object, as a tool call does), clamp, validate.
 */
export function parseStructured<T>(schema: z.ZodType<T>, jsonSchema: JsonSchema, reply: { text: string; input?: unknown }): ParseOutcome<T> {
  let raw: unknown;
  if (reply.input !== undefined) raw = reply.input;
  else {
    try {
      raw = extractJson(reply.text);
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
  }
  const { value, adjustments } = clampToSchema(raw, jsonSchema);
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data, adjustments };
  return { ok: false, reason: `reply does not match the schema:\n${z.prettifyError(result.error)}` };
}

/** The follow-up message of the single repair attempt: quote the error, ask for JSON only. */
export function repairPrompt(reason: string, jsonSchema: JsonSchema): string {
  return [
    'Your previous reply could not be used.',
    reason,
    'Reply again with ONLY a JSON value that matches this JSON Schema (no prose, no code fences):',
    JSON.stringify(jsonSchema),
  ].join('\n\n');
}

/** Instruction for backends without native structured output (Claude Code). */
export function jsonInstruction(jsonSchema: JsonSchema, name?: string): string {
  // The format name tells the model (and a scripted test server) which answer is wanted, as a tool name does.
  return [
    `Respond with ONLY a JSON value${name ? ` (format "${name}")` : ''} that matches this JSON Schema. No prose before or after it, no code fences.`,
    JSON.stringify(jsonSchema),
  ].join('\n');
}
