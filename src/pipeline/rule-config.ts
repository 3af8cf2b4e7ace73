/**
 * The plan's rule configuration applied to one assembled result: diagnostics set to off, disabled inline or
 * under an ignored path are left out and counted. Scores are untouched: diagnostics do not feed them.
 */
import { applyRuleConfig, type DirectiveSource, type RuleConfig } from '../rules/config/apply-rule-config.js';
import type { AssembledResult } from '../score/build-result.js';

export function withRuleConfig(
  assembled: AssembledResult,
  ruleConfig: RuleConfig | undefined,
  sources: readonly DirectiveSource[],
): AssembledResult {
  const applied = applyRuleConfig(assembled.result.diagnostics, ruleConfig, sources);
  const total = applied.disabled.byConfig + applied.disabled.inline + applied.disabled.ignored;
  return {
    ...assembled,
    result: {
      ...assembled.result,
      diagnostics: applied.diagnostics,
      ...(total > 0 ? { disabledDiagnostics: applied.disabled } : {}),
    },
  };
}
