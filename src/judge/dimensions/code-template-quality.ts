/**
 * Code and template quality: "working, copy-paste-ready examples". A skill without any fenced code in
 * the material has nothing to judge, so no call is made and the dimension is unmeasured (the static
 * layer still reports on code blocks); scoring it 0 or 1 would be an invented number.
 */
import { anchoredRubric, type Rubric } from '../rubrics.js';
import { rubricDimension } from '../rubric-judge.js';

export const CODE_TEMPLATE_QUALITY_RUBRIC: Rubric = anchoredRubric({
  criterion: 'Code and template quality',
  description: "Are the skill's code blocks, commands and templates correct, complete and copy-paste ready?",
  scoringGuidelines: [
    'Code would run or parse as written (syntax, imports, real APIs and flags).',
    'Blocks carry a language tag and are complete, not fragments with unexplained ellipses.',
    'Placeholders are clearly marked and explained.',
    "Templates match the output format the skill's prose asks for.",
    'Nothing dangerous is run without warning (destructive commands, secrets in code).',
  ],
  anchors: [
    {
      score: 1.0,
      description:
        'Every block is correct, tagged, complete and consistent with the prose; placeholders are explained.',
    },
    {
      score: 0.75,
      description: 'Blocks are correct and usable; minor issues (a missing tag, an unexplained placeholder).',
    },
    {
      score: 0.5,
      description: 'Usable with fixes: some blocks are fragments, outdated or inconsistent with the prose.',
    },
    {
      score: 0.25,
      description:
        'Mostly broken: syntax errors, invented APIs or flags, or templates that contradict the instructions.',
    },
    { score: 0.0, description: 'Code present but unusable or dangerous as written.' },
  ],
});

export const codeTemplateQuality = rubricDimension({
  dimension: 'code_template_quality',
  rubric: CODE_TEMPLATE_QUALITY_RUBRIC,
  notApplicable: (ctx) =>
    ctx.material.hasCode
      ? undefined
      : 'no fenced code blocks or templates in the material shown to the judge: nothing to judge',
  task:
    'Check each code block, command and template in the material; cite the ones with problems by file and first ' +
    'line.',
});
