/** history.json: the versions of a skill across iterations of Improve mode, and which is the current best. */
import { z } from 'zod';

export const HistoryIteration = z
  .object({
    version: z.string().min(1),
    parent: z.string().nullable(),
    expectation_pass_rate: z.number().min(0).max(1),
    grading_result: z.enum(['baseline', 'won', 'lost', 'tie']),
    is_current_best: z.boolean(),
  })
  .loose();
export type HistoryIteration = z.infer<typeof HistoryIteration>;

export const History = z
  .object({
    started_at: z.string(),
    skill_name: z.string(),
    current_best: z.string(),
    iterations: z.array(HistoryIteration),
  })
  .loose()
  .meta({
    id: 'History',
    title: 'history.json',
    description: 'Versions of a skill across iterations, their pass rates and the current best',
  });
export type History = z.infer<typeof History>;
