/**
 * Adaptive sampling for the Monte Carlo layer (docs/monte-carlo.md "Adaptive sampling"): after
 * each look, stop once more runs could not change what is reported.
 *
 * Stop when (checked in this order):
 * 1. max-runs: the run budget N is spent (runs done, infrastructure errors included: they were paid for);
 * 2. precision: every reported rate (activation on positives, false activation on negatives, failure) has an
 *    anytime-valid 95% interval of half-width <= ciWidth (a rate the schedule never samples is not reported);
 * 3. band-fixed: the caller's predicate says the badge band cannot change (the lead's composite interval check).
 * Never before minRuns runs, nor before minPrompts distinct prompts of each side sampled have a measured run, and
 * only at looks (every `lookEvery` runs from minRuns on). Every interval is computed on the effective counts of
 * runs clustered by prompt (src/stats/clustered-proportion.ts): repeating a prompt narrows it only as far as the
 * repeats disagree with each other.
 *
 * Why stopping on peeked data is safe here: every interval is a confidence sequence
 * (src/stats/sequential.ts), which covers the truth at all sample sizes at once with probability >= 95%, so it
 * covers at whatever time this rule picks, however the rule looked. Each rate's sequence runs on its own count of
 * measured runs; an infrastructure error adds nothing to any count (it is a missing observation, assumed
 * unrelated to what the run would have shown). The summary reported at the stop must use the same intervals:
 * `summariseRuns(records, { ..., adaptive: { stopReason, stopDetail } })`.
 *
 * Scheduling: positives and negatives are interleaved in a fixed ratio (default 1:1, a positive first), so both
 * rates progress together and a stop at any point leaves them balanced; within a kind, prompts are taken in turn
 * (ordinal i -> prompt i mod the number of prompts of that kind).
 */
import { DEFAULT_MIN_PROMPTS } from '../agent/defaults.js';
import { countRuns, rateEstimate, summariseRuns } from './statistics.js';
import type { McRunRecord, McStopReason, McSummary, RateEstimate } from './summary-types.js';

export interface AdaptiveSettings {
  /** N: the most runs to make (50 at deep, 100 at thorough, or --mc-n). */
  maxRuns: number;
  /** Stop when every rate's 95% interval half-width is at most this; default 0.05 (--ci-width). */
  ciWidth?: number;
  /** No stop (other than max-runs) before this many runs; default 10. */
  minRuns?: number;
  /**
   * No stop (other than max-runs) before this many distinct prompts have a measured run on each side sampled;
   * default 5 (the `minPrompts` setting).
   */
  minPrompts?: number;
  /** Look every this many runs from minRuns on (a batch size); default 1. The intervals allow any schedule. */
  lookEvery?: number;
  /** Positive : negative runs; default 1 : 1. { positive: 1, negative: 0 } runs positives only. */
  ratio?: { positive: number; negative: number };
  /**
   * The lead's hook: true when the badge band the composite's interval lies in cannot change. Receives the rates
   * so far with their anytime-valid intervals, and the whole summary on request (it costs a bootstrap).
   */
  bandFixed?: (look: AdaptiveLook) => boolean;
  /** Seed for the summary handed to bandFixed (its quality bootstrap). Default 0. */
  seed?: number;
}

/** What the band predicate sees at a look: every interval is the anytime-valid one. */
export interface AdaptiveLook {
  /** Runs done so far. */
  done: number;
  activation: RateEstimate;
  falseActivation: RateEstimate;
  failure: RateEstimate;
  /** The summary so far (summariseRuns with adaptive intervals), computed on first call. */
  summary(): McSummary;
}

export type StopDecision = { action: 'continue' } | { action: 'stop'; reason: McStopReason; detail: string };

export interface ScheduledRun {
  shouldTrigger: boolean;
  /** Index among runs of the same kind (use prompt ordinal mod prompts of that kind). */
  ordinal: number;
}

export interface StoppingRule {
  readonly settings: Readonly<Required<Omit<AdaptiveSettings, 'bandFixed'>>> & Pick<AdaptiveSettings, 'bandFixed'>;
  /** The kind of the run at position `index` (0-based) of the schedule. */
  schedule(index: number): ScheduledRun;
  /** Continue or stop, given every run so far (in any order; only counts matter). */
  decide(records: readonly McRunRecord[]): StopDecision;
}

function requireInteger(name: string, v: number, min: number): void {
  if (!Number.isInteger(v) || v < min)
    throw new RangeError(`createStoppingRule: ${name} must be an integer >= ${min}, got ${String(v)}`);
}

