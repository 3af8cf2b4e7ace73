/**
 * Calibration: run the judge over items that humans already labelled and measure agreement,
 * graded against the methodology's bands, with the disagreements listed for inspection.
 * Score labels get Spearman, Kendall, quadratic-weighted kappa and exact agreement; pairwise
 * labels get kappa, agreement with and without ties (MT-Bench style) and position consistency.
 */
import type { Provider } from '../../providers/index.js';
import { agreementRate, cohensKappa, kendallTauB, positionConsistency, spearman } from '../../stats/index.js';
import { sumUsage } from '../../providers/pricing.js';
import { scoreDirectBatch } from './direct.js';
import type { DirectOptions, ScoreInput } from './direct.js';
import { outcomeOf } from './length-control.js';
import { comparePairs } from './pairwise.js';
import type { CompareInput, CompareOptions } from './pairwise.js';
import { DIRECT_TEMPLATE, PAIRWISE_TEMPLATE, promptVersion } from './prompts.js';
import type { CalibrationReport, MetricReading } from './report-schemas.js';
import type { Winner } from './schemas.js';
import { CALIBRATION_THRESHOLDS, levelOf, worstLevel } from './thresholds.js';
import type { ThresholdMetric } from './thresholds.js';

export type LabelledScoreItem = ScoreInput & { humanScore: number };
export type LabelledPairItem = CompareInput & { humanVerdict: Winner };

/** Compute one metric; too little or constant data gives a null value with the reason. */
function reading(
  metric: string,
  band: ThresholdMetric | null,
  compute: () => number,
  transform: (v: number) => number = (v) => v,
): MetricReading {
  let value: number;
  try {
    value = compute();
  } catch (error) {
    return { metric, value: null, level: null, note: (error as Error).message };
  }
  if (!Number.isFinite(value)) return { metric, value: null, level: null, note: 'undefined for constant labels' };
  return {
    metric,
    value,
    level: band === null ? null : levelOf(band, transform(value)),
    ...(band ? { note: CALIBRATION_THRESHOLDS[band].rule } : {}),
  };
}

const absolute = Math.abs;

export async function calibrateScores(
  provider: Provider,
  items: readonly LabelledScoreItem[],
  options: DirectOptions & { tolerance?: number },
): Promise<CalibrationReport> {
  const results = await scoreDirectBatch(provider, items, options);
  const tolerance = options.tolerance ?? 0;
  const rows = results.flatMap((r, index) => {
    const item = items[index] as LabelledScoreItem;
    // A score on fewer criteria than asked (a skipped one) is not the judge's answer to the question asked: left
    // out of the agreement and counted unmeasured, as an unusable reply is.
    return r.weightedScore === null || r.gaps.length > 0
      ? []
      : [{ index, item, result: r, judge: r.weightedScore, human: item.humanScore }];
  });
  const human = rows.map((r) => r.human);
  const judge = rows.map((r) => r.judge);
  const rounded = judge.map((j) => Math.round(j));
  const metrics: MetricReading[] = [
    reading('spearman', 'spearman', () => spearman(human, judge).rho),
    reading('kendall tau-b', null, () => kendallTauB(human, judge).tau),
    reading('weighted kappa (quadratic)', 'kappa', () => cohensKappa(human, rounded, { weights: 'quadratic' })),
    reading('exact agreement', null, () => agreementRate(human, rounded)),
    reading(
      'length correlation',
      'lengthCorrelation',
      () =>
        spearman(
          rows.map((r) => r.item.response.length),
          judge,
        ).rho,
      absolute,
    ),
  ];
  const disagreements = rows
    .map((r) => ({ ...r, difference: r.judge - r.human }))
    .filter((r) => Math.abs(Math.round(r.judge) - r.human) > tolerance)
    .sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference))
    .map((r) => ({
      index: r.index,
      ...(r.item.id !== undefined ? { id: r.item.id } : {}),
      human: r.human,
      judge: r.judge,
      difference: r.difference,
      reasoning: r.result.summary?.assessment ?? '',
    }));
  return {
    kind: 'calibration',
    mode: 'score',
    n: items.length,
    unmeasured: items.length - rows.length,
    metrics,
    overall: worstLevel(metrics.map((m) => m.level)),
    disagreements,
    judge: results[0]?.judge ?? {
      model: options.model,
      provider: provider.name,
      prompt: promptVersion(DIRECT_TEMPLATE),
    },
    cost: sumUsage(results.map((r) => r.cost)),
  };
}

export async function calibratePairwise(
  provider: Provider,
  items: readonly LabelledPairItem[],
  options: CompareOptions,
): Promise<CalibrationReport> {
  const results = await comparePairs(provider, items, options);
  // A verdict from fewer passes than asked is partial (position not controlled): left out and counted unmeasured.
  const rows = results.flatMap((r, index) =>
    r.status === 'judged' && r.gaps.length === 0 ? [{ index, item: items[index] as LabelledPairItem, result: r }] : [],
  );
  const human = rows.map((r) => r.item.humanVerdict);
  const judge = rows.map((r) => r.result.winner);
  const swapped = rows.filter((r) => r.result.passes[0]?.winner != null && r.result.passes[1]?.winner != null);
  const metrics: MetricReading[] = [
    reading('kappa', 'kappa', () => cohensKappa(human, judge)),
    reading('agreement (with ties)', null, () => agreementRate(human, judge, { tie: 'TIE' })),
    reading('agreement (without ties)', null, () => agreementRate(human, judge, { tie: 'TIE', ignoreTies: true })),
    reading('position consistency', 'positionConsistency', () =>
      positionConsistency(
        swapped.map((r) => r.result.passes[0]?.winner as Winner),
        swapped.map((r) => r.result.passes[1]?.winner as Winner),
      ),
    ),
    reading(
      'length correlation',
      'lengthCorrelation',
      () =>
        spearman(
          rows.map((r) => r.result.lengthA - r.result.lengthB),
          judge.map((w) => outcomeOf(w)),
        ).rho,
      absolute,
    ),
  ];
  const disagreements = rows
    .filter((r) => r.result.winner !== r.item.humanVerdict)
    .map((r) => ({
      index: r.index,
      ...(r.item.id !== undefined ? { id: r.item.id } : {}),
      human: r.item.humanVerdict,
      judge: r.result.winner,
      difference: null,
      reasoning: r.result.passes
        .map((p) => `pass ${p.pass} (${p.order}): ${p.winner ?? 'unmeasured'}: ${p.reasoning}`)
        .join(' | '),
    }));
  return {
    kind: 'calibration',
    mode: 'pairwise',
    n: items.length,
    unmeasured: items.length - rows.length,
    metrics,
    overall: worstLevel(metrics.map((m) => m.level)),
    disagreements,
    judge: results[0]?.judge ?? {
      model: options.model,
      provider: provider.name,
      prompt: promptVersion(PAIRWISE_TEMPLATE),
    },
    cost: sumUsage(results.map((r) => r.cost)),
  };
}
