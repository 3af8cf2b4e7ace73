/**
 * plugin-eval library entry point. Everything the CLI does is available here without printing or exiting.
 * Data flows one way: parse -> layers (static, judge, simulation) -> blend and composite -> reporters.
 */
export { score, scoreTarget, scoreSkillDocument, scorePluginDocument } from './api/score.js';
export type { ScoreOptions, ScoreRun, ScoreFailure } from './api/score.js';
export { validate, validateSkillDocument, VALIDATION_RULES } from './validate/index.js';
export type { ValidationReport, ValidationRule } from './validate/index.js';
export { parseSkill, type SkillDocument, type SkillContext } from './parse/skill.js';
export { parsePlugin, type PluginDocument, type MarkdownComponent } from './parse/plugin.js';
export { discoverTargets, type Target, type Discovery } from './parse/discover.js';
export { analyseMarkdown, type MarkdownFacts } from './parse/markdown.js';
export { REGISTRY } from './checks/index.js';
export type { StaticCheck, AntiPatternRule, CheckOutcome, Finding } from './checks/index.js';
export { COMPONENT_CHECKS, type ComponentCheck } from './checks/components/index.js';
export { runStaticLayer } from './layers/static.js';
export type { LayerOutput, DimensionMeasurement, LayerUsage } from './layers/types.js';
export { compositeOf } from './score/composite.js';
export { badgeFor, seedGrade, pluginEvalGrade, antiPatternPenalty, BADGE_LABELS } from './score/grades.js';
export { decideBadge, MIN_BADGE_COVERAGE, type BadgeEvidence, type BadgeDecision } from './score/badge-policy.js';
export { coverageOf, type Coverage } from './score/coverage.js';
export { displayed, displayedGrade, isBelowThreshold, formatCompositeScore } from './score/display.js';
export { DIMENSIONS, DIMENSION_WEIGHTS, LAYERS, LAYER_BLEND, SUB_SCORES, SUB_SCORE_WEIGHTS, SUB_SCORE_TO_DIMENSION, ANTI_PATTERNS, METHODOLOGIES, DEPTHS, DEPTH_PLAN, } from './model/dimensions.js';
export { Diagnostic, Severity } from './model/diagnostic-schema.js';
export * from './model/enums.js';
export { ScoreResult, DimensionResult, LayerResult, AntiPatternResult, RESULT_SCHEMA_VERSION } from './model/result.js';
export { PluginManifest, MarketplaceManifest, HooksFile, McpFile, AgentFrontmatter, CommandFrontmatter, SkillFrontmatter } from './model/manifests.js';
export { REPORTERS, REPORTER_NAMES, toPluginEval } from './reporters/index.js';
export type { Reporter, ReporterName, ReporterOptions } from './reporters/index.js';
export { scoreSkill, scorePlugin, type JudgeSetup } from './api/score.js';
export * from './stats/index.js';
export * from './errors.js';
export { VERSION } from './version.js';
