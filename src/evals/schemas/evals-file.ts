/**
 * evals.json: a skill's eval prompts and what each should achieve (skill-creator's `evals/evals.json`).
 *
 * Expectations come in two kinds, side by side in one list: plain sentences, graded by the LLM grader with quoted
 * evidence, and programmatic checks (objects with a `type`), decided by code with no model call. skill-creator's
 * own files name the list `expectations` (schemas.md) or `assertions` (its SKILL.md and the agentskills.io docs);
 * both are read, and `expectations` is what is written.
 */
import { z } from 'zod';

const Where = z
  .enum(['output', 'transcript', 'files'])
  .describe(
    'what a regex is matched against: the final reply, the whole transcript, or the text of every file in outputs/',
  );

/** Checks decided by code: deterministic, free, and exact about what they looked at. */
export const ProgrammaticExpectation = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('regex'),
    pattern: z.string().min(1),
    flags: z
      .string()
      .regex(/^[imsu]*$/, 'flags may only be i, m, s and u')
      .optional(),
    in: Where.default('output'),
    /** Pass when the pattern does NOT match (e.g. "never mentions TODO"). */
    negate: z.boolean().optional(),
    text: z.string().optional().describe('how the check reads in reports (default: generated from the check)'),
  }),
  z.object({
    type: z.literal('file_exists'),
    path: z.string().min(1).describe('path inside outputs/ (a glob with * is allowed)'),
    text: z.string().optional(),
  }),
  z.object({
    type: z.literal('json_path'),
    file: z.string().min(1).describe('JSON file inside outputs/'),
    path: z.string().min(1).describe('dotted path into it, e.g. `rows.0.total` or `$.rows[0].total`'),
    equals: z.unknown(),
    text: z.string().optional(),
  }),
  z.object({
    type: z.literal('tool_used'),
    tool: z.string().min(1),
    min: z.number().int().min(1).optional().describe('at least this many calls (default 1)'),
    max: z.number().int().min(0).optional().describe('at most this many calls (max 0: the tool must not be used)'),
    text: z.string().optional(),
  }),
  z.object({
    type: z.literal('tool_order'),
    tools: z
      .array(z.string().min(1))
      .min(2)
      .describe('tools that must be called in this order (others may come between)'),
    text: z.string().optional(),
  }),
]);
export type ProgrammaticExpectation = z.infer<typeof ProgrammaticExpectation>;

export const Expectation = z.union([
  z.string().trim().min(1, 'an expectation must not be empty'),
  ProgrammaticExpectation,
]);
export type Expectation = z.infer<typeof Expectation>;

const EvalCaseFields = {
  id: z.number().int().describe('unique integer identifier'),
  name: z.string().min(1).optional().describe('human-readable name (eval_name in reports; default eval-<id>)'),
  prompt: z.string().trim().min(1, 'the prompt must not be empty'),
  expected_output: z.string().optional(),
  files: z
    .array(z.string().min(1))
    .default([])
    .describe('input files, relative to the skill root, copied into the run'),
};

/** One eval as written: `expectations` (schemas.md) or `assertions` (SKILL.md, agentskills.io). */
const EvalCaseInput = z
  .object({
    ...EvalCaseFields,
    expectations: z.array(Expectation).optional(),
    assertions: z.array(Expectation).optional(),
  })
  .loose()
  .transform(({ assertions, expectations, ...rest }) => ({ ...rest, expectations: expectations ?? assertions ?? [] }));

export const EvalCase = z.object({ ...EvalCaseFields, expectations: z.array(Expectation).default([]) }).loose();
export type EvalCase = z.infer<typeof EvalCase>;

/** evals.json as read: either list name, ids unique. */
export const EvalsFileInput = z
  .object({ skill_name: z.string().min(1), evals: z.array(EvalCaseInput).min(1, 'the file has no evals') })
  .loose()
  .superRefine((file, ctx) => {
    const seen = new Map<number, number>();
    file.evals.forEach((e, i) => {
      const first = seen.get(e.id);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['evals', i, 'id'],
          message: `duplicate id ${e.id} (also evals[${first}])`,
        });
      else seen.set(e.id, i);
    });
  });

/** evals.json as written (and as published by `plugin-eval schema evals`). */
export const EvalsFile = z
  .object({ skill_name: z.string().min(1), evals: z.array(EvalCase).min(1) })
  .loose()
  .meta({
    id: 'EvalsFile',
    title: 'evals.json',
    description: "A skill's eval prompts and expectations (skill-creator's evals/evals.json)",
  });
export type EvalsFile = z.infer<typeof EvalsFile>;

/** How an expectation reads in grading.json and the viewer. */
export function expectationText(expectation: Expectation): string {
  if (typeof expectation === 'string') return expectation;
  if (expectation.text !== undefined) return expectation.text;
  switch (expectation.type) {
    case 'regex':
      return (
        `${expectation.in} ${expectation.negate ? 'does not match' : 'matches'} ` +
        `/${expectation.pattern}/${expectation.flags ?? ''}`
      );
    case 'file_exists':
      return `outputs/${expectation.path} exists`;
    case 'json_path':
      return `${expectation.file} ${expectation.path} equals ${JSON.stringify(expectation.equals)}`;
    case 'tool_used':
      if (expectation.max === 0) return `the ${expectation.tool} tool is not used`;
      return (
        `the ${expectation.tool} tool is ` +
        `used${expectation.min !== undefined && expectation.min > 1 ? ` at least ${expectation.min} times` : ''}${expectation.max !== undefined ? ` at most ${expectation.max} times` : ''}`
      );
    case 'tool_order':
      return `tools are called in the order ${expectation.tools.join(' -> ')}`;
  }
}

/** The eval's name as reports show it. */
export const evalNameOf = (e: { id: number; name?: string | undefined }): string => e.name ?? `eval-${e.id}`;
