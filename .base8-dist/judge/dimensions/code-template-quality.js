/**
 * Code and template quality: "working, copy-paste-ready examples". A skill without any fenced code in
 * the material has nothing to judge, so no call is made and the dimension is unmeasured (the static
 * layer still reports on code blocks); scoring it 0 or 1 would be an invented number.
 */
import { CODE_TEMPLATE_QUALITY_RUBRIC } from '../rubrics.js';
import { rubricDimension } from '../rubric-judge.js';
export const codeTemplateQuality = rubricDimension({
    rubric: CODE_TEMPLATE_QUALITY_RUBRIC,
    notApplicable: (ctx) => (ctx.material.hasCode ? undefined : 'no fenced code blocks or templates in the material shown to the judge: nothing to judge'),
    task: 'Check each code block, command and template in the material; cite the ones with problems by file and first line.',
});
//# sourceMappingURL=code-template-quality.js.map