/** Builds the stopping rule; validates the settings (RangeError naming the bad one). */
export function createStoppingRule(input: AdaptiveSettings): StoppingRule {
  const settings = {
    maxRuns: input.maxRuns,
    ciWidth: input.ciWidth ?? 0.05,
    minRuns: input.minRuns ?? 10,
    minPrompts: input.minPrompts ?? DEFAULT_MIN_PROMPTS,
    lookEvery: input.lookEvery ?? 1,
    ratio: input.ratio ?? { positive: 1, negative: 1 },
    seed: input.seed ?? 0,
    bandFixed: input.bandFixed,
  };
  requireInteger('maxRuns', settings.maxRuns, 1);
  requireInteger('minRuns', settings.minRuns, 0);
  requireInteger('minPrompts', settings.minPrompts, 1);
  requireInteger('lookEvery', settings.lookEvery, 1);
  requireInteger('ratio.positive', settings.ratio.positive, 0);
  requireInteger('ratio.negative', settings.ratio.negative, 0);
  requireInteger('seed', settings.seed, -(2 ** 53));
  if (settings.ratio.positive + settings.ratio.negative === 0)
    throw new RangeError('createStoppingRule: ratio must sample something');
  if (!(settings.ciWidth > 0 && settings.ciWidth < 0.5)) {
    throw new RangeError(`createStoppingRule: ciWidth must be in (0, 0.5), got ${String(settings.ciWidth)}`);
  }
  const { positive, negative } = settings.ratio;
  const period = positive + negative;

  // Positives among the first `index` runs: `positive` per whole period, then those that open the partial one.
  const positivesBefore = (index: number): number =>
    Math.floor(index / period) * positive + Math.min(index % period, positive);

  return {
    settings,
    schedule(index: number): ScheduledRun {
      requireInteger('index', index, 0);
      // Within each period, the positives come first: 1:1 alternates P, N; 2:1 gives P, P, N.
      const shouldTrigger = index % period < positive;
      const before = positivesBefore(index);
      return { shouldTrigger, ordinal: shouldTrigger ? before : index - before };
    },
    decide(records: readonly McRunRecord[]): StopDecision {
      const done = records.length;
      if (done >= settings.maxRuns)
        return { action: 'stop', reason: 'max-runs', detail: `N = ${settings.maxRuns} runs reached` };
      if (done < settings.minRuns || (done - settings.minRuns) % settings.lookEvery !== 0)
        return { action: 'continue' };
      const c = countRuns(records);
      // Prompts are the sampling unit: many runs of a few prompts say little about prompts not yet tried.
      const sides: [string, number][] = [];
      if (positive > 0) sides.push(['positive', c.clusters.positives.length]);
      if (negative > 0) sides.push(['negative', c.clusters.negatives.length]);
      if (sides.some(([, prompts]) => prompts < settings.minPrompts)) return { action: 'continue' };
      const activation = rateEstimate(c.clusters.positives, 'confidence-sequence');
      const falseActivation = rateEstimate(c.clusters.negatives, 'confidence-sequence');
      const failure = rateEstimate(c.clusters.failures, 'confidence-sequence');
      const rates: [string, RateEstimate][] = [];
      if (positive > 0) rates.push(['activation', activation]);
      if (negative > 0) rates.push(['false activation', falseActivation]);
      rates.push(['failure', failure]);
      // A rate with no measured run yet has the whole [0, 1] as its interval.
      const widths = rates.map(([name, r]) => ({
        name,
        n: r.trials,
        prompts: r.prompts,
        hw: r.low === null || r.high === null ? 0.5 : (r.high - r.low) / 2,
      }));
      if (widths.every((w) => w.hw <= settings.ciWidth)) {
        const list = widths
          .map((w) => `${w.name} ±${w.hw.toFixed(3)} on ${w.n} runs of ${w.prompts} prompts`)
          .join(', ');
        return {
          action: 'stop',
          reason: 'precision',
          detail: `every rate's 95% anytime-valid half-width <= ${settings.ciWidth} (${list})`,
        };
      }
      if (settings.bandFixed) {
        let summary: McSummary | undefined;
        const look: AdaptiveLook = {
          done,
          activation,
          falseActivation,
          failure,
          summary: () =>
            (summary ??= summariseRuns(records, { planned: settings.maxRuns, seed: settings.seed, adaptive: {} })),
        };
        if (settings.bandFixed(look)) {
          return { action: 'stop', reason: 'band-fixed', detail: `the badge band cannot change (after ${done} runs)` };
        }
      }
      return { action: 'continue' };
    },
  };
}
