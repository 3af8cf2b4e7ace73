/**
 * Layer 3 in PluginEval 0.1.x's JSON shape (`--output json --format plugineval`). PluginEval's Monte Carlo layer
 * entry is `{ layer: "monte_carlo", score: mc_score, sub_scores: { triggering, output_consistency,
 * failure_rate, token_efficiency }, metadata: { n_runs, n_activated, n_errored } }`, each sub-score an object of
 * statistics; its `config.monte_carlo_n` is the run count. The keys are kept so scripts written for it read ours;
 * where our measurement differs, the value is ours and the difference is documented (docs/output-formats.md):
 *
 * - An undefined statistic is null, never PluginEval's made-up 0.0 or 1.0.
 * - Counts are of measured runs: an infrastructure error is in `n_infra`, never in `n_runs` or a rate
 *   (PluginEval counts an SDK exception as a failed run).
 * - `triggering` is the activation rate on prompts that should trigger (PluginEval has no negatives); the
 *   false-activation rate, precision, recall and F1 are extra keys beside it.
 * - `wilson_lower`/`wilson_upper` and `cp_lower`/`cp_upper` hold the interval reported, named by
 *   `interval_method` (a confidence sequence under adaptive sampling, where fixed-n intervals would be invalid).
 * - `std_dev` is the sample standard deviation (CV x mean, ddof 1).
 * - `simulated: true` in the metadata marks a SIMULATION of the agent (the messages runner).
 */
import type { MonteCarloReport } from '../model/monte-carlo.js';
import type { LayerResult, ScoreResult } from '../model/result.js';
import { monteCarloEntries, type McEntry } from './monte-carlo.js';

type Stats = Record<string, number | string | null>;

// Type aliases (not interfaces) so they fit PluginEvalLayer's record of sub-scores.
export type PluginEvalMcSubScores = {
  triggering: Stats;
  output_consistency: Stats;
  failure_rate: Stats;
  token_efficiency: Stats;
};
export type PluginEvalMcSkill = PluginEvalMcSubScores & { skill: string; metadata: Record<string, unknown> };

/**
 * `config.monte_carlo_n`: runs measured, over every skill; null when Monte Carlo reported nothing (PluginEval's null).
 */
export function monteCarloN(result: ScoreResult): number | null {
  const entries = monteCarloEntries(result);
  return entries.length === 0 ? null : entries.reduce((n, e) => n + e.report.sampling.measured, 0);
}

function subScores(r: MonteCarloReport): PluginEvalMcSubScores {
  const q = r.quality;
  return {
    triggering: {
      activation_rate: r.activation.rate,
      wilson_lower: r.activation.low,
      wilson_upper: r.activation.high,
      n_activated: r.activation.successes,
      n_total: r.activation.trials,
      interval_method: r.activation.method,
      false_activation_rate: r.falseActivation.rate,
      false_activation_lower: r.falseActivation.low,
      false_activation_upper: r.falseActivation.high,
      n_false_activated: r.falseActivation.successes,
      n_negative: r.falseActivation.trials,
      precision: r.precision,
      recall: r.recall,
      f1: r.f1,
    },
    output_consistency: {
      mean_quality: q.mean,
      std_dev: q.cv === null || q.mean === null ? null : q.cv * q.mean,
      cv: q.cv,
      bootstrap_lower: q.low,
      bootstrap_upper: q.high,
      n_graded: q.n,
    },
    failure_rate: {
      p_fail: r.failure.rate,
      cp_lower: r.failure.low,
      cp_upper: r.failure.high,
      n_errored: r.failure.successes,
      interval_method: r.failure.method,
    },
    token_efficiency: {
      median: r.tokens.median,
      iqr: r.tokens.iqr,
      outlier_count: r.tokens.outliers,
      efficiency_norm: r.efficiencyNorm,
    },
  };
}

function metadataOf(entry: McEntry): Record<string, unknown> {
  const { report: r } = entry;
  const s = r.sampling;
  return {
    n_runs: s.measured,
    n_activated: r.runs.filter((x) => x.status === 'ok' && x.activated).length,
    n_errored: r.failure.successes,
    n_infra: s.infra,
    infra_by_kind: s.infraByKind,
    status: r.status,
    ...(r.reason !== undefined ? { reason: r.reason } : {}),
    runner: r.runner,
    simulated: r.simulated,
    model: r.model,
    sampling: s.mode,
    n_planned: s.planned,
    n_done: s.done,
    stopped_by: s.stoppedBy,
    stop_reason: s.stopReason,
    saved_runs: s.savedRuns,
    mc_score: r.mcScore,
    cost_usd: r.costUsd,
    duration_ms: Math.round(r.durationMs),
  };
}

export interface PluginEvalMcLayer {
  score: number | null;
  sub_scores: PluginEvalMcSubScores | { skills: PluginEvalMcSkill[] };
  metadata: Record<string, unknown>;
}

/**
 * The Monte Carlo layer entry of a result. One skill: PluginEval's layout. A plugin (PluginEval never runs
 * Layer 3 on one): one entry per skill under `sub_scores.skills`, each with its own metadata. The score is null
 * when the layer measured nothing (it is then not among the layers run).
 */
export function pluginEvalMonteCarlo(result: ScoreResult, layer: LayerResult): PluginEvalMcLayer {
  const entries = monteCarloEntries(result);
  const score = result.layersRun.includes('monte_carlo') ? layer.score : null;
  const single = entries.length === 1 && result.target.kind === 'skill' ? entries[0] : undefined;
  if (single) return { score, sub_scores: subScores(single.report), metadata: metadataOf(single) };
  const skills = entries.map((e) => ({ skill: e.skill, ...subScores(e.report), metadata: metadataOf(e) }));
  const sum = (k: 'measured' | 'infra') => entries.reduce((n, e) => n + e.report.sampling[k], 0);
  return {
    score,
    sub_scores: { skills },
    metadata: {
      n_runs: sum('measured'),
      n_activated: skills.reduce((n, s) => n + Number(s.metadata.n_activated), 0),
      n_errored: entries.reduce((n, e) => n + e.report.failure.successes, 0),
      n_infra: sum('infra'),
      simulated: entries.some((e) => e.report.simulated),
    },
  };
}
