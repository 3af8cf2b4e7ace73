/**
 * The Monte Carlo layer's statistics: what a set of agent runs says about the skill, with an
 * interval on every rate. Pure: the same records and seed always give the same summary (the bootstrap is seeded
 * from the plan), so a rerun or a resumed run reports identical figures.
 *
 * Rules, as docs/monte-carlo.md states them:
 * - A run with status 'infra' measured nothing: it is counted in runs.infra / infraByKind and left out of every
 *   denominator (activation, false activation, failure, quality, tokens). Its cost and time still count.
 * - Fixed sampling reports Wilson intervals for the activation rates and Clopper-Pearson for the failure rate.
 *   Adaptive sampling reports anytime-valid confidence sequences for all three, because the stop was chosen by
 *   looking at the data and fixed-n intervals do not survive that.
 * - An undefined statistic is null with a note, never 0 or 1.
 */
import { clusterBootstrapMean, coefficientOfVariation, mean, quantileSorted } from '../stats/index.js';
import { effectiveCounts, type ClusterCount } from '../stats/clustered-proportion.js';
import { clopperPearsonBounds, wilsonBounds } from '../stats/proportion.js';
import { confidenceSequenceBounds } from '../stats/sequential.js';
import type { McRunRecord, McSampling, McStopReason, McSummary, RateEstimate } from './summary-types.js';

/** The token scale of PluginEval's methodology: a run of 8,000 tokens or more has efficiency 0. */
export const EFFICIENCY_TOKEN_SCALE = 8000;
/** The mc_score weights of PluginEval's methodology. */
export const MC_SCORE_WEIGHTS = Object.freeze({ activation: 0.4, consistency: 0.3, reliability: 0.2, efficiency: 0.1 });
/** Bootstrap resamples for the quality mean's interval. */
export const QUALITY_BOOTSTRAP_SAMPLES = 1000;

export interface SummariseOptions {
  /** Runs planned (N, or the adaptive maximum). */
  planned: number;
  /** Seed for the quality bootstrap; comes from the plan so reruns are identical. */
  seed: number;
  /** Present when the runs were sampled adaptively: intervals become confidence sequences; the stop is recorded. */
  adaptive?: { stopReason?: McStopReason; stopDetail?: string };
}

function requireRecords(records: readonly McRunRecord[]): void {
  if (!Array.isArray(records)) throw new RangeError('summariseRuns: records must be an array');
  records.forEach((r, i) => {
    if (r.status !== 'ok' && r.status !== 'infra') {
      throw new RangeError(`summariseRuns: record ${i} has status ${String(r.status)}; expected 'ok' or 'infra'`);
    }
    if (r.status === 'ok' && r.quality !== null && !(r.quality >= 0 && r.quality <= 1)) {
      throw new RangeError(
        `summariseRuns: record ${i} has quality ${String(r.quality)}; expected null or a number in [0, 1]`,
      );
    }
    if (!(r.tokens >= 0) || !Number.isFinite(r.tokens)) {
      throw new RangeError(`summariseRuns: record ${i} has tokens ${String(r.tokens)}; expected a finite number >= 0`);
    }
  });
}

// Confidence sequences need root finding and depend only on (k, n); an adaptive run summarises at every look, so
// whole counts (runs with one run per prompt, the usual case before any prompt repeats) are memoised (bounded:
// cleared when full). Effective counts of repeated prompts are fractional and computed each time.
const sequenceMemo = new Map<number, { low: number; high: number }>();
function confidenceSequence(k: number, n: number): { low: number; high: number } {
  if (!Number.isInteger(k) || !Number.isInteger(n)) return confidenceSequenceBounds(k, n);
  // Triangular index: one number per (k, n) with 0 <= k <= n.
  const key = (n * (n + 1)) / 2 + k;
  let found = sequenceMemo.get(key);
  if (!found) {
    if (sequenceMemo.size >= 100_000) sequenceMemo.clear();
    found = confidenceSequenceBounds(k, n);
    sequenceMemo.set(key, found);
  }
  return found;
}

