/**
 * The evidence that adaptive sampling keeps its promise: draw Bernoulli activation streams at a
 * known true rate, run the real stopping rule (createStoppingRule) on each, and count how often the interval
 * reported at the stop covers the truth, and how many runs it took. For contrast, the same streams are stopped by
 * the naive rule (Wilson intervals, peeked at every look) and measured at a fixed N with Wilson.
 *
 * Used by test/monte-carlo/adaptive.test.ts (2,000 streams) and bench/mc-adaptive.mjs (10,000). Seeded: identical
 * figures on every run. The "band" stand-in: the stream also stops once its activation interval lies inside one
 * band of `bandEdges` (e.g. 0.6 / 0.7 / 0.8 / 0.9), the shape of the lead's badge-band check applied to a rate.
 */
import { mulberry32, wilsonInterval } from '../stats/index.js';
import type { Interval } from '../stats/index.js';
import { createStoppingRule } from './adaptive.js';
import type { AdaptiveLook } from './adaptive.js';
import { summariseRuns } from './statistics.js';
import type { McRunRecord, McStopReason } from './summary-types.js';

export interface AdaptiveCoverageOptions {
  /** True activation rate of every stream. */
  rate: number;
  streams: number;
  /** N. */
  maxRuns: number;
  ciWidth?: number;
  minRuns?: number;
  /** Band edges in (0, 1), ascending; when given, a stream also stops once its interval sits inside one band. */
  bandEdges?: readonly number[];
  seed?: number;
  /**
   * Distinct prompts each stream cycles through (run i is of prompt i mod prompts); none: every run its own prompt.
   * The minimum prompts for a stop is the rule's default.
   */
  prompts?: number;
  /**
   * With `prompts`: how much prompts differ, 0 to 1: each prompt's own rate is rate ± spread × min(rate, 1 − rate),
   * either sign equally likely, so the mean over prompts stays `rate` (the truth the coverage is of). Default 0.
   */
  spread?: number;
}

export interface StoppingOutcome {
  /** Share of streams whose interval at the stop contained the true rate. */
  coverage: number;
  meanRuns: number;
}

export interface AdaptiveCoverageResult {
  rate: number;
  streams: number;
  maxRuns: number;
  /** The real rule: confidence sequences, stop per createStoppingRule. */
  adaptive: StoppingOutcome & { stops: Record<McStopReason, number> };
  /** With `prompts`: the same rule on the same runs, each run taken as its own prompt (no clustering). */
  unclustered?: StoppingOutcome;
  /** The same rule with Wilson intervals peeked at every look: not valid under optional stopping. */
  naiveWilson: StoppingOutcome;
  /** Wilson at n = N, no peeking: the fixed-N reference. */
  fixedWilson: StoppingOutcome;
}

function bandOf(x: number, edges: readonly number[]): number {
  let i = 0;
  while (i < edges.length && x >= (edges[i] as number)) i++;
  return i;
}

function insideOneBand(low: number, high: number, edges: readonly number[]): boolean {
  return bandOf(low, edges) === bandOf(high, edges);
}

/** Run `index` of a stream: each run its own prompt (independent draws, so clustering changes nothing). */
function record(index: number, activated: boolean): McRunRecord {
  return {
    promptIndex: index,
    shouldTrigger: true,
    status: 'ok',
    activated,
    quality: null,
    tokens: 0,
    costUsd: 0,
    durationMs: 0,
  };
}

