/**
 * The one rule registry: every rule `score` and `validate` report, with one id and one severity each.
 *
 * - score checks (static sub-scores and agent/command scores) give numbers; their findings cite validation rules
 *   by id (frontmatter-quality's "name unlike the folder" is `skill/name-matches-directory`, as in `validate`);
 * - anti-patterns are the flags that cost 5% of the composite (one entry per flag, with its detector per methodology);
 * - validation rules give diagnostics, from pure functions of a document's facts (zod schema issues included), or
 *   from the parser while it reads a target (listed for their id and severity).
 *
 * `score` runs the score checks and anti-patterns of its methodology (src/checks REGISTRY and COMPONENT_CHECKS,
 * the same objects listed here); `validate` runs the validation rules plus the default score checks' findings, so
 * a problem both report has the same id and severity in both. Every entry comes from the one rule table
 * (src/rules/checks/table.ts); docs/rules.md is generated from this registry.
 */
import type { ComponentCheck } from '../checks/components/types.js';
import { isAntiPattern, isComponentCheck, isStaticCheck, isValidationRule, RULE_TABLE } from '../checks/table.js';
import type { AntiPatternRule, StaticCheck } from '../checks/types.js';
import { METHODOLOGIES, type AntiPatternFlag, type Methodology } from '../../model/dimensions.js';
import { rulesDocAnchor } from '../define.js';
import type { RuleFix, RuleMeta, ValidationRule } from '../types.js';

export type { RuleKind, RuleMeta, RuleSubject, ValidationRule } from '../types.js';

export interface ScoreCheckEntry {
  meta: RuleMeta & { kind: 'score-check' };
  check: StaticCheck | ComponentCheck;
}

export interface AntiPatternEntry {
  meta: RuleMeta & { kind: 'anti-pattern' };
  /** The detector per methodology that has the flag (PluginEval's and the default's differ). */
  detectors: Partial<Record<Methodology, AntiPatternRule>>;
  /** The validation rule that reports the same problem as a diagnostic, when there is one. */
  diagnostic?: string;
}

export type RegistryEntry = ValidationRule | ScoreCheckEntry | AntiPatternEntry;

/** Validation rules per subject, in report order (parser-reported rules have no `check`). */
export const VALIDATION_RULES: readonly ValidationRule[] = RULE_TABLE.filter(isValidationRule);

/** The certain edit of each rule that has one (`--fix`, the language server's quick fixes), by rule id. */
export const RULE_FIXES: ReadonlyMap<string, RuleFix> = new Map(
  VALIDATION_RULES.flatMap((r) => (r.fix ? [[r.meta.id, r.fix] as const] : [])),
);

function scoreCheckEntry(check: StaticCheck | ComponentCheck): ScoreCheckEntry {
  const appliesTo = 'kind' in check ? check.kind : 'skill';
  return {
    // A score check's own severity is 'info': it reports numbers; the problems it finds carry their rule's severity.
    meta: {
      id: check.id,
      kind: 'score-check',
      appliesTo,
      severity: 'info',
      description: check.description,
      docs: rulesDocAnchor(check.id),
      methodology: check.methodology,
    },
    check,
  };
}

// Skill checks before component checks, as docs/rules.md lists them.
const SCORE_CHECKS: readonly ScoreCheckEntry[] = [
  ...RULE_TABLE.filter(isStaticCheck),
  ...RULE_TABLE.filter(isComponentCheck),
].map(scoreCheckEntry);

/** One entry per flag: PluginEval's flags exist in both methodologies with different detectors. */
function antiPatternEntries(): AntiPatternEntry[] {
  const byFlag = new Map<AntiPatternFlag, AntiPatternEntry>();
  // The default methodology's rules first: a flag both have takes its wording, severity and diagnostic from the
  // default's rule (the one documented as fixed).
  const rules = METHODOLOGIES.flatMap((m) => RULE_TABLE.filter(isAntiPattern).filter((r) => r.methodology === m));
  for (const rule of rules) {
    const entry = byFlag.get(rule.flag);
    if (entry) {
      entry.detectors[rule.methodology] = rule;
      entry.meta.methodology = 'both';
      continue;
    }
    byFlag.set(rule.flag, {
      meta: {
        id: rule.flag,
        kind: 'anti-pattern',
        appliesTo: 'skill',
        severity: rule.ruleSeverity ?? 'warning',
        description: rule.description,
        docs: rulesDocAnchor(rule.flag),
        methodology: rule.methodology,
      },
      detectors: { [rule.methodology]: rule },
      ...(rule.diagnostic ? { diagnostic: rule.diagnostic } : {}),
    });
  }
  return [...byFlag.values()];
}

const ANTI_PATTERNS: readonly AntiPatternEntry[] = antiPatternEntries();

/** Every rule, once: validation rules, then score checks, then anti-patterns. */
export const RULES: readonly RegistryEntry[] = Object.freeze([...VALIDATION_RULES, ...SCORE_CHECKS, ...ANTI_PATTERNS]);

const BY_ID = new Map<string, RegistryEntry>(RULES.map((r) => [r.meta.id, r]));

/** The rule with this id, if any. */
export function ruleById(id: string): RegistryEntry | undefined {
  return BY_ID.get(id);
}

/** Every rule id the tool can report, sorted (for a rule configuration to check its keys against). */
export function ruleIds(): string[] {
  return [...BY_ID.keys()].sort();
}

/** The validation rules that apply to one kind of document and run on its facts. */
export function rulesFor<S extends ValidationRule['meta']['appliesTo']>(
  subject: S,
): Extract<ValidationRule, { meta: { appliesTo: S } }>[] {
  return VALIDATION_RULES.filter(
    (r): r is Extract<ValidationRule, { meta: { appliesTo: S } }> =>
      r.meta.appliesTo === subject && r.check !== undefined,
  );
}
