/**
 * Grading an activated positive run: the judge rates the agent's final output against the prompt it answered
 * (not by its length), through the toolkit's direct scoring with a fixed rubric. The grade is the toolkit's
 * normalised score in [0, 1]; a reply the judge could not give, or a provider failure, leaves the run ungraded
 * (quality null), which the statistics count apart from low quality.
 */
import { scoreDirect } from '../judge/kit/direct.js';
import type { CriterionInput } from '../judge/kit/schemas.js';
import { emptyUsage, type UsageSummary } from '../providers/pricing.js';
import type { Provider } from '../providers/types.js';

export const OUTPUT_CRITERIA: readonly CriterionInput[] = [
  {
    name: 'Task completion',
    description: 'The output does what the request asked, fully, without leaving required parts undone.',
    weight: 0.4,
  },
  {
    name: 'Correctness',
    description: 'What the output states or produces is accurate and would work as given.',
    weight: 0.35,
  },
  {
    name: 'Usefulness',
    description: 'A user could act on the output directly: specific, well organised, no filler.',
    weight: 0.25,
  },
];

export interface OutputGrade {
  /** Normalised 0-1 grade, null when ungraded. */
  quality: number | null;
  /** Why it is ungraded. */
  reason?: string;
  /** The grading call's usage, under the one ledger's rules (cache hits, unpriced models). */
  usage: UsageSummary;
}

export async function gradeOutput(
  provider: Provider,
  input: { prompt: string; output: string; skillName: string },
  options: { model: string; signal?: AbortSignal },
): Promise<OutputGrade> {
  if (input.output.trim() === '') return { quality: 0, reason: 'the agent produced no output', usage: emptyUsage() };
  const result = await scoreDirect(
    provider,
    {
      prompt: input.prompt,
      response: input.output,
      context: `The agent answered with the "${input.skillName}" skill loaded.`,
    },
    { model: options.model, criteria: OUTPUT_CRITERIA, ...(options.signal ? { signal: options.signal } : {}) },
  );
  if (result.status !== 'scored') return { quality: null, reason: result.reason ?? 'ungraded', usage: result.cost };
  // A grade on fewer criteria than the rubric's is not this rubric's grade: ungraded, never a quality on part of it.
  if (result.gaps.length > 0)
    return { quality: null, reason: `graded only in part: ${result.gaps.join('; ')}`, usage: result.cost };
  return { quality: result.normalisedScore, usage: result.cost };
}
