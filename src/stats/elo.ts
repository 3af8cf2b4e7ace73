/**
 * Elo ratings for skills against the gold corpus, per PluginEval's methodology: start 1500, K = 32,
 * E(A vs B) = 1 / (1 + 10^((R_B − R_A) / 400)), actual score 1 / 0.5 / 0 for a win / draw / loss.
 *
 * Two estimates, because they answer different questions:
 * - onlineElo: the methodology's sequential updates. Order-dependent by design (the same matches in another order give
 *   other ratings), so it reports a history, not a fit.
 * - bradleyTerryElo: the order-free maximum-likelihood fit of the same model (bradleyTerry, already on the Elo
 *   scale), with the methodology's 500-sample bootstrap 95% interval. The scale is anchored so the mean rating of a
 *   reference pool (default: every player) is 1500, matching the methodology's "1500 is the corpus median by
 *   convention".
 * - corpusPercentile: the methodology's "corpus percentile reflects pairwise win rate against the gold corpus".
 */
import { mulberry32 } from './bootstrap.js';
import { bradleyTerry, type Match } from './bradley-terry.js';
import { quantileSorted } from './descriptive.js';
import { at, requireAlpha, requireCount } from './guards.js';

export const ELO_INITIAL = 1500;
export const ELO_K = 32;

/** Expected score of A against B: 1 / (1 + 10^((rb − ra) / 400)). */
export function eloExpected(ra: number, rb: number): number {
  return 1 / (1 + 10 ** ((rb - ra) / 400));
}

/** One Elo update; `scoreA` is 1 (A won), 0.5 (draw) or 0 (B won). Returns both new ratings (zero-sum). */
export function eloUpdate(ra: number, rb: number, scoreA: number, k = ELO_K): { a: number; b: number } {
  if (scoreA !== 1 && scoreA !== 0.5 && scoreA !== 0)
    throw new RangeError(`eloUpdate: scoreA must be 1, 0.5 or 0, got ${String(scoreA)}`);
  const delta = k * (scoreA - eloExpected(ra, rb));
  return { a: ra + delta, b: rb - delta };
}

function matchScore(fn: string, m: Match, i: number): number {
  if (typeof m.a !== 'string' || typeof m.b !== 'string')
    throw new RangeError(`${fn}: match ${i} has a non-string player`);
  if (m.a === m.b) throw new RangeError(`${fn}: match ${i} pits '${m.a}' against itself`);
  if (m.winner === 'a') return 1;
  if (m.winner === 'b') return 0;
  if (m.winner === 'tie') return 0.5;
  throw new RangeError(`${fn}: match ${i} has winner ${String(m.winner)}; expected 'a', 'b' or 'tie'`);
}

export interface OnlineEloOptions {
  /** Rating of a player's first appearance; default 1500. */
  initial?: number;
  /** K-factor; default 32. */
  k?: number;
  /** Ratings to start from (players already rated); others start at `initial`. */
  start?: Readonly<Record<string, number>>;
}

/** Sequential Elo over `matches` in the given order; returns every player's final rating. */
export function onlineElo(matches: readonly Match[], options: OnlineEloOptions = {}): Record<string, number> {
  const fn = 'onlineElo';
  requireCount(fn, matches, 1, 'matches');
  const initial = options.initial ?? ELO_INITIAL;
  const k = options.k ?? ELO_K;
  if (!(k > 0) || !Number.isFinite(k)) throw new RangeError(`${fn}: k must be > 0, got ${String(k)}`);
  const ratings: Record<string, number> = { ...options.start };
  matches.forEach((m, i) => {
    const score = matchScore(fn, m, i);
    const next = eloUpdate(ratings[m.a] ?? initial, ratings[m.b] ?? initial, score, k);
    ratings[m.a] = next.a;
    ratings[m.b] = next.b;
  });
  return ratings;
}

export interface BradleyTerryEloOptions {
  /** Bootstrap resamples; default 500 (PluginEval's methodology). */
  samples?: number;
  /** PRNG seed for the resampling (mulberry32); default 0. */
  seed?: number;
  /** Two-sided level 1 − alpha; default 0.05. */
  alpha?: number;
  /** Players whose mean rating is pinned at `initial` (the reference corpus); default every player. */
  pool?: readonly string[];
  /** Default 1500. */
  initial?: number;
}

export interface RatingWithInterval {
  rating: number;
  /** Percentile bootstrap interval; null when no resample could be fitted. */
  low: number | null;
  high: number | null;
}

export interface BradleyTerryEloResult {
  ratings: Record<string, RatingWithInterval>;
  samples: number;
  /**
   * Resamples with no finite fit (a player absent from it, or one who never lost or never won in it): skipped.
   * They are the lopsided ones, so many of them mean the interval is too narrow; report the count beside it.
   */
  degenerateSamples: number;
}