/**
 * A rate over runs grouped by prompt, with the interval the sampling mode calls for at the effective counts
 * (src/stats/clustered-proportion.ts: a prompt's repeated runs are not independent evidence); no trials: rate and
 * interval null.
 */
export function rateEstimate(clusters: readonly ClusterCount[], method: RateEstimate['method']): RateEstimate {
  const c = effectiveCounts(clusters);
  const counts = { successes: c.successes, trials: c.trials, prompts: c.clusters, effectiveTrials: c.effectiveTrials };
  if (c.trials === 0) return { rate: null, ...counts, low: null, high: null, method };
  const n = c.effectiveTrials;
  const k = (c.successes / c.trials) * n;
  const interval =
    method === 'confidence-sequence'
      ? confidenceSequence(k, n)
      : method === 'wilson'
        ? wilsonBounds(k, n, 0.05)
        : clopperPearsonBounds(k, n, 0.05);
  return { rate: c.successes / c.trials, ...counts, low: interval.low, high: interval.high, method };
}

/** Counts the statistics are built from; exported so the dimension scores and the stopping rule share them. */
export interface RunCounts {
  done: number;
  measured: number;
  infra: number;
  infraByKind: Record<string, number>;
  positives: { measured: number; activated: number; infra: number };
  negatives: { measured: number; activated: number; infra: number };
  failures: number;
  /** Measured runs grouped by prompt: activations on positives, on negatives, and agent errors on all. */
  clusters: { positives: ClusterCount[]; negatives: ClusterCount[]; failures: ClusterCount[] };
}

/** Adds one trial to the cluster of `key` (a prompt). */
function tally(into: Map<number, ClusterCount>, key: number, success: boolean): void {
  let c = into.get(key);
  if (!c) {
    c = { successes: 0, trials: 0 };
    into.set(key, c);
  }
  c.trials++;
  if (success) c.successes++;
}

export function countRuns(records: readonly McRunRecord[]): RunCounts {
  const counts: RunCounts = {
    done: records.length,
    measured: 0,
    infra: 0,
    infraByKind: {},
    positives: { measured: 0, activated: 0, infra: 0 },
    negatives: { measured: 0, activated: 0, infra: 0 },
    failures: 0,
    clusters: { positives: [], negatives: [], failures: [] },
  };
  const byPrompt = { positives: new Map<number, ClusterCount>(), negatives: new Map<number, ClusterCount>() };
  const failuresByPrompt = new Map<number, ClusterCount>();
  for (const r of records) {
    const side = r.shouldTrigger ? counts.positives : counts.negatives;
    if (r.status === 'infra') {
      counts.infra++;
      side.infra++;
      const kind = r.infraKind ?? 'unknown';
      counts.infraByKind[kind] = (counts.infraByKind[kind] ?? 0) + 1;
      continue;
    }
    counts.measured++;
    side.measured++;
    if (r.activated) side.activated++;
    if (r.agentError !== undefined) counts.failures++;
    tally(r.shouldTrigger ? byPrompt.positives : byPrompt.negatives, r.promptIndex, r.activated);
    tally(failuresByPrompt, r.promptIndex, r.agentError !== undefined);
  }
  counts.clusters = {
    positives: [...byPrompt.positives.values()],
    negatives: [...byPrompt.negatives.values()],
    failures: [...failuresByPrompt.values()],
  };
  return counts;
}

interface QualityStats {
  n: number;
  /** Distinct prompts among the graded runs (the bootstrap's clusters). */
  prompts: number;
  mean: number | null;
  cv: number | null;
  low: number | null;
  high: number | null;
}

/**
 * Quality of graded activated positive runs: mean, CV (ddof 1), and a seeded cluster bootstrap CI of the mean that
 * resamples whole prompts (a prompt graded five times is one prompt's evidence, not five). Fewer than two graded
 * prompts: no interval (one prompt shows no spread between prompts).
 */
