/**
 * The judge layer's rubrics are the toolkit's `Rubric` (src/judge/kit/schemas.ts): the format `plugin-eval judge`
 * loads, saves and renders. Each judged dimension keeps its rubric as typed data in its own module under
 * ./dimensions/, written with anchors on [0, 1] (1.0 / 0.75 / 0.5 / 0.25 / 0.0) as PluginEval's methodology states
 * them; `anchoredRubric` turns those into the levels of a 1-N scale, lowest first.
 *
 * Scores are on [0, 1]; a judge interpolates between two anchors when the skill falls between them. PluginEval's
 * dimension grades are A >= 0.9, B >= 0.8, C >= 0.7, D >= 0.6, else F, so "0.75" reads as a C, not a B.
 *
 * Changing an anchor's wording changes every prompt that uses it, and with it the prompt version reports carry (a
 * content hash of the rendered prompt, see rubric-judge.ts); nobody bumps a number. The response cache keys on the
 * prompt text, so old answers stop matching on their own.
 */
import { Rubric } from './kit/schemas.js';

export { Rubric };

export interface RubricAnchor {
  score: number;
  /** What a skill at this level looks like, concretely enough that two judges pick the same anchor. */
  description: string;
}

/** A rubric written with anchors on [0, 1] in place of numbered levels. */
export interface AnchoredRubricInput {
  /** The dimension's title. */
  criterion: string;
  /** The one question the judge answers. */
  description: string;
  /** What to look at, in the order a careful reviewer would. */
  scoringGuidelines: readonly string[];
  anchors: readonly RubricAnchor[];
}

/**
 * The rubric with its anchors as the levels of a 1-N scale, lowest first, labelled with the anchor's score. Anchors
 * must sit evenly on [0, 1] so that level k normalises, as the toolkit normalises every score, to (k - 1) / (N - 1),
 * exactly the anchor's score; a rubric with misplaced anchors throws when its module loads.
 */
export function anchoredRubric(input: AnchoredRubricInput): Rubric {
  const anchors = [...input.anchors].sort((a, b) => a.score - b.score);
  const max = anchors.length;
  anchors.forEach((a, i) => {
    if (Math.abs(a.score - i / (max - 1)) > 1e-9)
      throw new Error(
        `rubric ${input.criterion}: anchor ${a.score} is not at ${i}/${max - 1}; anchors must sit evenly on [0, 1]`,
      );
  });
  return Rubric.parse({
    criterion: input.criterion,
    description: input.description,
    scale: { min: 1, max },
    levels: anchors.map((a, i) => ({
      score: i + 1,
      label: a.score.toFixed(2),
      description: a.description,
      characteristics: [],
    })),
    scoringGuidelines: [...input.scoringGuidelines],
  });
}

/** A rubric's levels as anchors on [0, 1], lowest first (normalised as the toolkit normalises scores). */
export function rubricAnchors(rubric: Rubric): RubricAnchor[] {
  return [...rubric.levels]
    .sort((a, b) => a.score - b.score)
    .map((l) => ({ score: (l.score - 1) / (rubric.scale.max - 1), description: l.description }));
}
