/**
 * Combining judges per dimension with the toolkit's one aggregation rule (src/judge/kit/aggregate.ts: the
 * mean, with a 95% Student t-interval across judges), plus inter-judge agreement.
 *
 * With one judge, only triggering accuracy has an interval (a bootstrap over its ten decisions).
 *
 * Agreement: Cohen's kappa on the A/B/C/D/F bands of PluginEval's methodology (>= .9/.8/.7/.6) over the dimensions
 * every judge measured, averaged over all judge pairs (Light's kappa) when there are more than two.
 */
import type { DimensionMeasurement } from '../model/layer-output.js';
import type { DimensionName } from '../model/dimensions.js';
import { seedGrade } from '../score/grades.js';
import { aggregateJudges } from './kit/aggregate.js';
import { cohensKappa, mean } from '../stats/index.js';
import type { DimensionOutcome, JudgeSample } from './types.js';

export interface JudgedOutcome {
  sample: JudgeSample;
  dimension: DimensionName;
  outcome: DimensionOutcome;
}

export { studentTQuantile, tInterval } from './kit/aggregate.js';

const fmt = (x: number): string => x.toFixed(3);

/**
 * `failed` says a judge failed to measure (invalid reply, provider failure): the dimension is then either
 * unmeasured or measured by fewer judges than asked, and either way the result is partial. A dimension that
 * does not apply to the skill is unmeasured without a failure.
 */
export type DimensionAggregate =
  | { ok: true; measurement: DimensionMeasurement; failed?: string }
  | { ok: false; reason: string; failed?: string };

export function aggregateDimension(outcomes: readonly JudgedOutcome[]): DimensionAggregate {
  const measured = outcomes.flatMap((o) => (o.outcome.ok ? [{ sample: o.sample, m: o.outcome.measurement }] : []));
  const failures = outcomes.flatMap((o) => (o.outcome.ok ? [] : [`${o.sample.label}: ${o.outcome.reason}`]));
  const realFailures = outcomes.filter((o) => !o.outcome.ok && o.outcome.notApplicable !== true).length;
  if (measured.length === 0) {
    const first = outcomes[0]?.outcome;
    const reason = outcomes.length === 1 && first !== undefined && !first.ok ? first.reason : failures.join(' | ');
    return realFailures > 0 ? { ok: false, reason, failed: reason } : { ok: false, reason };
  }
  const shortfall =
    realFailures > 0 ? { failed: `${realFailures} of ${outcomes.length} judges failed: ${failures.join(' | ')}` } : {};
  const only = measured[0];
  if (measured.length === 1 && only !== undefined) {
    const evidence =
      outcomes.length > 1
        ? [
            `only ${only.sample.label} of ${outcomes.length} judges answered; others: ${failures.join(' | ')}`,
            ...only.m.evidence,
          ]
        : only.m.evidence;
    return {
      ok: true,
      measurement: { ...only.m, evidence, ciLow: only.m.ciLow ?? null, ciHigh: only.m.ciHigh ?? null },
      ...shortfall,
    };
  }
  const scores = measured.map((x) => x.m.score);
  // Two or more scores here, so the rule gives a score and an interval.
  const combined = aggregateJudges(scores);
  if (combined?.ciLow == null || combined.ciHigh == null)
    throw new Error(`no interval for ${scores.length} judge scores`);
  const score = combined.score;
  const ci = { low: combined.ciLow, high: combined.ciHigh };
  const evidence = [
    `mean of ${scores.length} judges: ${fmt(score)} ` +
      `(${measured.map((x) => `${x.sample.label} ${fmt(x.m.score)}`).join(', ')})`,
    `95% t-interval across judges: ${fmt(ci.low)}-${fmt(ci.high)}`,
    ...(failures.length > 0 ? [`not counted: ${failures.join(' | ')}`] : []),
    ...measured.flatMap((x) => x.m.evidence.map((e) => `[${x.sample.label}] ${e}`)),
  ];
  return { ok: true, measurement: { score, evidence, ciLow: ci.low, ciHigh: ci.high }, ...shortfall };
}

export interface JudgeAgreement {
  /** Mean pairwise Cohen's kappa on banded grades; null with fewer than two judges or two common dimensions. */
  kappa: number | null;
  pairs: number;
  /** Dimensions every judge measured (the items kappa is computed over). */
  dimensions: DimensionName[];
}

export function interJudgeAgreement(
  samples: readonly JudgeSample[],
  outcomes: readonly JudgedOutcome[],
): JudgeAgreement {
  const dims = [...new Set(outcomes.map((o) => o.dimension))];
  const gradeOf = (sample: JudgeSample, dim: DimensionName): string | undefined => {
    const found = outcomes.find((o) => o.sample === sample && o.dimension === dim);
    return found?.outcome.ok ? seedGrade(found.outcome.measurement.score) : undefined;
  };
  const common = dims.filter((d) => samples.every((s) => gradeOf(s, d) !== undefined));
  if (samples.length < 2 || common.length < 2) return { kappa: null, pairs: 0, dimensions: common };
  const kappas: number[] = [];
  for (let i = 0; i < samples.length; i++) {
    for (let j = i + 1; j < samples.length; j++) {
      const a = samples[i] as JudgeSample;
      const b = samples[j] as JudgeSample;
      kappas.push(
        cohensKappa(
          common.map((d) => gradeOf(a, d) as string),
          common.map((d) => gradeOf(b, d) as string),
        ),
      );
    }
  }
  return { kappa: mean(kappas), pairs: kappas.length, dimensions: common };
}
