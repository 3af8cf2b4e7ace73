/**
 * Anchored rubrics of the judged dimensions, kept as typed data (not prose inside code) so they can be
 * reviewed, versioned and reported on their own. A TS data module rather than JSON/YAML so it is found
 * the same way from `src/` under vitest and from `dist/` after `tsc`, with no asset copying.
 *
 * Scores are on [0, 1]. Anchors sit at 1.0 / 0.75 / 0.5 / 0.25 / 0.0; a judge interpolates between
 * two anchors when the skill falls between them. The dimension grades of PluginEval's methodology are A >= 0.9, B >=
 * 0.8, C >= 0.7, D >= 0.6, else F, so "0.75" reads as a C, not a B.
 *
 * Changing an anchor's wording changes every prompt that uses it, and with it the prompt version reports
 * carry (a content hash of the rendered prompt, see rubric-judge.ts); nobody bumps a number. The response
 * cache keys on the prompt text, so old answers stop matching on their own.
 */
import { Rubric as ToolkitRubric } from '../judgekit/schemas.js';
import type { DimensionName } from '../model/dimensions.js';

export interface RubricAnchor {
  score: number;
  /** What a skill at this level looks like, concretely enough that two judges pick the same anchor. */
  description: string;
}

export interface Rubric {
  dimension: DimensionName;
  title: string;
  /** The one question the judge answers. */
  question: string;
  /** What to look at, in the order a careful reviewer would. */
  criteria: readonly string[];
  anchors: readonly RubricAnchor[];
}

export const ORCHESTRATION_FITNESS_RUBRIC: Rubric = {
  dimension: 'orchestration_fitness',
  title: 'Orchestration fitness (worker purity)',
  question:
    'Is this skill a pure worker that an agent or orchestrator can invoke for one well-defined job, with clear inputs and outputs, rather than a supervisor that plans, dispatches and coordinates other agents?',
  criteria: [
    'The job the skill does is single and well bounded.',
    'Inputs the skill expects (files, arguments, context) are stated.',
    'The output (format, location, shape) is stated so a caller can consume it.',
    'Supervisor logic (planning multi-agent work, dispatching sub-agents, long-lived coordination) is absent or delegated to agents.',
    'Side effects and preconditions are explicit, so the skill composes safely with others.',
  ],
  anchors: [
    { score: 1.0, description: 'A pure worker: one job, inputs and output format stated precisely, no orchestration logic, composes cleanly.' },
    { score: 0.75, description: 'Mostly a worker: one job and a described output, but inputs or output shape are partly implicit, or a little coordination logic leaks in.' },
    { score: 0.5, description: 'Mixed: does its job but also plans or sequences other work; inputs/outputs must be inferred from examples.' },
    { score: 0.25, description: 'Largely a supervisor or a grab bag: several loosely related jobs, dispatching or coordination dominates, no stated contract.' },
    { score: 0.0, description: 'No identifiable job or contract: a caller could not tell what to pass in or what comes back.' },
  ],
};

export const OUTPUT_QUALITY_RUBRIC: Rubric = {
  dimension: 'output_quality',
  // Coherence is judged before structure, and incoherent text is anchored at the bottom.
  title: 'Output quality',
  question:
    'If an agent followed these instructions on realistic tasks, would it produce correct, complete, well-formed output?',
  criteria: [
    'First read the prose as a whole: do its sentences connect into instructions that can be followed in order? Shuffled sentences, word salad, generated babble and stock filler cannot be followed, however complete the headings, code blocks, examples and reference files around them; structure earns nothing without meaning.',
    'Imagine three realistic tasks a user would bring to this skill; walk each through the instructions.',
    'Instructions are concrete and ordered enough to follow without guessing.',
    'The expected output is specified (format, sections, quality bar) and examples show it.',
    'Common edge cases (empty or malformed input, missing tools, ambiguous requests) are handled.',
    'Nothing in the instructions would lead to wrong or unsafe output.',
  ],
  anchors: [
    { score: 1.0, description: 'All three simulated tasks would succeed: concrete steps, specified output with examples, edge cases covered.' },
    { score: 0.75, description: 'Tasks would mostly succeed; one gap (an unspecified output detail, an unhandled edge case) would need the agent to guess.' },
    { score: 0.5, description: 'Some tasks would succeed; vague steps or missing output specification make results inconsistent.' },
    { score: 0.25, description: 'Most tasks would go wrong or stall: instructions are generic, contradictory or incomplete, or coherent only in places.' },
    {
      score: 0.0,
      description:
        'Following the skill would not produce useful output at all, or would produce harmful output. This includes text that reads as sentences but does not cohere into followable instructions (sentences in shuffled order, word salad, babble, filler), whatever its structure.',
    },
  ],
};

