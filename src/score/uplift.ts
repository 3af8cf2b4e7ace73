/**
 * The uplift figure from with/without comparisons: wins, losses, ties, the win rate, the mean preference in [-1, 1]
 * and its 95% interval from a bootstrap that resamples whole prompts. Too few judged comparisons or distinct prompts
 * is "not measured" with the reason, never an uplift of 0.
 */
import type { Uplift, UpliftComparison } from '../model/uplift.js';
import { clusterBootstrapMean } from '../stats/bootstrap.js';

/** An uplift needs at least this many judged comparisons... */
export const MIN_UPLIFT_COMPARISONS = 5;
/** ...over at least this many distinct prompts (the bootstrap resamples prompts, and two cannot make an interval). */
export const MIN_UPLIFT_PROMPTS = 3;

export interface UpliftOptions {
  seed?: number;
  samples?: number;
  /** Why nothing could be compared at all, said when no record exists. */
  none?: string;
}

/** The figure from every comparison record (judged and unmeasured); records are kept with it. */
export function upliftOf(records: readonly UpliftComparison[], options: UpliftOptions = {}): Uplift {
  const judged = records.filter((r) => r.status === 'judged' && r.preference !== null);
  const wins = judged.filter((r) => r.preference === 1).length;
  const losses = judged.filter((r) => r.preference === -1).length;
  const clusters = new Map<string, number[]>();
  for (const r of judged) {
    // A plugin pools its skills: the same words asked of two skills are two prompts.
    const key = `${r.skill ?? ''}\u0000${r.prompt}`;
    const cluster = clusters.get(key) ?? [];
    cluster.push(r.preference!);
    clusters.set(key, cluster);
  }
  const counts = {
    source: 'pairwise' as const,
    comparisons: judged.length,
    prompts: clusters.size,
    wins,
    losses,
    ties: judged.length - wins - losses,
    splits: judged.filter((r) => r.consistent === false).length,
    unmeasured: records.length - judged.length,
    records: [...records],
  };
  const lost = counts.unmeasured > 0 ? `; ${counts.unmeasured} comparison(s) lost to infrastructure failures` : '';
  let reason: string | undefined;
  if (records.length === 0) reason = options.none ?? 'no comparison was made';
  else if (judged.length < MIN_UPLIFT_COMPARISONS)
    reason = `only ${judged.length} judged comparison(s) (at least ${MIN_UPLIFT_COMPARISONS} are needed)${lost}`;
  else if (clusters.size < MIN_UPLIFT_PROMPTS)
    reason = `only ${clusters.size} distinct prompt(s) compared (at least ${MIN_UPLIFT_PROMPTS} are needed)`;
  if (reason !== undefined)
    return {
      status: 'not-measured',
      reason,
      ...counts,
      winRate: null,
      uplift: null,
      low: null,
      high: null,
    };
  const ci = clusterBootstrapMean([...clusters.values()], {
    seed: options.seed ?? 1,
    samples: options.samples ?? 2000,
    alpha: 0.05,
  });
  return {
    status: 'measured',
    ...counts,
    winRate: (wins + counts.ties / 2) / judged.length,
    uplift: ci.estimate,
    low: ci.low,
    high: ci.high,
  };
}

/** A plugin's uplift: every skill's comparisons pooled, each skill's prompts their own clusters. */
export function pooledUplift(
  perSkill: readonly (Uplift | undefined)[],
  options: UpliftOptions = {},
): Uplift | undefined {
  const given = perSkill.filter((u): u is Uplift => u !== undefined);
  if (given.length === 0) return undefined;
  if (given.length === 1) return given[0];
  const records = given.flatMap((u) => u.records ?? []);
  const reasons = [...new Set(given.flatMap((u) => (u.reason && (u.records ?? []).length === 0 ? [u.reason] : [])))];
  return upliftOf(records, { ...options, none: reasons.join('; ') || 'no comparison was made' });
}
