/**
 * comparison.json (the blind comparator) and analysis.json (the post-hoc analyzer), as skill-creator's schemas define
 * them.
 */
import { z } from 'zod';

const Score = z.number();
const RubricSide = z
  .object({
    content: z.record(z.string(), Score),
    structure: z.record(z.string(), Score),
    content_score: Score,
    structure_score: Score,
    overall_score: Score,
  })
  .loose();

const QualitySide = z.object({ score: Score, strengths: z.array(z.string()), weaknesses: z.array(z.string()) }).loose();
const ExpectationSide = z
  .object({
    passed: z.number().int(),
    total: z.number().int(),
    pass_rate: z.number(),
    details: z.array(z.object({ text: z.string(), passed: z.boolean() }).loose()),
  })
  .loose();

export const Comparison = z
  .object({
    winner: z.enum(['A', 'B', 'TIE']),
    reasoning: z.string(),
    rubric: z.object({ A: RubricSide, B: RubricSide }).loose(),
    output_quality: z.object({ A: QualitySide, B: QualitySide }).loose(),
    expectation_results: z.object({ A: ExpectationSide, B: ExpectationSide }).loose().optional(),
    // Beyond skill-creator's schemas: which output was shown as A, recorded so the blind assignment can be checked and
    // undone.
    blind: z
      .object({
        A: z.string(),
        B: z.string(),
        seed: z.union([z.number(), z.string()]).optional(),
        winner_source: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .loose()
  .meta({
    id: 'Comparison',
    title: 'comparison.json',
    description: "The blind comparator's verdict between outputs A and B",
  });
export type Comparison = z.infer<typeof Comparison>;

export const Analysis = z
  .object({
    comparison_summary: z
      .object({
        winner: z.string(),
        winner_skill: z.string(),
        loser_skill: z.string(),
        comparator_reasoning: z.string(),
      })
      .loose(),
    winner_strengths: z.array(z.string()),
    loser_weaknesses: z.array(z.string()),
    instruction_following: z
      .object({
        winner: z.object({ score: Score, issues: z.array(z.string()) }).loose(),
        loser: z.object({ score: Score, issues: z.array(z.string()) }).loose(),
      })
      .loose(),
    improvement_suggestions: z.array(
      z
        .object({
          priority: z.enum(['high', 'medium', 'low']),
          category: z.string(),
          suggestion: z.string(),
          expected_impact: z.string(),
        })
        .loose(),
    ),
    transcript_insights: z
      .object({ winner_execution_pattern: z.string(), loser_execution_pattern: z.string() })
      .loose(),
  })
  .loose()
  .meta({
    id: 'Analysis',
    title: 'analysis.json',
    description: "The post-hoc analyzer's account of why the winner won, with improvement suggestions",
  });
export type Analysis = z.infer<typeof Analysis>;
