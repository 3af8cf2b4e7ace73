/**
 * The per-configuration statistics of benchmark.json: mean, SAMPLE standard deviation (ddof 1, as skill-creator's
 * aggregator and numpy.std(ddof=1)), min and max, rounded to 4 decimals, pooled over every measured run of every
 * eval. A metric no file recorded for a run (time, tokens) is left out of its statistics rather than counted as 0.
 */
import { mean, sampleStd } from '../../stats/index.js';
import type { MeasuredRun } from './aggregate-read.js';

export const METRICS = ['pass_rate', 'time_seconds', 'tokens'] as const;
export type Metric = (typeof METRICS)[number];

export interface MetricStat {
  mean: number;
  stddev: number;
  min: number;
  max: number;
  /** How many runs the figure is over. */
  n: number;
  /** The unrounded values (for the bootstrap); never written. */
  values: number[];
}

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/** Sample sd; one value has no spread to estimate, written 0 (skill-creator writes 0 too). */
export const sampleSd = (values: readonly number[]): number => (values.length < 2 ? 0 : sampleStd(values));

export function metricStat(values: number[]): MetricStat {
  if (values.length === 0) return { mean: 0, stddev: 0, min: 0, max: 0, n: 0, values };
  return {
    mean: round4(mean(values)),
    stddev: round4(sampleSd(values)),
    min: round4(Math.min(...values)),
    max: round4(Math.max(...values)),
    n: values.length,
    values,
  };
}

const valueOf: Record<Metric, (r: MeasuredRun) => number | undefined> = {
  pass_rate: (r) => r.passRate,
  time_seconds: (r) => r.timeSeconds,
  tokens: (r) => r.tokens,
};

/** The three metrics of one configuration's runs. */
export function runStatistics(runs: readonly MeasuredRun[]): Record<Metric, MetricStat> {
  const out = {} as Record<Metric, MetricStat>;
  for (const metric of METRICS)
    out[metric] = metricStat(
      runs.flatMap((r) => {
        const v = valueOf[metric](r);
        return v === undefined ? [] : [v];
      }),
    );
  return out;
}

/**
 * A stat as benchmark.json writes it: the four fields of skill-creator's schemas, plus n, plus `measured: false` when
 * nothing was.
 */
export function statForFile(s: MetricStat): {
  mean: number;
  stddev: number;
  min: number;
  max: number;
  n: number;
  measured?: false;
} {
  return {
    mean: s.mean,
    stddev: s.stddev,
    min: s.min,
    max: s.max,
    n: s.n,
    ...(s.n === 0 ? { measured: false as const } : {}),
  };
}
