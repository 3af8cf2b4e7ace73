/**
 * What the Monte Carlo layer records per run and what its statistics make of the runs.
 * Plain types shared by the layer, the statistics and the reporters.
 */

/** One agent run as the statistics see it. Infrastructure errors are kept (counted apart), never scored. */
export interface McRunRecord {
  /** Index of the prompt in the run's prompt set. */
  promptIndex: number;
  /** True: a prompt the skill should handle; false: a near-miss it should not. */
  shouldTrigger: boolean;
  /** ok: measured; infra: measured nothing about the skill (excluded from every rate's denominator). */
  status: 'ok' | 'infra';
  activated: boolean;
  /** The agent's own error (max turns, a loop): a run failure. Undefined when the run ended normally. */
  agentError?: string;
  /** Judge's grade of the output in [0, 1] (activated positive runs only; null: not graded or grading failed). */
  quality: number | null;
  /** Total tokens of the run (input + output + cache read + cache write). */
  tokens: number;
  costUsd: number;
  durationMs: number;
  /** For status 'infra': what went wrong (an InfraErrorKind from the runner), counted in McSummary.runs.infraByKind. */
  infraKind?: string;
}

export interface RateEstimate {
  /** Successes over measured trials. null when there were no measured trials. */
  rate: number | null;
  successes: number;
  trials: number;
  /** Distinct prompts behind the trials: the sampling unit. */
  prompts: number;
  /**
   * The trials the interval is computed on: fewer than `trials` when prompts repeat and their runs agree with each
   * other (src/stats/clustered-proportion.ts); equal to it with one run per prompt.
   */
  effectiveTrials: number;
  /** 95% interval (method named in `method`) at the effective trials; null with no trials. */
  low: number | null;
  high: number | null;
  method: 'wilson' | 'clopper-pearson' | 'confidence-sequence';
}

export interface McSummary {
  /** Runs planned, runs done, runs that measured (status ok), infrastructure errors by kind. */
  runs: { planned: number; done: number; measured: number; infra: number; infraByKind: Record<string, number> };
  /** On positives: activated / measured positives. */
  activation: RateEstimate;
  /** On negatives: activated / measured negatives. */
  falseActivation: RateEstimate;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /**
   * Output quality of graded activated positive runs: mean, coefficient of variation, and a 95% CI of the mean from a
   * bootstrap over prompts; `prompts` is how many distinct prompts were graded.
   */
  quality: {
    n: number;
    prompts?: number;
    mean: number | null;
    cv: number | null;
    low: number | null;
    high: number | null;
  };
  /** Agent errors (max turns...) over measured runs: exact Clopper-Pearson interval. */
  failure: RateEstimate;
  tokens: { median: number | null; q1: number | null; q3: number | null; iqr: number | null; outliers: number };
  /** max(0, 1 - median_tokens / 8000). */
  efficiencyNorm: number | null;
  /** 0.40 activation + 0.30 (1 - min(1, CV)) + 0.20 (1 - failure) + 0.10 efficiency_norm; null when not computable. */
  mcScore: number | null;
  /** Cost and time of every run done, infrastructure errors included (they were paid for). */
  costUsd: number;
  durationMs: number;
  /** How the runs were sampled and, for adaptive sampling, why it stopped. */
  sampling: McSampling;
  /** Decisions a reader needs: terms left out of mc_score and why, undefined statistics, interval caveats. */
  notes: string[];
}

/** Why adaptive sampling stopped: the run budget N, every rate precise enough, or the badge band settled. */
export type McStopReason = 'max-runs' | 'precision' | 'band-fixed';

export interface McSampling {
  /** fixed: N runs, fixed-n intervals (Wilson, Clopper-Pearson); adaptive: anytime-valid confidence sequences. */
  mode: 'fixed' | 'adaptive';
  /** Adaptive only: why it stopped, and the figures behind it; null for fixed sampling or when not recorded. */
  stopReason: McStopReason | null;
  stopDetail: string | null;
}
