/**
 * finalise(run): the step after every target is scored, where decisions that compare targets belong: Elo
 * or Bradley-Terry ratings against a corpus and corpus-relative badges will live here. Today each badge is
 * decided on its own target's evidence, so a result can be finalised (and streamed) as soon as it exists;
 * a plan that needs the whole run makes the runner hold results until the end.
 */
import type { ScoreResult } from '../model/result.js';
import { finaliseResult, type AssembledResult } from '../score/build-result.js';
import type { ScorePlan } from './plan.js';

/** Whether finalising needs every result of the run first (ratings against each other or a corpus). */
export function needsWholeRun(plan: ScorePlan): boolean {
  // Nothing corpus-relative exists yet; Elo and corpus-relative badges will say yes from the plan.
  void plan;
  return false;
}

/** Decide every result's run-level facts (badge, and later Elo); same order out as in. */
export function finalise(run: { plan: ScorePlan; results: readonly AssembledResult[] }): ScoreResult[] {
  return run.results.map((r) => finaliseResult(r));
}
