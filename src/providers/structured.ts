/**
 * Turning model text into a validated value: zod -> JSON Schema for the request side, and for the
 * reply side JSON extraction (code fences, prose around the object), numeric strings read as numbers,
 * and zod validation with a readable error for the repair prompt. A number outside the schema's range
 * is invalid (never clamped).
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
  return {
    schema: { type: 'object', properties: { value: schema }, required: ['value'], additionalProperties: false },
    wrapped: true,
  };
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
    for (const [key, value] of Object.entries(node))
      out[key] = key === 'properties' ? mapValues(value, visit) : visit(value);
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
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ] as const) {
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
 * Read numeric strings as numbers where the schema expects a number ("7" -> 7), and list every such
 * change in `adjustments`. Numbers are never moved into range: a 1.7 on a 0-1 scale or a 7 on a 1-5
 * scale is not "top score" but a judge that did not follow the scale, so validation rejects it and the
 * caller's single repair request (then "not measured") takes over.
 */
export function coerceToSchema(value: unknown, schema: JsonSchema): { value: unknown; adjustments: string[] } {
  const adjustments: string[] = [];
  const defs = (schema.$defs ?? schema.definitions ?? {}) as Record<string, JsonSchema>;
  const resolve = (node: JsonSchema): JsonSchema => {
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    const name = ref.split('/').pop() ?? '';
    return defs[name] ?? node;
  };
  const isNumeric = (node: JsonSchema): boolean => {
    const types = Array.isArray(node.type) ? (node.type as string[]) : [node.type as string | undefined];
    return types.includes('number') || types.includes('integer');
  };
  const walk = (current: unknown, rawNode: unknown, path: string): unknown => {
    if (rawNode === null || typeof rawNode !== 'object') return current;
    const node = resolve(rawNode as JsonSchema);
    const numericBranch = (['anyOf', 'oneOf', 'allOf'] as const)
      .flatMap((key) => (Array.isArray(node[key]) ? (node[key] as JsonSchema[]) : []))
      .some((b) => isNumeric(resolve(b)));
    if (
      (isNumeric(node) || numericBranch) &&
      typeof current === 'string' &&
      current.trim() !== '' &&
      Number.isFinite(Number(current))
    ) {
      adjustments.push(`${path || '(root)'}: "${current}" read as a number`);
      return Number(current);
    }
    if (Array.isArray(current) && node.items !== undefined)
      return current.map((item, i) => walk(item, node.items, `${path}[${i}]`));
    if (current !== null && typeof current === 'object' && !Array.isArray(current) && node.properties !== undefined) {
      const properties = node.properties as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(current))
        out[key] = walk(item, properties[key], path ? `${path}.${key}` : key);
      return out;
    }
    return current;
  };
  return { value: walk(value, schema, ''), adjustments };
}

export type ParseOutcome<T> = { ok: true; value: T; adjustments: string[] } | { ok: false; reason: string };

/**
 * Everything between the raw reply and a `T`: extract JSON (unless the backend already gave an
 * object, as a tool call does), read numeric strings, validate (out-of-range numbers fail).
 */
export function parseStructured<T>(
  schema: z.ZodType<T>,
  jsonSchema: JsonSchema,
  reply: { text: string; input?: unknown },
): ParseOutcome<T> {
  let raw: unknown;
  if (reply.input !== undefined) raw = reply.input;
  else {
    try {
      raw = extractJson(reply.text);
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
  }
  const { value, adjustments } = coerceToSchema(raw, jsonSchema);
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
    `Respond with ONLY a JSON value${name ? ` (format "${name}")` : ''} that matches this JSON Schema. No prose ` +
      `before or after it, no code fences.`,
    JSON.stringify(jsonSchema),
  ].join('\n');
}