/** Runs the simulation (see the file comment). */
export function measureAdaptiveCoverage(options: AdaptiveCoverageOptions): AdaptiveCoverageResult {
  const { rate, streams, maxRuns } = options;
  if (!(rate >= 0 && rate <= 1))
    throw new RangeError(`measureAdaptiveCoverage: rate must be in [0, 1], got ${String(rate)}`);
  if (!Number.isInteger(streams) || streams < 1)
    throw new RangeError(`measureAdaptiveCoverage: streams must be a positive integer, got ${String(streams)}`);
  const ciWidth = options.ciWidth ?? 0.05;
  const minRuns = options.minRuns ?? 10;
  const edges = options.bandEdges;
  const bandFixed = edges
    ? (look: AdaptiveLook): boolean =>
        look.activation.low !== null &&
        look.activation.high !== null &&
        insideOneBand(look.activation.low, look.activation.high, edges)
    : undefined;
  const rule = createStoppingRule({ maxRuns, ciWidth, minRuns, ratio: { positive: 1, negative: 0 }, bandFixed });
  const rand = mulberry32(options.seed ?? 1);
  // Wilson intervals for the naive contrast, memoised by (k, n) like the rule's confidence sequences.
  const wilsonMemo = new Map<number, Interval>();
  const wilson = (k: number, n: number): Interval => {
    const key = (n * (n + 1)) / 2 + k;
    let found = wilsonMemo.get(key);
    if (!found) {
      found = wilsonInterval(k, n);
      wilsonMemo.set(key, found);
    }
    return found;
  };
  const stops: Record<McStopReason, number> = { 'max-runs': 0, precision: 0, 'band-fixed': 0 };
  const tally = {
    adaptive: { covered: 0, runs: 0 },
    unclustered: { covered: 0, runs: 0 },
    naive: { covered: 0, runs: 0 },
    fixed: { covered: 0, runs: 0 },
  };
  const prompts = options.prompts;
  if (prompts !== undefined && (!Number.isInteger(prompts) || prompts < 1))
    throw new RangeError(`measureAdaptiveCoverage: prompts must be a positive integer, got ${String(prompts)}`);
  const spread = (options.spread ?? 0) * Math.min(rate, 1 - rate);

  for (let s = 0; s < streams; s++) {
    // One stream of N outcomes, shared by the procedures so they differ only in how they stop. With `prompts`, the
    // stream's prompts each get their own rate (rate ± spread, the mean kept) and run i is of prompt i mod prompts.
    const promptRates = Array.from({ length: prompts ?? 0 }, () => (rand() < 0.5 ? rate - spread : rate + spread));
    const outcomes = Array.from(
      { length: maxRuns },
      (_, i) => rand() < (prompts === undefined ? rate : (promptRates[i % prompts] as number)),
    );

    // The real rule on runs grouped by prompt; then, for contrast, on the same runs each taken as its own prompt.
    const stopped = (promptOf: (i: number) => number, count: Record<McStopReason, number> | undefined): boolean => {
      const records: McRunRecord[] = [];
      for (;;) {
        const decision = rule.decide(records);
        if (decision.action === 'stop') {
          if (count) count[decision.reason]++;
          break;
        }
        records.push(record(promptOf(records.length), outcomes[records.length] as boolean));
      }
      const reported = summariseRuns(records, { planned: maxRuns, seed: 0, adaptive: {} }).activation;
      (count ? tally.adaptive : tally.unclustered).runs += records.length;
      return reported.low !== null && reported.high !== null && reported.low <= rate && rate <= reported.high;
    };
    if (stopped((i) => (prompts === undefined ? i : i % prompts), stops)) tally.adaptive.covered++;
    if (prompts !== undefined && stopped((i) => i, undefined)) tally.unclustered.covered++;

    // Naive: identical rule, Wilson in place of the confidence sequence (activation and failure, no failures here).
    const naiveStop = (): { n: number; interval: Interval } => {
      let hits = 0;
      for (let n = 0; ; n++) {
        if (n >= Math.max(1, minRuns) || n === maxRuns) {
          const interval = wilson(hits, n);
          if (n === maxRuns) return { n, interval };
          const failure = wilson(0, n);
          const precise = (interval.high - interval.low) / 2 <= ciWidth && (failure.high - failure.low) / 2 <= ciWidth;
          if (precise || (edges !== undefined && insideOneBand(interval.low, interval.high, edges)))
            return { n, interval };
        }
        if (outcomes[n]) hits++;
      }
    };
    const { n, interval: naive } = naiveStop();
    tally.naive.runs += n;
    if (naive.low <= rate && rate <= naive.high) tally.naive.covered++;

    const all = outcomes.filter(Boolean).length;
    const fixed = wilsonInterval(all, maxRuns);
    tally.fixed.runs += maxRuns;
    if (fixed.low <= rate && rate <= fixed.high) tally.fixed.covered++;
  }
  const outcome = (t: { covered: number; runs: number }): StoppingOutcome => ({
    coverage: t.covered / streams,
    meanRuns: t.runs / streams,
  });
  return {
    rate,
    streams,
    maxRuns,
    adaptive: { ...outcome(tally.adaptive), stops },
    ...(prompts === undefined ? {} : { unclustered: outcome(tally.unclustered) }),
    naiveWilson: outcome(tally.naive),
    fixedWilson: outcome(tally.fixed),
  };
}
