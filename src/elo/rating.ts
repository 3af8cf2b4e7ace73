/**
 * Minimal online Elo (the seed's formulas). A stand-in with the interface of src/stats/elo.ts, which another branch
 * adds with the Bradley-Terry bootstrap; the lead swaps the import. Kept tiny on purpose.
 */

/** E(A vs B) = 1 / (1 + 10^((rb - ra) / 400)). */
export function expectedScore(ra: number, rb: number): number {
  return 1 / (1 + 10 ** ((rb - ra) / 400));
}

/** A's new rating after one game: ra + k (actual - expected); actual 1 win, 0.5 draw, 0 loss. */
export function eloUpdate(ra: number, rb: number, actual: number, k = 32): number {
  if (actual !== 0 && actual !== 0.5 && actual !== 1) throw new RangeError(`actual must be 0, 0.5 or 1, got ${actual}`);
  return ra + k * (actual - expectedScore(ra, rb));
}
