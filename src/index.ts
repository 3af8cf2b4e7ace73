/**
 * plugin-eval library entry point. Everything the CLI does is available here without printing or exiting.
 * Data flows one way: parse -> layers (static, judge, Monte Carlo) -> blend and composite -> reporters.
 */
export { score, scoreTarget, scoreSkillDocument, scorePluginDocument } from './api/score.js';
export { runPlan } from './api/run-plan.js';
// Whether scores predict what skills measurably do, on a folder of tasks with measured outcomes (docs/validity.md).
export { validity } from './validity/run.js';
export type { ValidityOptions } from './validity/run.js';
export { ValidityReport } from './validity/schema.js';
export type { ScoreOptions, ScoreFailure } from './api/score.js';
// The pipeline's seams: the layer table, the plan (data) and the context (live parts), the run log, events.
export { LAYER_TABLE, NO_ENTRY_REASONS, STATIC_LAYER, JUDGE_LAYER } from './pipeline/layers/index.js';
export type { Layer, LayerWants, LayerRunContext, SkillLayerOutput } from './pipeline/layers/contract.js';
export type { RunContext } from './pipeline/context.js';
export { planFromOptions, contextFromOptions } from './pipeline/plan-from-options.js';
export { finalise, needsWholeRun } from './pipeline/finalise.js';
export { ScorePlan, JudgePlan, PLAN_SCHEMA_VERSION } from './model/plan.js';
export { ScoreRun, RunStatus, RunFailure, RUN_SCHEMA_VERSION } from './model/run.js';
export type { EventSink, RunEvent, RunEventType, EventScope, CallPrompt, CallReply } from './events/types.js';
export { narrowEventScope } from './events/sink.js';
export { validate } from './api/validate.js';
export { validateSkillDocument, validateComponent, validatePluginDocument } from './rules/validate/index.js';
export { RULES, VALIDATION_RULES, ruleById, ruleIds, rulesFor } from './rules/registry/index.js';
export { rulesMarkdown } from './rules/registry/doc.js';
export type {
  RegistryEntry,
  ScoreCheckEntry,
  AntiPatternEntry,
  RuleMeta,
  RuleKind,
  RuleSubject,
  ValidationRule,
} from './rules/registry/index.js';

export { parseSkill, type SkillDocument, type SkillContext } from './parse/skill.js';
export { parsePlugin, type PluginDocument, type MarkdownComponent } from './parse/plugin.js';
export { discoverTargets, type Target, type Discovery } from './parse/discover.js';
export { analyseMarkdown, type MarkdownFacts } from './parse/markdown.js';

export { REGISTRY } from './rules/checks/index.js';
export type { StaticCheck, AntiPatternRule, CheckOutcome, Finding } from './rules/checks/index.js';
export { COMPONENT_CHECKS, type ComponentCheck } from './rules/checks/components/index.js';
export { runStaticLayer } from './rules/static-layer.js';
export type { LayerOutput, DimensionMeasurement, LayerUsage } from './model/layer-output.js';

export { compositeOf } from './score/composite.js';
export { badgeFor, seedGrade, pluginEvalGrade, BADGE_LABELS } from './score/grades.js';
export { antiPatternPenalty } from './model/anti-pattern-penalty.js';
export { decideBadge, MIN_BADGE_COVERAGE, type BadgeEvidence, type BadgeDecision } from './score/badge-policy.js';
export { coverageOf, type Coverage } from './score/coverage.js';
export { displayed, displayedGrade, isBelowThreshold, formatCompositeScore } from './score/display.js';

export {
  DIMENSIONS,
  DIMENSION_WEIGHTS,
  LAYERS,
  LAYER_BLEND,
  SUB_SCORES,
  SUB_SCORE_WEIGHTS,
  SUB_SCORE_TO_DIMENSION,
  ANTI_PATTERNS,
  METHODOLOGIES,
  DEPTHS,
  DEPTH_PLAN,
} from './model/dimensions.js';
export { Diagnostic, Severity } from './model/diagnostic-schema.js';
export { ValidationReport } from './model/validation-report.js';
export * from './model/enums.js';
export { ScoreResult, DimensionResult, LayerResult, AntiPatternResult, RESULT_SCHEMA_VERSION } from './model/result.js';
export {
  PluginManifest,
  MarketplaceManifest,
  HooksFile,
  McpFile,
  AgentFrontmatter,
  CommandFrontmatter,
  SkillFrontmatter,
} from './model/manifests.js';

export { REPORTERS, REPORTER_NAMES, toPluginEval } from './reporters/index.js';
export type { Reporter, ReporterName, ReporterOptions } from './reporters/index.js';

export { scoreSkill, scorePlugin, type JudgeSetup, type EloSetup } from './api/score.js';
export { judgeFromConfig, providerFromConfig, type ProviderFromConfigOptions } from './api/judge-from-config.js';
export type { MadeProvider } from './config/provider-setup.js';
export { monteCarloSetupFrom, type MonteCarloFromSettings } from './pipeline/monte-carlo-setup.js';
// The LLM parts load the provider SDKs and SQLite, so they live behind their own entry points and a
// static-only user never pays for them: plugin-eval/judge, plugin-eval/judgekit, plugin-eval/providers,
// plugin-eval/cache.
export * from './stats/index.js';
export * from './errors.js';
export {
  resolveSettings,
  describeSettings,
  type Provenance,
  type SettingOrigin as SettingProvenance,
  type ResolvedSettings,
  type ResolveInput,
} from './config/resolve.js';
export { SETTINGS, type Settings, type SettingKey, type SettingsCommand } from './config/settings.js';
export { SettingsProvenance } from './model/settings-provenance.js';
export { VERSION } from './version.js';
