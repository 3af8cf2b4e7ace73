/**
 * Measured uplift: whether the agent's output is better with the skill than without it. Each comparison pairs one
 * output made with the skill installed and one made without it, for the same prompt; the judge compares them in
 * both orders, and a verdict that changes with the order is a tie. Comparisons are clustered by prompt (repeated
 * runs of one prompt are one piece of evidence), and the interval is a cluster bootstrap.
 */
import { z } from 'zod';

export const UpliftComparison = z.object({
  prompt: z.string(),
  /** The skill the with-skill output was made with (a plugin pools its skills' comparisons). */
  skill: z.string().optional(),
  status: z
    .enum(['judged', 'unmeasured'])
    .describe('unmeasured: a run or the judge failed for infrastructure reasons; never counted as a loss'),
  reason: z.string().optional(),
  preference: z
    .union([z.literal(-1), z.literal(0), z.literal(1)])
    .nullable()
    .describe('1: the output with the skill won both orders; -1: the one without it did; 0: a tie or a split'),
  consistent: z.boolean().nullable().describe('false: the two orders disagreed (counted as a tie)'),
  confidence: z.number().nullable(),
});
export type UpliftComparison = z.infer<typeof UpliftComparison>;

export const Uplift = z
  .object({
    status: z.enum(['measured', 'not-measured']),
    reason: z.string().optional().describe('Why the uplift was not measured (too few comparisons, no judge...)'),
    source: z
      .enum(['pairwise', 'evals'])
      .describe("pairwise: Monte Carlo's with/without runs compared by the judge; evals: evals.json's graded delta"),
    configurations: z
      .string()
      .optional()
      .describe('evals: the configurations compared, candidate minus baseline ("with_skill − without_skill")'),
    comparisons: z.number().int().describe('Judged comparisons (unmeasured ones are not in it)'),
    prompts: z.number().int().describe('Distinct prompts behind the judged comparisons (the clusters)'),
    wins: z.number().int(),
    losses: z.number().int(),
    ties: z.number().int(),
    splits: z.number().int().describe('Ties because the two orders disagreed (position bias)'),
    unmeasured: z.number().int().describe('Comparisons lost to infrastructure failures of a run or the judge'),
    winRate: z
      .number()
      .nullable()
      .describe('(wins + ties / 2) / comparisons: how often the output with the skill is preferred'),
    uplift: z
      .number()
      .nullable()
      .describe('pairwise: (wins - losses) / comparisons, in [-1, 1]; evals: pass rate with minus without'),
    low: z.number().nullable().describe('95% interval of the uplift, bootstrap clustered by prompt'),
    high: z.number().nullable(),
    records: z.array(UpliftComparison).optional(),
  })
  .describe('Measured uplift: is the output better with the skill than without it');
export type Uplift = z.infer<typeof Uplift>;