function qualityStats(records: readonly McRunRecord[], seed: number, notes: string[]): QualityStats {
  const byPrompt = new Map<number, number[]>();
  const values: number[] = [];
  for (const r of records) {
    if (r.status !== 'ok' || !r.shouldTrigger || !r.activated || r.quality === null) continue;
    values.push(r.quality);
    const cluster = byPrompt.get(r.promptIndex);
    if (cluster) cluster.push(r.quality);
    else byPrompt.set(r.promptIndex, [r.quality]);
  }
  const n = values.length;
  const prompts = byPrompt.size;
  if (n === 0) {
    notes.push('output quality not measured: no activated positive run was graded');
    return { n, prompts, mean: null, cv: null, low: null, high: null };
  }
  const m = mean(values);
  if (n === 1) {
    notes.push('output quality from 1 graded run: no spread, so its CV and interval are unknown');
    return { n, prompts, mean: m, cv: null, low: null, high: null };
  }
  let ci: { low: number | null; high: number | null } = { low: null, high: null };
  if (prompts >= 2) ci = clusterBootstrapMean([...byPrompt.values()], { samples: QUALITY_BOOTSTRAP_SAMPLES, seed });
  else notes.push(`output quality from ${n} graded runs of 1 prompt: no interval (no spread between prompts known)`);
  // Quality is in [0, 1], so a zero mean means every grade was 0: the CV is 0/0, undefined rather than "consistent".
  let cv: number | null = null;
  if (m === 0) notes.push(`output CV undefined: all ${n} graded outputs scored 0 (standard deviation / mean is 0/0)`);
  else cv = coefficientOfVariation(values);
  return { n, prompts, mean: m, cv, low: ci.low, high: ci.high };
}

/** Tokens of measured runs: median, quartiles (numpy's default linear quantile), IQR, outliers above Q3 + 1.5 IQR. */
function tokenStats(records: readonly McRunRecord[]): McSummary['tokens'] {
  const sorted = records
    .filter((r) => r.status === 'ok')
    .map((r) => r.tokens)
    .sort((x, y) => x - y);
  if (sorted.length === 0) return { median: null, q1: null, q3: null, iqr: null, outliers: 0 };
  const q1 = quantileSorted(sorted, 0.25);
  const q3 = quantileSorted(sorted, 0.75);
  const iqr = q3 - q1;
  const fence = q3 + 1.5 * iqr;
  return { median: quantileSorted(sorted, 0.5), q1, q3, iqr, outliers: sorted.filter((t) => t > fence).length };
}

/** max(0, 1 - median_tokens / 8000), the methodology's efficiency_norm. */
export function efficiencyNorm(medianTokens: number): number {
  return Math.max(0, 1 - medianTokens / EFFICIENCY_TOKEN_SCALE);
}

/**
 * The mc_score of PluginEval's methodology. Activation rate is required (without measured positives there is nothing to
 * score: null). When the CV is unknown (fewer than 2 graded outputs, or all graded 0) its 0.30 term is dropped and the
 * other weights renormalised (divided by 0.70), with a note: an unknown consistency is neither perfect nor worst.
 */
function mcScore(
  activation: number | null,
  cv: number | null,
  failure: number | null,
  efficiency: number | null,
  notes: string[],
): number | null {
  const w = MC_SCORE_WEIGHTS;
  if (activation === null || failure === null || efficiency === null) {
    notes.push('mc_score not computed: no measured positive run, so the activation rate (its main term) is unknown');
    return null;
  }
  let total = w.activation * activation + w.reliability * (1 - failure) + w.efficiency * efficiency;
  let weight = w.activation + w.reliability + w.efficiency;
  if (cv !== null) {
    total += w.consistency * (1 - Math.min(1, cv));
    weight += w.consistency;
  } else {
    notes.push(
      'mc_score renormalised without its consistency term (0.30 x (1 - min(1, CV))): CV unknown; ' +
        'score = (0.40 activation + 0.20 (1 - failure) + 0.10 efficiency) / 0.70',
    );
  }
  return total / weight;
}

