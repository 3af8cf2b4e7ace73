/**
 * Combining judges: the mean per dimension, a 95% interval, and inter-judge agreement.
 *
 * Interval: with two or more judges, a Student t-interval on the judges' scores (mean +/- t(0.975, n-1)
 * x s / sqrt(n), clipped to [0, 1]); a t-interval rather than a bootstrap because n is tiny (3-5
 * judges), where a percentile bootstrap cannot reach past the observed extremes and is too narrow.
 * With one judge, only triggering accuracy has an interval (a bootstrap over its ten decisions).
 *
 * Agreement: Cohen's kappa on the seed's A/B/C/D/F bands (>= .9/.8/.7/.6) over the dimensions every
 * judge measured, averaged over all judge pairs (Light's kappa) when there are more than two.
 */
import type { DimensionMeasurement } from '../layers/types.js';
import type { DimensionName } from '../model/dimensions.js';
import type { DimensionOutcome, JudgeSample } from './types.js';
export interface JudgedOutcome {
    sample: JudgeSample;
    dimension: DimensionName;
    outcome: DimensionOutcome;
}
/** Two-sided Student t quantile t(1 - alpha/2, df), from P(|T| > t) = I_{df/(df+t^2)}(df/2, 1/2). */
export declare function studentTQuantile(alpha: number, df: number): number;
export declare function tInterval(values: readonly number[], alpha?: number): {
    low: number;
    high: number;
};
/**
 * `failed` says a judge failed to measure (invalid reply, provider failure): the dimension is then either
 * unmeasured or measured by fewer judges than asked, and either way the result is partial. A dimension that
 * does not apply to the skill is unmeasured without a failure.
 */
export type DimensionAggregate = {
    ok: true;
    measurement: DimensionMeasurement;
    failed?: string;
} | {
    ok: false;
    reason: string;
    failed?: string;
};
export declare function aggregateDimension(outcomes: readonly JudgedOutcome[]): DimensionAggregate;
export interface JudgeAgreement {
    /** Mean pairwise Cohen's kappa on banded grades; null with fewer than two judges or two common dimensions. */
    kappa: number | null;
    pairs: number;
    /** Dimensions every judge measured (the items kappa is computed over). */
    dimensions: DimensionName[];
}
export declare function interJudgeAgreement(samples: readonly JudgeSample[], outcomes: readonly JudgedOutcome[]): JudgeAgreement;
