import type { DimensionName } from '../model/dimensions.js';

/**
 * One short, actionable improvement tip per dimension, following the methodology's "Tips for Improving a
 * Skill's Score". The scoring code copies these into `result.tips`, ordered lowest grade / highest weight first.
 */
export const improvementTips: Readonly<Record<DimensionName, string>> = Object.freeze({
  triggering_accuracy:
    'Rewrite the description as "Use this skill when..." plus 3-4 concrete contexts; check that 5 prompts that should trigger it do and 5 that should not do not.',
  orchestration_fitness:
    'Describe what the skill receives and returns, not what it coordinates; add an "Output format" section and 2+ code blocks of concrete worker behaviour.',
  output_quality:
    'Replace goals with specific instructions, handle at least one edge case explicitly, and add examples of representative inputs and expected outputs.',
  scope_calibration:
    'Aim for 200-600 lines: move background and long examples to references/, merge a stub into a sibling, or split a skill that does too much.',
  progressive_disclosure:
    'Create a references/ directory (and assets/ where useful) and keep SKILL.md on the execution path, linking to the details.',
  token_efficiency:
    'Cut MUST/ALWAYS/NEVER to fewer than one per 10 lines and merge near-duplicate bullets and repetitive tables.',
  robustness:
    'Add a "Troubleshooting" or "Edge Cases" section with at least 3 failure modes, and say what the skill returns when it cannot finish.',
  structural_completeness:
    'Give SKILL.md at least 4 H2/H3 headings, 3 code blocks, an Examples section and a Troubleshooting section.',
  code_template_quality:
    'Make every code block valid, copy-paste ready and tagged with its language.',
  ecosystem_coherence:
    'Add a "## Related" section linking sibling skills or agents by relative path, and link to shared content instead of copying it.',
});
