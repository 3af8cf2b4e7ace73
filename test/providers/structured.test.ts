import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  coerceToSchema,
  extractJson,
  jsonSchemaOf,
  parseStructured,
  safeSchemaName,
  strictJsonSchema,
  toolInputSchema,
  unwrapToolInput,
} from '../../src/providers/structured.js';

const rubric = z.object({
  reasons: z.string(),
  score: z.number().int().min(1).max(10),
  confidence: z.number().min(0).max(1),
  perCriterion: z.array(z.object({ name: z.string(), score: z.number().min(0).max(3) })),
});
const rubricJson = jsonSchemaOf(rubric);

describe('extractJson', () => {
  it('reads plain JSON, fenced JSON and JSON wrapped in prose', () => {
    expect(extractJson('{"a":1}')).toEqual({ a: 1 });
    expect(extractJson('```json\n{"a": 2}\n```')).toEqual({ a: 2 });
    expect(extractJson('```\n[1,2]\n```')).toEqual([1, 2]);
    expect(extractJson('Sure! Here is the result: {"a": {"b": 3}} Hope it helps.')).toEqual({ a: { b: 3 } });
  });

  it('throws a SyntaxError quoting the reply when nothing parses', () => {
    expect(() => extractJson('I refuse.')).toThrow(/reply is not JSON: I refuse\./);
  });
});

describe('coerceToSchema', () => {
  it('never moves a number into range: out-of-range values pass through for validation to reject', () => {
    const raw = {
      reasons: 'x',
      score: 14,
      confidence: -0.2,
      perCriterion: [
        { name: 'a', score: 2 },
        { name: 'b', score: 7 },
      ],
    };
    const { value, adjustments } = coerceToSchema(raw, rubricJson);
    expect(value).toEqual(raw);
    expect(adjustments).toEqual([]);
  });

  it('reads numeric strings as numbers where a number is expected', () => {
    expect(coerceToSchema({ score: '7' }, rubricJson)).toEqual({
      value: { score: 7 },
      adjustments: ['score: "7" read as a number'],
    });
    expect(coerceToSchema({ reasons: '7' }, rubricJson).value).toEqual({ reasons: '7' });
  });

  it('follows $ref definitions and nullable unions', () => {
    const inner = z.object({ s: z.number().max(5) });
    const schema = z.object({ a: inner, b: inner, n: z.number().min(0).max(1).nullable() });
    const json = jsonSchemaOf(schema);
    expect(coerceToSchema({ a: { s: '9' }, b: { s: 1 }, n: '0.5' }, json).value).toEqual({
      a: { s: 9 },
      b: { s: 1 },
      n: 0.5,
    });
  });
});

describe('parseStructured', () => {
  it('rejects a number outside the declared range instead of clamping it', () => {
    const outcome = parseStructured(rubric, rubricJson, {
      text: '{"reasons":"r","score":11,"confidence":0.5,"perCriterion":[]}',
    });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toMatch(/score/);
    const fraction = parseStructured(rubric, rubricJson, {
      text: '{"reasons":"r","score":7,"confidence":1.7,"perCriterion":[]}',
    });
    expect(!fraction.ok && fraction.reason).toMatch(/confidence/);
  });

  it('accepts in-range numeric strings, listing the reading', () => {
    const outcome = parseStructured(rubric, rubricJson, {
      text: '{"reasons":"r","score":"10","confidence":0.5,"perCriterion":[]}',
    });
    expect(outcome).toEqual({
      ok: true,
      value: { reasons: 'r', score: 10, confidence: 0.5, perCriterion: [] },
      adjustments: ['score: "10" read as a number'],
    });
  });

  it('prefers an already-parsed tool input over the text', () => {
    const outcome = parseStructured(
      z.object({ a: z.number() }),
      { type: 'object' },
      { text: 'ignored', input: { a: 1 } },
    );
    expect(outcome.ok).toBe(true);
  });

  it('explains which fields are wrong', () => {
    const outcome = parseStructured(rubric, rubricJson, { text: '{"score": 3}' });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toMatch(/reasons/);
  });
});

describe('schema adaptation', () => {
  it('makes objects strict for OpenAI and detects optional fields', () => {
    const strict = strictJsonSchema(jsonSchemaOf(z.object({ a: z.object({ b: z.number() }) })));
    expect(strict.strict).toBe(true);
    expect((strict.schema.properties as { a: { additionalProperties: boolean } }).a.additionalProperties).toBe(false);
    expect(strictJsonSchema(jsonSchemaOf(z.object({ a: z.number().optional() }))).strict).toBe(false);
  });

  it('wraps non-object tool schemas and unwraps answers', () => {
    expect(toolInputSchema({ type: 'object' }).wrapped).toBe(false);
    const wrapped = toolInputSchema({ type: 'array' });
    expect(wrapped).toMatchObject({ wrapped: true, schema: { type: 'object', required: ['value'] } });
    expect(unwrapToolInput({ value: [1] }, true)).toEqual([1]);
  });

  it('drops $schema and sanitises names', () => {
    expect(jsonSchemaOf(z.string())).toEqual({ type: 'string' });
    expect(safeSchemaName('my verdict!')).toBe('my_verdict_');
    expect(safeSchemaName(undefined)).toBe('result');
  });
});