export const SCOPE_CALIBRATION_RUBRIC: Rubric = {
  dimension: 'scope_calibration',
  title: 'Scope calibration',
  question:
    "Are the skill's depth and breadth right for its category: neither a stub nor a bloated catch-all?",
  criteria: [
    'Identify the category (e.g. a narrow tool wrapper, a workflow, a domain reference) and what such a skill needs.',
    'Depth: does it cover what its category needs, without padding, repetition or filler?',
    'Breadth: one coherent area; not so narrow it should merge with a sibling, not so broad it should be split.',
    'Detail that is only sometimes needed lives in references/, not in SKILL.md.',
  ],
  anchors: [
    { score: 1.0, description: 'Exactly right for its category: complete, focused, no padding; rarely needed detail is in references/.' },
    { score: 0.75, description: 'Well scoped with minor issues: a thin section, or some content that belongs in references/.' },
    { score: 0.5, description: 'Noticeably off: missing an important part of its area, or carrying substantial padding or off-topic material.' },
    { score: 0.25, description: 'Badly scoped: a stub that leaves the agent guessing, or a sprawling document covering several skills.' },
    { score: 0.0, description: 'No usable scope: empty, placeholder text, or unrelated content.' },
  ],
};

export const CODE_TEMPLATE_QUALITY_RUBRIC: Rubric = {
  dimension: 'code_template_quality',
  title: 'Code and template quality',
  question: "Are the skill's code blocks, commands and templates correct, complete and copy-paste ready?",
  criteria: [
    'Code would run or parse as written (syntax, imports, real APIs and flags).',
    'Blocks carry a language tag and are complete, not fragments with unexplained ellipses.',
    'Placeholders are clearly marked and explained.',
    "Templates match the output format the skill's prose asks for.",
    'Nothing dangerous is run without warning (destructive commands, secrets in code).',
  ],
  anchors: [
    { score: 1.0, description: 'Every block is correct, tagged, complete and consistent with the prose; placeholders are explained.' },
    { score: 0.75, description: 'Blocks are correct and usable; minor issues (a missing tag, an unexplained placeholder).' },
    { score: 0.5, description: 'Usable with fixes: some blocks are fragments, outdated or inconsistent with the prose.' },
    { score: 0.25, description: 'Mostly broken: syntax errors, invented APIs or flags, or templates that contradict the instructions.' },
    { score: 0.0, description: 'Code present but unusable or dangerous as written.' },
  ],
};

/** Triggering accuracy is measured (F1 of routing decisions), not graded; its "rubric" explains the measurement. */
export const TRIGGERING_ACCURACY_RUBRIC: Rubric = {
  dimension: 'triggering_accuracy',
  title: 'Triggering accuracy',
  question: 'Does an agent that sees only the skill listing load this skill for the requests it serves, and only for those?',
  criteria: [
    'Five realistic requests the skill should handle, five near misses it should not.',
    "Each request is routed by a model that sees only the skill listing (name and description among fixed distractors).",
    'Score = F1 of "loads this skill" against the labels.',
  ],
  anchors: [
    { score: 1.0, description: 'Every should-trigger request routed to the skill and no near miss.' },
    { score: 0.5, description: 'About half of the decisions wrong in the positive class (missed or false triggers).' },
    { score: 0.0, description: 'The skill was never chosen for a request it serves.' },
  ],
};

/**
 * The judge layer's rubric as a toolkit rubric (the format `plugin-eval judge` loads, saves and renders):
 * anchors become the levels of a 1-N scale, lowest first, and "what to look at" its scoring guidelines.
 * Anchors must sit evenly on [0, 1] so that level k normalises, as the toolkit normalises every score, to
 * (k - 1) / (N - 1), exactly the anchor's score; the rubrics above are checked against that when loaded.
 */
export function toToolkitRubric(rubric: Rubric): ToolkitRubric {
  const anchors = [...rubric.anchors].sort((a, b) => a.score - b.score);
  const max = anchors.length;
  anchors.forEach((a, i) => {
    if (Math.abs(a.score - i / (max - 1)) > 1e-9) throw new Error(`rubric ${rubric.dimension}: anchor ${a.score} is not at ${i}/${max - 1}; anchors must sit evenly on [0, 1]`);
  });
  return ToolkitRubric.parse({
    criterion: rubric.title,
    description: rubric.question,
    scale: { min: 1, max },
    levels: anchors.map((a, i) => ({ score: i + 1, label: a.score.toFixed(2), description: a.description, characteristics: [] })),
    scoringGuidelines: [...rubric.criteria],
  });
}
