/**
 * plugin-eval library entry point. Everything the CLI does is available here without printing or exiting.
 * Data flows one way: parse -> layers (static, judge, simulation) -> blend and composite -> reporters.
 */
export { score, scoreTarget, scoreSkillDocument, scorePluginDocument } from './api/score.js';
export { validate, validateSkillDocument, VALIDATION_RULES } from './validate/index.js';
export { parseSkill } from './parse/skill.js';
export { parsePlugin } from './parse/plugin.js';
export { discoverTargets } from './parse/discover.js';
export { analyseMarkdown } from './parse/markdown.js';
export { REGISTRY } from './checks/index.js';
export { COMPONENT_CHECKS } from './checks/components/index.js';
export { runStaticLayer } from './layers/static.js';
export { compositeOf } from './score/composite.js';
export { badgeFor, seedGrade, pluginEvalGrade, antiPatternPenalty, BADGE_LABELS } from './score/grades.js';
export { decideBadge, MIN_BADGE_COVERAGE } from './score/badge-policy.js';
export { coverageOf } from './score/coverage.js';
export { displayed, displayedGrade, isBelowThreshold, formatCompositeScore } from './score/display.js';
export { DIMENSIONS, DIMENSION_WEIGHTS, LAYERS, LAYER_BLEND, SUB_SCORES, SUB_SCORE_WEIGHTS, SUB_SCORE_TO_DIMENSION, ANTI_PATTERNS, METHODOLOGIES, DEPTHS, DEPTH_PLAN, } from './model/dimensions.js';
export { Diagnostic, Severity } from './model/diagnostic-schema.js';
export * from './model/enums.js';
export { ScoreResult, DimensionResult, LayerResult, AntiPatternResult, RESULT_SCHEMA_VERSION } from './model/result.js';
export { PluginManifest, MarketplaceManifest, HooksFile, McpFile, AgentFrontmatter, CommandFrontmatter, SkillFrontmatter } from './model/manifests.js';
export { REPORTERS, REPORTER_NAMES, toPluginEval } from './reporters/index.js';
export { scoreSkill, scorePlugin } from './api/score.js';
// The LLM parts load the provider SDKs and SQLite, so they live behind their own entry points and a
// static-only user never pays for them: plugin-eval/judge, plugin-eval/judgekit, plugin-eval/providers,
// plugin-eval/cache.
export * from './stats/index.js';
export * from './errors.js';
export { VERSION } from './version.js';
//# sourceMappingURL=index.js.map