/** Ratings shifted so the pool's mean is `initial`; null when a pool player or any of `players` is missing. */
function anchored(
  matches: readonly Match[],
  players: readonly string[],
  pool: readonly string[],
  initial: number,
): Record<string, number> | null {
  let raw: Record<string, number>;
  try {
    raw = bradleyTerry(matches);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  if (players.some((p) => raw[p] === undefined)) return null;
  let sum = 0;
  for (const p of pool) sum += raw[p] as number;
  const shift = initial - sum / pool.length;
  return Object.fromEntries(players.map((p) => [p, (raw[p] as number) + shift]));
}

/**
 * Bradley-Terry maximum-likelihood ratings on the Elo scale (scale 400, base 10), anchored so the pool's mean is
 * 1500, with a percentile bootstrap interval: `samples` resamples of the matches with replacement (multinomial;
 * index = floor(u · m), u from mulberry32(seed)), each refitted and anchored the same way.
 * Throws RangeError when the fit on all matches does not exist (see bradleyTerry).
 */
export function bradleyTerryElo(
  matches: readonly Match[],
  options: BradleyTerryEloOptions = {},
): BradleyTerryEloResult {
  const fn = 'bradleyTerryElo';
  requireCount(fn, matches, 1, 'matches');
  const samples = options.samples ?? 500;
  const alpha = options.alpha ?? 0.05;
  const initial = options.initial ?? ELO_INITIAL;
  if (!Number.isInteger(samples) || samples < 1)
    throw new RangeError(`${fn}: samples must be a positive integer, got ${String(samples)}`);
  requireAlpha(fn, alpha);
  matches.forEach((m, i) => matchScore(fn, m, i));
  const players: string[] = [];
  for (const m of matches) for (const p of [m.a, m.b]) if (!players.includes(p)) players.push(p);
  const pool = options.pool ?? players;
  if (pool.length === 0) throw new RangeError(`${fn}: pool must name at least one player`);
  const missing = pool.filter((p) => !players.includes(p));
  if (missing.length > 0) throw new RangeError(`${fn}: pool player '${String(missing[0])}' plays no match`);

  const full = bradleyTerry(matches);
  let poolSum = 0;
  for (const p of pool) poolSum += full[p] as number;
  const shift = initial - poolSum / pool.length;

  const rand = mulberry32(options.seed ?? 0);
  const draws = new Map<string, number[]>(players.map((p) => [p, []]));
  let degenerate = 0;
  const m = matches.length;
  for (let s = 0; s < samples; s++) {
    const resample = new Array<Match>(m);
    for (let i = 0; i < m; i++) resample[i] = at(matches, Math.floor(rand() * m));
    const fit = anchored(resample, players, pool, initial);
    if (fit === null) {
      degenerate++;
      continue;
    }
    for (const p of players) (draws.get(p) as number[]).push(fit[p] as number);
  }
  const ratings: Record<string, RatingWithInterval> = {};
  for (const p of players) {
    const sorted = (draws.get(p) as number[]).sort((x, y) => x - y);
    const ok = sorted.length > 0;
    ratings[p] = {
      rating: (full[p] as number) + shift,
      low: ok ? quantileSorted(sorted, alpha / 2) : null,
      high: ok ? quantileSorted(sorted, 1 - alpha / 2) : null,
    };
  }
  return { ratings, samples, degenerateSamples: degenerate };
}

export interface CorpusStanding {
  /** 100 × the candidate's mean score per corpus opponent (win 1, draw 0.5, loss 0). */
  percentile: number;
  opponents: number;
  matches: number;
  wins: number;
  draws: number;
  losses: number;
}

/**
 * The candidate's corpus percentile: its pairwise win rate against the gold corpus, as a percentage. Each
 * opponent weighs the same (its matches are averaged first), so playing one entry in both orders (the position
 * swap) does not count it twice. Against a corpus it beats entry by entry, this is the share of the corpus it beats.
 * Matches not involving the candidate, or against players outside `corpus` (when given), are ignored.
 */
export function corpusPercentile(
  matches: readonly Match[],
  candidate: string,
  corpus?: readonly string[],
): CorpusStanding {
  const fn = 'corpusPercentile';
  requireCount(fn, matches, 1, 'matches');
  const inCorpus = corpus ? new Set(corpus) : null;
  const perOpponent = new Map<string, { total: number; count: number }>();
  let wins = 0;
  let draws = 0;
  let losses = 0;
  matches.forEach((m, i) => {
    const score = matchScore(fn, m, i);
    if (m.a !== candidate && m.b !== candidate) return;
    const opponent = m.a === candidate ? m.b : m.a;
    if (inCorpus && !inCorpus.has(opponent)) return;
    const own = m.a === candidate ? score : 1 - score;
    if (own === 1) wins++;
    else if (own === 0) losses++;
    else draws++;
    const entry = perOpponent.get(opponent) ?? { total: 0, count: 0 };
    entry.total += own;
    entry.count++;
    perOpponent.set(opponent, entry);
  });
  if (perOpponent.size === 0) throw new RangeError(`${fn}: '${candidate}' plays no match against the corpus`);
  let sum = 0;
  for (const { total, count } of perOpponent.values()) sum += total / count;
  return {
    percentile: (100 * sum) / perOpponent.size,
    opponents: perOpponent.size,
    matches: wins + draws + losses,
    wins,
    draws,
    losses,
  };
}