/** Precision, recall, F1 with TP = activated positives, FP = activated negatives, FN = non-activated positives. */
function classification(
  c: RunCounts,
  notes: string[],
): { precision: number | null; recall: number | null; f1: number | null } {
  const tp = c.positives.activated;
  const fp = c.negatives.activated;
  const fn = c.positives.measured - tp;
  const recall = c.positives.measured > 0 ? tp / c.positives.measured : null;
  // Without measured negatives no false activation could be seen: precision would be 1 by construction.
  if (c.negatives.measured === 0) {
    notes.push('precision and F1 not computed: no measured negative (should-not-trigger) run');
    return { precision: null, recall, f1: null };
  }
  const precision = tp + fp > 0 ? tp / (tp + fp) : null;
  if (precision === null) notes.push('precision undefined: the skill activated on no measured run');
  // F1 is the harmonic mean of precision and recall: undefined when either is.
  const f1 = precision === null || recall === null ? null : (2 * tp) / (2 * tp + fp + fn);
  return { precision, recall, f1 };
}

/** Summarises Monte Carlo runs (see the file comment for the rules). */
export function summariseRuns(records: readonly McRunRecord[], options: SummariseOptions): McSummary {
  requireRecords(records);
  if (!Number.isInteger(options.planned) || options.planned < 0) {
    throw new RangeError(`summariseRuns: planned must be a non-negative integer, got ${String(options.planned)}`);
  }
  if (!Number.isInteger(options.seed))
    throw new RangeError(`summariseRuns: seed must be an integer, got ${String(options.seed)}`);
  const notes: string[] = [];
  const c = countRuns(records);
  const adaptive = options.adaptive !== undefined;
  const rateMethod: RateEstimate['method'] = adaptive ? 'confidence-sequence' : 'wilson';
  const failureMethod: RateEstimate['method'] = adaptive ? 'confidence-sequence' : 'clopper-pearson';
  const activation = rateEstimate(c.clusters.positives, rateMethod);
  const falseActivation = rateEstimate(c.clusters.negatives, rateMethod);
  const failure = rateEstimate(c.clusters.failures, failureMethod);
  if (c.infra > 0) {
    const kinds = Object.entries(c.infraByKind)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    notes.push(`${c.infra} of ${c.done} runs lost to infrastructure errors (${kinds}); left out of every rate`);
  }
  if (c.positives.measured === 0) notes.push('activation rate not measured: no measured positive run');
  if (c.negatives.measured === 0) notes.push('false activation rate not measured: no measured negative run');
  const quality = qualityStats(records, options.seed, notes);
  const tokens = tokenStats(records);
  const efficiency = tokens.median === null ? null : efficiencyNorm(tokens.median);
  const sampling: McSampling = adaptive
    ? {
        mode: 'adaptive',
        stopReason: options.adaptive?.stopReason ?? null,
        stopDetail: options.adaptive?.stopDetail ?? null,
      }
    : { mode: 'fixed', stopReason: null, stopDetail: null };
  if (adaptive && quality.n >= 2) {
    notes.push(
      'the quality interval is a fixed-n bootstrap: adaptive stopping watches the rates, and this interval is ' +
        'not adjusted for it',
    );
  }
  let costUsd = 0;
  let durationMs = 0;
  for (const r of records) {
    costUsd += r.costUsd;
    durationMs += r.durationMs;
  }
  return {
    runs: { planned: options.planned, done: c.done, measured: c.measured, infra: c.infra, infraByKind: c.infraByKind },
    activation,
    falseActivation,
    ...classification(c, notes),
    quality,
    failure,
    tokens,
    efficiencyNorm: efficiency,
    mcScore: mcScore(activation.rate, quality.cv, failure.rate, efficiency, notes),
    costUsd,
    durationMs,
    sampling,
    notes,
  };
}
