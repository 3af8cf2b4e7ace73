/** Scope calibration: depth and breadth relative to the skill's category (judge-only in PluginEval's methodology). */
import { anchoredRubric, type Rubric } from '../rubrics.js';
import { rubricDimension } from '../rubric-judge.js';

export const SCOPE_CALIBRATION_RUBRIC: Rubric = anchoredRubric({
  criterion: 'Scope calibration',
  description: "Are the skill's depth and breadth right for its category: neither a stub nor a bloated catch-all?",
  scoringGuidelines: [
    'Identify the category (e.g. a narrow tool wrapper, a workflow, a domain reference) and what such a skill needs.',
    'Depth: does it cover what its category needs, without padding, repetition or filler?',
    'Breadth: one coherent area; not so narrow it should merge with a sibling, not so broad it should be split.',
    'Detail that is only sometimes needed lives in references/, not in SKILL.md.',
  ],
  anchors: [
    {
      score: 1.0,
      description:
        'Exactly right for its category: complete, focused, no padding; rarely needed detail is in references/.',
    },
    {
      score: 0.75,
      description: 'Well scoped with minor issues: a thin section, or some content that belongs in references/.',
    },
    {
      score: 0.5,
      description:
        'Noticeably off: missing an important part of its area, or carrying substantial padding or off-topic material.',
    },
    {
      score: 0.25,
      description:
        'Badly scoped: a stub that leaves the agent guessing, or a sprawling document covering several skills.',
    },
    { score: 0.0, description: 'No usable scope: empty, placeholder text, or unrelated content.' },
  ],
});

export const scopeCalibration = rubricDimension({
  dimension: 'scope_calibration',
  rubric: SCOPE_CALIBRATION_RUBRIC,
  task:
    'Start by naming the category of this skill in your reasoning; judge depth and breadth against what that ' +
    'category needs.',
});
