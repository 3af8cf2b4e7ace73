/**
 * grading.json: the grader's verdict on one run. skill-creator's viewer reads `expectations[].{text, passed,
 * evidence}`; the agentskills.io docs call the list `assertion_results`; both are read, `expectations` is written.
 */
import { z } from 'zod';
import { RunMetrics } from './run-files.js';

export const GradedExpectation = z
  .object({
    text: z.string(),
    passed: z.boolean(),
    evidence: z.string(),
    // Beyond skill-creator's schemas: who decided (code or the LLM grader), so a reader knows what to trust.
    method: z.enum(['programmatic', 'llm']).optional(),
  })
  .loose();
export type GradedExpectation = z.infer<typeof GradedExpectation>;

// The pass rate is recomputed as passed / total, so a summary claiming more passes than expectations would make a
// rate above 1: it is refused here, naming the field, not found later when benchmark.json fails its own check.
const GradingSummary = z
  .object({
    passed: z.number().int().min(0),
    failed: z.number().int().min(0),
    total: z.number().int().min(0),
    pass_rate: z.number().min(0).max(1),
  })
  .loose()
  .refine((s) => s.passed <= s.total, {
    message: 'more passed than total: the summary does not add up',
    path: ['passed'],
  })
  .refine((s) => s.failed <= s.total, {
    message: 'more failed than total: the summary does not add up',
    path: ['failed'],
  });

const GradingFields = {
  summary: GradingSummary,
  execution_metrics: RunMetrics.partial().loose().optional(),
  timing: z
    .object({
      executor_duration_seconds: z.number().optional(),
      grader_duration_seconds: z.number().optional(),
      total_duration_seconds: z.number().optional(),
    })
    .loose()
    .optional(),
  claims: z
    .array(z.object({ claim: z.string(), type: z.string(), verified: z.boolean(), evidence: z.string() }).loose())
    .default([]),
  user_notes_summary: z
    .object({
      uncertainties: z.array(z.string()).default([]),
      needs_review: z.array(z.string()).default([]),
      workarounds: z.array(z.string()).default([]),
    })
    .loose()
    .optional(),
  eval_feedback: z
    .object({
      suggestions: z.array(z.object({ assertion: z.string().optional(), reason: z.string() }).loose()).default([]),
      overall: z.string().optional(),
    })
    .loose()
    .optional(),
};

export const Grading = z
  .object({ expectations: z.array(GradedExpectation), ...GradingFields })
  .loose()
  .meta({
    id: 'Grading',
    title: 'grading.json',
    description: "The grader's PASS/FAIL per expectation with evidence, claims and eval feedback for one run",
  });
export type Grading = z.infer<typeof Grading>;

/** grading.json as read: `expectations` or `assertion_results`. */
export const GradingInput = z
  .object({
    expectations: z.array(GradedExpectation).optional(),
    assertion_results: z.array(GradedExpectation).optional(),
    ...GradingFields,
  })
  .loose()
  .refine((g) => g.expectations !== undefined || g.assertion_results !== undefined, {
    message: 'needs "expectations" (or "assertion_results")',
    path: ['expectations'],
  })
  .transform(({ assertion_results, expectations, ...rest }) => ({
    ...rest,
    expectations: expectations ?? assertion_results ?? [],
  }));
