/**
 * The one rule table: every validation rule, static check, component check and anti-pattern plugin-eval has, one row
 * each (a module that defines a family of rules, such as the parser's or the security rules, is one row spread).
 * Each rule's module declares everything about it: id or flag, methodology, severity, description, sub-score or
 * penalty, fix and tips. Everything else derives from this table:
 * - REGISTRY (./index.ts): the static checks and anti-patterns the static layer runs, per methodology;
 * - COMPONENT_CHECKS (./components/index.ts): the agent and command checks, per methodology;
 * - the rule registry (src/rules/registry/index.ts), and from it docs/rules.md, the rule ids a config file or an inline
 *   comment may name (src/rules/config/known-rule-ids.ts) and the rules `validate` runs;
 * - the badge's disqualifying flags (src/score/badge-policy.ts) and SARIF's rule descriptions;
 * - the anti-pattern flag list of the result schema (src/model/anti-pattern-flags.generated.ts), written by
 *   `npm run docs:rules` with docs/rules.md because the model sits below the rules.
 * Order is report order: validation rules as `validate` lists them, each methodology's checks in PluginEval's
 * sub-score order, anti-patterns in reporting order (the default methodology's first: a flag both have is listed
 * where the default has it).
 */
import { AGENT_RULES } from '../validation/agent.js';
import { COMMAND_RULES } from '../validation/command.js';
import { skillInjectionAttempt } from '../validation/injection.js';
import { compatFrontmatter, PARSER_RULES } from '../validation/parser.js';
import { PLUGIN_RULES } from '../validation/plugin.js';
import {
  SECURITY_AGENT_RULES,
  SECURITY_COMMAND_RULES,
  SECURITY_PLUGIN_RULES,
  SECURITY_SKILL_RULES,
} from '../security/index.js';
import { SKILL_FILE_RULES } from '../validation/skill-files.js';
import { SKILL_FRONTMATTER_RULES } from '../validation/skill-frontmatter.js';
import type { ValidationRule } from '../types.js';
import * as compatAntiPatterns from './compat/anti-patterns.js';
import { ecosystemCoherence as compatEcosystemCoherence } from './compat/ecosystem-coherence.js';
import { frontmatterQuality as compatFrontmatterQuality } from './compat/frontmatter-quality.js';
import { harnessPortability as compatHarnessPortability } from './compat/harness-portability.js';
import { orchestrationWiring as compatOrchestrationWiring } from './compat/orchestration-wiring.js';
import { progressiveDisclosure as compatProgressiveDisclosure } from './compat/progressive-disclosure.js';
import { structuralCompleteness as compatStructuralCompleteness } from './compat/structural-completeness.js';
import { tokenEfficiency as compatTokenEfficiency } from './compat/token-efficiency.js';
import { agentQuality } from './components/agent-quality.js';
import { commandQuality } from './components/command-quality.js';
import { compatAgent } from './components/compat-agent.js';
import type { ComponentCheck } from './components/types.js';
import * as defaultAntiPatterns from './default/anti-patterns.js';
import { ecosystemCoherence } from './default/ecosystem-coherence.js';
import { frontmatterQuality } from './default/frontmatter-quality.js';
import { harnessPortability } from './default/harness-portability.js';
import { injectionAttempt } from './default/injection-attempt.js';
import { lowInformationProse } from './default/low-information-prose.js';
import { orchestrationWiring } from './default/orchestration-wiring.js';
import { progressiveDisclosure } from './default/progressive-disclosure.js';
import { structuralCompleteness } from './default/structural-completeness.js';
import { tokenEfficiency } from './default/token-efficiency.js';
import type { AntiPatternRule, StaticCheck } from './types.js';

export type RuleRow = ValidationRule | StaticCheck | ComponentCheck | AntiPatternRule;

export const RULE_TABLE: readonly RuleRow[] = Object.freeze([
  // Validation rules (diagnostics), by subject.
  ...PARSER_RULES,
  ...SKILL_FRONTMATTER_RULES,
  ...SKILL_FILE_RULES,
  skillInjectionAttempt,
  ...SECURITY_SKILL_RULES,
  ...AGENT_RULES,
  ...SECURITY_AGENT_RULES,
  ...COMMAND_RULES,
  ...SECURITY_COMMAND_RULES,
  ...PLUGIN_RULES,
  ...SECURITY_PLUGIN_RULES,
  compatFrontmatter,

  // The default methodology's static checks, one per sub-score.
  frontmatterQuality,
  orchestrationWiring,
  progressiveDisclosure,
  structuralCompleteness,
  tokenEfficiency,
  ecosystemCoherence,
  harnessPortability,

  // PluginEval 0.1.x's static checks (compat).
  compatFrontmatterQuality,
  compatOrchestrationWiring,
  compatProgressiveDisclosure,
  compatStructuralCompleteness,
  compatTokenEfficiency,
  compatEcosystemCoherence,
  compatHarnessPortability,

  // Plugin agents and commands (PluginEval never reads commands).
  agentQuality,
  commandQuality,
  compatAgent,

  // The default methodology's anti-patterns: PluginEval's six with its flaws fixed, then five that catch gaming of
  // the static layer.
  defaultAntiPatterns.overConstrained,
  defaultAntiPatterns.emptyDescription,
  defaultAntiPatterns.missingTrigger,
  defaultAntiPatterns.bloatedSkill,
  defaultAntiPatterns.orphanReference,
  defaultAntiPatterns.deadCrossRef,
  defaultAntiPatterns.keywordStuffing,
  defaultAntiPatterns.fillerContent,
  defaultAntiPatterns.emptyReferenceFile,
  injectionAttempt,
  lowInformationProse,

  // PluginEval 0.1.x's six anti-patterns, in its reporting order.
  compatAntiPatterns.overConstrained,
  compatAntiPatterns.emptyDescription,
  compatAntiPatterns.missingTrigger,
  compatAntiPatterns.bloatedSkill,
  compatAntiPatterns.orphanReference,
  compatAntiPatterns.deadCrossRef,
]);

export const isValidationRule = (row: RuleRow): row is ValidationRule => 'meta' in row;
export const isStaticCheck = (row: RuleRow): row is StaticCheck => 'subScore' in row;
export const isComponentCheck = (row: RuleRow): row is ComponentCheck => 'run' in row && !('subScore' in row);
export const isAntiPattern = (row: RuleRow): row is AntiPatternRule => 'flag' in row;
