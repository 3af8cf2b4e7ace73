/**
 * The numbers of a ranking, from the measured matchups (src/stats/elo.ts does the statistics):
 * - the online Elo of PluginEval's methodology, in reference order, each reference at its index rating;
 * - a Bradley-Terry maximum-likelihood fit with the methodology's 500-sample bootstrap 95% interval;
 * - the corpus percentile (pairwise win rate against the references).
 *
 * Why the references are pooled into one player for the Bradley-Terry fit: each reference plays the candidate
 * once and no reference plays another, so fitting each reference separately has no finite solution whenever a
 * reference only won or only lost (the usual case). Pooled and pinned at the references' mean index rating, the
 * fit is the candidate's maximum-likelihood rating against opponents of that rating: exact while the references
 * share one rating (today every index rating is 1500, since nothing calibrates the corpus), an approximation
 * by their mean otherwise. It still has no finite value when the candidate won (or lost) every matchup.
 */
import type { BradleyTerryFit, MatchupOutcome } from '../model/elo.js';
import { bootstrapCI } from '../stats/bootstrap.js';
import { bradleyTerryElo, corpusPercentile, eloUpdate } from '../stats/elo.js';
import type { Match } from '../stats/bradley-terry.js';

export type MeasuredOutcome = Exclude<MatchupOutcome, 'unmeasured'>;

/** A measured matchup: the reference (its index rating) and how the candidate did. */
export interface MeasuredMatchup {
  path: string;
  rating: number;
  outcome: MeasuredOutcome;
}

export const ELO_SCORE: Readonly<Record<MeasuredOutcome, number>> = { win: 1, tie: 0.5, loss: 0 };

const CANDIDATE = 'candidate';
const POOL = 'references';

/** The candidate's online rating after each matchup, in order (the methodology's update, K and start as given). */
export function onlineHistory(
  matchups: readonly MeasuredMatchup[],
  options: { initialRating: number; k: number },
): number[] {
  const history: number[] = [];
  let rating = options.initialRating;
  for (const m of matchups) {
    // Reference ratings stay as indexed: one skill's certify should not move the corpus, so only `.a` is kept.
    rating = eloUpdate(rating, m.rating, ELO_SCORE[m.outcome], options.k).a;
    history.push(rating);
  }
  return history;
}

const winner = (outcome: MeasuredOutcome): Match['winner'] =>
  outcome === 'win' ? 'a' : outcome === 'loss' ? 'b' : 'tie';

/** Pairwise win rate against the references, 0-100 (ties half); one matchup per reference, so each weighs the same. */
export function percentileOf(matchups: readonly MeasuredMatchup[]): number {
  return corpusPercentile(
    matchups.map((m) => ({ a: CANDIDATE, b: `ref:${m.path}`, winner: winner(m.outcome) })),
    CANDIDATE,
  ).percentile;
}

/**
 * The online rating's own 95% interval: the measured matchups resampled with replacement, each resample replayed
 * in its drawn order from the initial rating (the online rating depends on order, so the interval carries that
 * variation too), percentiles of the final ratings. Null when nothing was measured.
 */
export function onlineInterval(
  matchups: readonly MeasuredMatchup[],
  options: { initialRating: number; k: number } & FitOptions,
): { low: number; high: number } | null {
  if (matchups.length === 0) return null;
  const { initialRating, k } = options;
  const ci = bootstrapCI(matchups, (sample) => onlineHistory(sample, { initialRating, k }).at(-1) ?? initialRating, {
    samples: options.samples ?? 500,
    seed: options.seed ?? 0,
  });
  return { low: ci.low, high: ci.high };
}

export interface FitOptions {
  /** Bootstrap resamples; default 500 (PluginEval's methodology). */
  samples?: number;
  seed?: number;
}

/**
 * Bradley-Terry rating and bootstrap interval of the candidate against the pooled references (see the file comment).
 */
export function fitBradleyTerry(matchups: readonly MeasuredMatchup[], options: FitOptions = {}): BradleyTerryFit {
  const samples = options.samples ?? 500;
  const seed = options.seed ?? 0;
  const anchor = matchups.reduce((sum, m) => sum + m.rating, 0) / matchups.length;
  const base = { anchor, samples, seed };
  const score = matchups.reduce((sum, m) => sum + ELO_SCORE[m.outcome], 0);
  if (score === matchups.length || score === 0) {
    const side = score === 0 ? 'lost' : 'won';
    return {
      status: 'unmeasured',
      reason:
        `the candidate ${side} every measured matchup: the maximum-likelihood rating is ` +
        `unbounded ${score === 0 ? 'below' : 'above'}, so there is no Bradley-Terry rating or interval`,
      rating: null,
      ciLow: null,
      ciHigh: null,
      ...base,
      degenerateSamples: 0,
    };
  }
  const fit = bradleyTerryElo(
    matchups.map((m) => ({ a: CANDIDATE, b: POOL, winner: winner(m.outcome) })),
    { pool: [POOL], initial: anchor, samples, seed },
  );
  const own = fit.ratings[CANDIDATE]!;
  return {
    status: 'measured',
    rating: own.rating,
    ciLow: own.low,
    ciHigh: own.high,
    ...base,
    degenerateSamples: fit.degenerateSamples,
  };
}
