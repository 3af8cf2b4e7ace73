import { injectionAttemptRule } from '../injection-attempt.js';
import { defineRule, report } from '../define.js';
import type { SkillFacts, SkillRule } from '../types.js';

/**
 * The shared INJECTION_ATTEMPT rule as a diagnostic, one per attempt with file, line and column. The same problem is
 * the INJECTION_ATTEMPT anti-pattern in `score` (one instance per line, which the composite counts): the anti-pattern
 * entry of the registry names this id as its diagnostic.
 */
export const skillInjectionAttempt: SkillRule = defineRule<SkillRule>(
  {
    id: 'skill/injection-attempt',
    appliesTo: 'skill',
    severity: 'error',
    description: injectionAttemptRule.description,
  },
  ({ skill }: SkillFacts) =>
    injectionAttemptRule
      .find(skill)
      .map((h) => report(skillInjectionAttempt.meta, h.file, injectionAttemptRule.describe(h), h.line, h.column)),
);
