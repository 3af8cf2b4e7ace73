/**
 * Output quality: in PluginEval's methodology the judge "simulates 3 realistic tasks". The judge must write the tasks
 * and their likely outcome before any evidence or score, so the score rests on a walk-through rather than
 * on an impression of the prose.
 */
import { z } from 'zod';
import { anchoredRubric, type Rubric } from '../rubrics.js';
import { rubricDimension } from '../rubric-judge.js';

const simulatedTask = z.object({
  task: z.string().min(1).describe('A realistic request a user would bring to this skill'),
  outcome: z
    .string()
    .min(1)
    .describe('What an agent following the instructions would produce, and where it would go wrong'),
});

export const OUTPUT_QUALITY_RUBRIC: Rubric = anchoredRubric({
  // Coherence is judged before structure, and incoherent text is anchored at the bottom.
  criterion: 'Output quality',
  description:
    'If an agent followed these instructions on realistic tasks, would it produce correct, complete, ' +
    'well-formed output?',
  scoringGuidelines: [
    'First read the prose as a whole: do its sentences connect into instructions that can be followed in order? ' +
      'Shuffled sentences, word salad, generated babble and stock filler cannot be followed, however complete the ' +
      'headings, code blocks, examples and reference files around them; structure earns nothing without meaning.',
    'Imagine three realistic tasks a user would bring to this skill; walk each through the instructions.',
    'Instructions are concrete and ordered enough to follow without guessing.',
    'The expected output is specified (format, sections, quality bar) and examples show it.',
    'Common edge cases (empty or malformed input, missing tools, ambiguous requests) are handled.',
    'Nothing in the instructions would lead to wrong or unsafe output.',
  ],
  anchors: [
    {
      score: 1.0,
      description:
        'All three simulated tasks would succeed: concrete steps, specified output with examples, edge cases covered.',
    },
    {
      score: 0.75,
      description:
        'Tasks would mostly succeed; one gap (an unspecified output detail, an unhandled edge case) would need ' +
        'the agent to guess.',
    },
    {
      score: 0.5,
      description: 'Some tasks would succeed; vague steps or missing output specification make results inconsistent.',
    },
    {
      score: 0.25,
      description:
        'Most tasks would go wrong or stall: instructions are generic, contradictory or incomplete, or coherent ' +
        'only in places.',
    },
    {
      score: 0.0,
      description:
        'Following the skill would not produce useful output at all, or would produce harmful output. This ' +
        'includes text that reads as sentences but does not cohere into followable instructions (sentences in ' +
        'shuffled order, word salad, babble, filler), whatever its structure.',
    },
  ],
});

export const outputQuality = rubricDimension({
  dimension: 'output_quality',
  rubric: OUTPUT_QUALITY_RUBRIC,
  workShape: {
    simulatedTasks: z.array(simulatedTask).min(1).describe('Three realistic tasks walked through the instructions'),
  },
  describeWork: (value) => {
    const tasks = (value.simulatedTasks ?? []) as z.infer<typeof simulatedTask>[];
    return tasks.map((t, i) => `simulated task ${i + 1}: ${t.task} -> ${t.outcome}`);
  },
  task:
    'Before scoring, simulate three realistic tasks: for each, follow the instructions step by step and state the ' +
    'likely outcome.',
  maxTokens: 3072,
});
