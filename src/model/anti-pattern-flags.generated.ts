// Generated from the rule table (src/rules/checks/table.ts) by `npm run docs:rules`; do not edit by hand.
export const ANTI_PATTERNS = [
  'OVER_CONSTRAINED',
  'EMPTY_DESCRIPTION',
  'MISSING_TRIGGER',
  'BLOATED_SKILL',
  'ORPHAN_REFERENCE',
  'DEAD_CROSS_REF',
  'KEYWORD_STUFFING',
  'FILLER_CONTENT',
  'EMPTY_REFERENCE_FILE',
  'INJECTION_ATTEMPT',
  'LOW_INFORMATION_PROSE',
] as const;
