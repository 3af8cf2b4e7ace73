/**
 * Output quality: in PluginEval's methodology the judge "simulates 3 realistic tasks". The judge must write the tasks
 * and their likely outcome before any evidence or score, so the score rests on a walk-through rather than
 * on an impression of the prose.
 */
import { z } from 'zod';
import { OUTPUT_QUALITY_RUBRIC } from '../rubrics.js';
import { rubricDimension } from '../rubric-judge.js';

const simulatedTask = z.object({
  task: z.string().min(1).describe('A realistic request a user would bring to this skill'),
  outcome: z.string().min(1).describe('What an agent following the instructions would produce, and where it would go wrong'),
});

export const outputQuality = rubricDimension({
  rubric: OUTPUT_QUALITY_RUBRIC,
  workShape: { simulatedTasks: z.array(simulatedTask).min(1).describe('Three realistic tasks walked through the instructions') },
  describeWork: (value) => {
    const tasks = (value.simulatedTasks ?? []) as z.infer<typeof simulatedTask>[];
    return tasks.map((t, i) => `simulated task ${i + 1}: ${t.task} -> ${t.outcome}`);
  },
  task: 'Before scoring, simulate three realistic tasks: for each, follow the instructions step by step and state the likely outcome.',
  maxTokens: 3072,
});
