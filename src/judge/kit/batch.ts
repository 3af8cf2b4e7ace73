/** Batch summaries: totals, Arena-Hard weighted win rate, length control and the bias report. */
import { pairwiseBiasReport, scoreBiasReport } from './bias.js';
import type { BiasOptions } from './bias.js';
import { battlesOf, lengthControlledWinRate } from './length-control.js';
import type { BatchFailure, CompareBatch, ScoreBatch, ScoreItemResult } from './report-schemas.js';
import type { LikertVerdict, PairwiseResult, Winner } from './schemas.js';

export function finalWeightedScore(item: ScoreItemResult): number | null {
  return item.kind === 'screened' ? item.final.weightedScore : item.weightedScore;
}

/** What a scored item did not measure (its final result's gaps): non-empty means it was measured only in part. */
export function itemGaps(item: ScoreItemResult): string[] {
  return item.kind === 'screened' ? item.final.gaps : item.gaps;
}

const oneLine = (gaps: readonly string[]): string => gaps.join('; ');

/** Why an item has no final score, whichever scorer produced it. */
function unmeasuredReason(item: ScoreItemResult): string {
  const final = item.kind === 'screened' ? item.final : item;
  if (final.kind === 'direct') return final.reason ?? 'the judge scored none of the criteria';
  return final.warnings.length > 0 ? final.warnings.join('; ') : 'no judge of the panel gave usable scores';
}

export function summariseScoreBatch(items: readonly ScoreItemResult[], bias: BiasOptions = {}): ScoreBatch {
  const scores = items.map(finalWeightedScore).filter((s): s is number => s !== null);
  const failed: BatchFailure[] = items.flatMap((item, index) =>
    finalWeightedScore(item) === null
      ? [{ index, ...(item.id !== undefined ? { id: item.id } : {}), reason: unmeasuredReason(item) }]
      : [],
  );
  return {
    kind: 'score-batch',
    items: [...items],
    meanWeightedScore: scores.length > 0 ? scores.reduce((s, v) => s + v, 0) / scores.length : null,
    unmeasured: items.length - scores.length,
    failed,
    partial: items.flatMap((item, index) =>
      finalWeightedScore(item) !== null && itemGaps(item).length > 0
        ? [{ index, ...(item.id !== undefined ? { id: item.id } : {}), reason: oneLine(itemGaps(item)) }]
        : [],
    ),
    bias: items.length >= 3 ? scoreBiasReport(items, bias) : null,
  };
}

/** Battles one verdict counts for: Arena-Hard counts a strong (>>) win as three. */
const BATTLES: Record<LikertVerdict, { winner: Winner; count: number }> = {
  'A>>B': { winner: 'A', count: 3 },
  'A>B': { winner: 'A', count: 1 },
  'A=B': { winner: 'TIE', count: 1 },
  'B>A': { winner: 'B', count: 1 },
  'B>>A': { winner: 'B', count: 3 },
};

/** Win rate of A in percent, ties counting half, strong 5-point wins counting three battles. */
export function weightedWinRate(results: readonly PairwiseResult[]): number | null {
  let wins = 0;
  let battles = 0;
  for (const r of results) {
    if (r.status !== 'judged') continue;
    const { winner, count } = r.likert !== null ? BATTLES[r.likert] : { winner: r.winner, count: 1 };
    battles += count;
    wins += count * (winner === 'A' ? 1 : winner === 'TIE' ? 0.5 : 0);
  }
  return battles === 0 ? null : (100 * wins) / battles;
}

export function summariseCompareBatch(items: readonly PairwiseResult[], bias: BiasOptions = {}): CompareBatch {
  const judged = items.filter((r) => r.status === 'judged');
  const wins = { A: 0, B: 0, TIE: 0 };
  for (const r of judged) wins[r.winner] += 1;
  return {
    kind: 'compare-batch',
    items: [...items],
    wins,
    weightedWinRate: weightedWinRate(items),
    lengthControlled: judged.length >= 2 ? lengthControlledWinRate(battlesOf(judged)) : null,
    failed: items.flatMap((r, index) =>
      r.status === 'judged'
        ? []
        : [
            {
              index,
              ...(r.id !== undefined ? { id: r.id } : {}),
              reason:
                r.passes
                  .map((p) => (p.status === 'unmeasured' ? `pass ${p.pass}: ${p.reason ?? 'unmeasured'}` : ''))
                  .filter(Boolean)
                  .join('; ') ||
                (r.reason ?? 'unmeasured'),
            },
          ],
    ),
    partial: items.flatMap((r, index) =>
      r.status === 'judged' && r.gaps.length > 0
        ? [{ index, ...(r.id !== undefined ? { id: r.id } : {}), reason: oneLine(r.gaps) }]
        : [],
    ),
    bias: judged.length >= 3 ? pairwiseBiasReport(items, bias) : null,
  };
}
