/**
 * The library's scoring entry points: thin wrappers that build a ScorePlan and a RunContext from options and
 * run the pipeline (src/pipeline/). `runPlan(plan, ctx)` is the same pipeline for a caller that has a plan.
 */
import { resolveLibraryOptions } from '../config/library.js';
import { checkScoreArguments } from './check-options.js';
import { InputError } from '../errors.js';
import type { Depth, Methodology } from '../model/dimensions.js';
import type { ScoreResult } from '../model/result.js';
import type { ScoreRun } from '../model/run.js';
import type { Target } from '../parse/discover.js';
import type { PluginDocument } from '../parse/plugin.js';
import type { SkillDocument } from '../parse/skill.js';
import type { RunContext } from '../pipeline/context.js';
import type { LayerRunContext } from '../pipeline/layers/contract.js';
import type { ScorePlan } from '../pipeline/plan.js';
import type { ScoreOptions } from '../pipeline/options.js';
import { contextFromOptions, planFromOptions } from '../pipeline/plan-from-options.js';
import { finalise } from '../pipeline/finalise.js';
import {
  assembleTarget,
  runPlan as runPipelinePlan,
  type ListingCache,
  type ScoreFailure,
} from '../pipeline/run-plan.js';
import { assemblePlugin, assemblePluginWithLayers } from '../pipeline/score-plugin.js';
import { assembleSkill, assembleSkillWithLayers } from '../pipeline/score-skill.js';
import { selectLayers } from '../pipeline/layers/select.js';
import { finaliseResult, type AssembledResult } from '../score/build-result.js';

export type { EloSetup, JudgeSetup, ScoreOptions } from '../pipeline/options.js';
export type { ScoreRun } from '../model/run.js';
export type { ListingCache, ScoreFailure } from '../pipeline/run-plan.js';
export { averageJudgeLayers } from '../pipeline/layers/judge.js';

/** Plan and layer context for scoring one parsed document (its path stands for the target). */
function contextFor(displayPath: string, options: ScoreOptions): LayerRunContext {
  return { plan: planFromOptions([displayPath], options), run: contextFromOptions(options) };
}

/** Score one parsed skill with the static layer only (no model calls). Pure apart from timing. */
export function scoreSkillDocument(
  skill: SkillDocument,
  options: { methodology?: Methodology; depth?: Depth } = {},
): ScoreResult {
  const ctx = contextFor(skill.displayPath, options);
  return finaliseResult(assembleSkillWithLayers(skill, selectLayers(ctx.plan, ctx.run), ctx, []));
}

/** Score one parsed skill with every layer its depth asks for and the options make possible. */
export async function scoreSkill(skill: SkillDocument, options: ScoreOptions = {}): Promise<ScoreResult> {
  const ctx = contextFor(skill.displayPath, options);
  return finaliseOne(await assembleSkill(skill, selectLayers(ctx.plan, ctx.run), ctx), ctx);
}

/** One assembled result through the run's finalise step (an Elo rating when `options.elo` asks for one). */
async function finaliseOne(assembled: AssembledResult, ctx: LayerRunContext): Promise<ScoreResult> {
  return (await finalise({ plan: ctx.plan, results: [assembled] }, ctx.run))[0]!;
}

/** Score a plugin with the static layer only (no model calls). */
export function scorePluginDocument(
  plugin: PluginDocument,
  options: { methodology?: Methodology; depth?: Depth } = {},
): ScoreResult {
  const ctx = contextFor(plugin.displayPath, options);
  return finaliseResult(assemblePluginWithLayers(plugin, selectLayers(ctx.plan, ctx.run), ctx, []));
}

/** Score a plugin with every layer its depth asks for; each measuring layer runs on each skill and is merged. */
export async function scorePlugin(plugin: PluginDocument, options: ScoreOptions = {}): Promise<ScoreResult> {
  const ctx = contextFor(plugin.displayPath, options);
  return finaliseOne(await assemblePlugin(plugin, selectLayers(ctx.plan, ctx.run), ctx), ctx);
}

/** Parse and score one target; a target that cannot be read at all is a failure, not an exception. */
export async function scoreTarget(
  target: Target,
  options: ScoreOptions = {},
  listings: ListingCache = new Map(),
): Promise<ScoreResult | ScoreFailure> {
  const ctx = contextFor(target.displayPath, options);
  const outcome: AssembledResult | ScoreFailure = await assembleTarget(
    target,
    selectLayers(ctx.plan, ctx.run),
    ctx,
    listings,
  );
  return 'badgeEvidence' in outcome ? finaliseOne(outcome, ctx) : outcome;
}

/** Runs a plan: here (runPlan), or on workers through a queue (src/queue/submit.ts). */
export type PlanRunner = (plan: ScorePlan, ctx: RunContext) => Promise<ScoreRun>;

/**
 * Score every skill and plugin found under the given paths. Throws InputError for unusable paths, UsageError for
 * an unknown or bad option (a JavaScript caller's typo is refused, not ignored) and ConfigError for a bad config file.
 */
export async function score(
  paths: readonly string[],
  given: ScoreOptions = {},
  run: PlanRunner = runPipelinePlan,
): Promise<ScoreRun> {
  checkScoreArguments(paths, given);
  if (paths.length === 0) throw new InputError('no path given');
  // Options > environment > config file > defaults, unless a resolver already ran (the CLI hands its provenance in).
  const options = given.provenance ? given : await resolveLibraryOptions(given);
  return run(planFromOptions(paths, options), contextFromOptions(options));
}
