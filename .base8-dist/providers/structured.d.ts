/**
 * Turning model text into a validated value: zod -> JSON Schema for the request side, and for the
 * reply side JSON extraction (code fences, prose around the object), numeric strings read as numbers,
 * and zod validation with a readable error for the repair prompt. A number outside the schema's range
 * is invalid (never clamped).
 */
import { z } from 'zod';
export type JsonSchema = Record<string, unknown>;
/** JSON Schema of a zod schema, without the `$schema` marker that tool/json_schema APIs reject. */
export declare function jsonSchemaOf(schema: z.ZodType): JsonSchema;
/**
 * Anthropic tool input must be an object. Non-object schemas are wrapped as `{value: ...}`; the
 * reply is unwrapped with `unwrapToolInput`.
 */
export declare function toolInputSchema(schema: JsonSchema): {
    schema: JsonSchema;
    wrapped: boolean;
};
export declare function unwrapToolInput(input: unknown, wrapped: boolean): unknown;
/**
 * OpenAI `strict: true` requires every object to list all properties as required and forbid extra
 * ones. Return the schema with `additionalProperties: false` added, and whether strict can apply.
 */
export declare function strictJsonSchema(schema: JsonSchema): {
    schema: JsonSchema;
    strict: boolean;
};
/** Names accepted by both tool and json_schema APIs: `[A-Za-z0-9_-]{1,64}`. */
export declare function safeSchemaName(name: string | undefined): string;
/**
 * Parse JSON out of model text: plain JSON, a fenced block (```json ... ```), or the outermost
 * object/array embedded in prose. Throws SyntaxError when nothing parses.
 */
export declare function extractJson(text: string): unknown;
/**
 * Read numeric strings as numbers where the schema expects a number ("7" -> 7), and list every such
 * change in `adjustments`. Numbers are never moved into range: a 1.7 on a 0-1 scale or a 7 on a 1-5
 * scale is not "top score" but a judge that did not follow the scale, so validation rejects it and the
 * caller's single repair request (then "not measured") takes over.
 */
export declare function coerceToSchema(value: unknown, schema: JsonSchema): {
    value: unknown;
    adjustments: string[];
};
export type ParseOutcome<T> = {
    ok: true;
    value: T;
    adjustments: string[];
} | {
    ok: false;
    reason: string;
};
/**
 * Everything between the raw reply and a `T`: extract JSON (unless the backend already gave an
 * object, as a tool call does), read numeric strings, validate (out-of-range numbers fail).
 */
export declare function parseStructured<T>(schema: z.ZodType<T>, jsonSchema: JsonSchema, reply: {
    text: string;
    input?: unknown;
}): ParseOutcome<T>;
/** The follow-up message of the single repair attempt: quote the error, ask for JSON only. */
export declare function repairPrompt(reason: string, jsonSchema: JsonSchema): string;
/** Instruction for backends without native structured output (Claude Code). */
export declare function jsonInstruction(jsonSchema: JsonSchema, name?: string): string;
