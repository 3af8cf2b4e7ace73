/**
 * finalise(run): the step after every target is scored, where decisions that compare a target with something
 * outside itself belong. With `plan.elo` (certify) each skill is rated against the corpus here (docs/elo.md),
 * and the badge then needs the Elo line too. Without it each badge is decided on its own target's evidence, so a
 * result can be finalised (and streamed) as soon as it exists (`finaliseAlone`).
 */
import pLimit from 'p-limit';
import { PluginEvalError } from '../errors.js';
import { emitTo, withEventScope } from '../events/sink.js';
import type { EloResult } from '../model/elo.js';
import type { ScoreResult } from '../model/result.js';
import type { EloPlan } from '../model/plan.js';
import { finaliseResult, sumUsage, type AssembledResult } from '../score/build-result.js';
import type { RunContext } from './context.js';
import type { ScorePlan } from './plan.js';
import { monotonicMs } from '../util/clock.js';

/** Why a plugin has no rating: said in its result (docs/elo.md "Plugins"). */
export const PLUGIN_NOT_RATED =
  'plugins are not rated: Elo ranks one skill against the corpus skills; certify a skill folder to rate that skill';
export const NO_ELO_PROVIDER = 'Elo needs a model provider to judge the matchups and none was given';

/**
 * Whether finalising needs every result of the run first. Rating against the corpus does: it runs after the
 * targets' layers, so their model calls are not competing with the matchups for the provider's limiter, and the
 * results are handed over together, in target order.
 */
export function needsWholeRun(plan: ScorePlan): boolean {
  return plan.elo !== undefined && plan.elo !== null;
}

/** One result finalised on its own evidence (no rating): what a run without `plan.elo` hands over as it goes. */
export function finaliseAlone(result: AssembledResult): ScoreResult {
  return finaliseResult(result);
}

/** Decide every result's run-level facts (Elo rating, then the badge); same order out as in. */
export async function finalise(
  run: { plan: ScorePlan; results: readonly AssembledResult[] },
  ctx: Pick<RunContext, 'providers' | 'signal' | 'events'> = { providers: {} },
): Promise<ScoreResult[]> {
  const elo = run.plan.elo;
  if (elo === undefined || elo === null) return run.results.map(finaliseAlone);
  const limit = pLimit(run.plan.jobs);
  return Promise.all(run.results.map((r) => limit(async () => withRating(r, await rate(r, elo, ctx)))));
}

/** The result with its rating: the badge decided with the Elo line, the `elo` block, and the matchups' usage added. */
export function withRating(assembled: AssembledResult, elo: EloResult): ScoreResult {
  const result = finaliseResult(assembled, elo.rating, elo.status === 'unmeasured' && elo.infrastructureFailure);
  const usage = sumUsage([result.usage, elo.usage].filter((u) => u !== null));
  return { ...result, elo, usage };
}

/** Why a skill of a cancelled certify has no rating (and so no badge): said in its result. */
export const NOT_RATED_CANCELLED = 'not rated: the run was cancelled before this skill was played against the corpus';

/**
 * A finished result of a run cancelled before its ratings: no rating, and the badge is withheld as for a failed one.
 */
export async function finaliseUnrated(assembled: AssembledResult): Promise<ScoreResult> {
  const { unmeasuredElo } = await import('../rank/index.js');
  return { ...finaliseResult(assembled, null, true), elo: unmeasuredElo(NOT_RATED_CANCELLED) };
}

async function rate(
  r: AssembledResult,
  plan: EloPlan,
  ctx: Pick<RunContext, 'providers' | 'signal' | 'events'>,
): Promise<EloResult> {
  const { rankAgainstCorpus, unmeasuredElo } = await import('../rank/index.js');
  if (r.result.target.kind !== 'skill' || r.skillDir === undefined) return unmeasuredElo(PLUGIN_NOT_RATED);
  const provider = ctx.providers.judge;
  if (provider === undefined) return unmeasuredElo(NO_ELO_PROVIDER);
  const skillDir = r.skillDir;
  const target = r.result.target.path;
  const sink = ctx.events;
  emitTo(sink, { type: 'layer.started', target, layer: 'elo' });
  const started = monotonicMs();
  try {
    return await withEventScope(sink, { target, layer: 'elo' }, () =>
      rankAgainstCorpus(provider, skillDir, {
        corpusDir: plan.corpusDir,
        model: plan.model,
        count: plan.references,
        seed: plan.seed,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      }),
    );
  } catch (error) {
    // A corrupt index or an unreadable candidate is about this rating, not the run: said in the result. A provider
    // no call can reach, or a cancellation, still stops the run as it does everywhere else.
    if (error instanceof PluginEvalError && error.code === 'INPUT') return unmeasuredElo(error.message);
    throw error;
  } finally {
    emitTo(sink, { type: 'layer.finished', target, layer: 'elo', ms: Math.round(monotonicMs() - started) });
  }
}
