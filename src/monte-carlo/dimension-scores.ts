/**
 * What Layer 3 (Monte Carlo) measures per dimension, from one McSummary (docs/monte-carlo.md
 * "Dimension scores"). PluginEval's methodology gives Monte Carlo a blend weight on six dimensions; four have an honest
 * signal in agent runs and two do not, and those two are reported unmeasured with the reason rather than filled with
 * mc_score (which would count activation, consistency, failures and tokens a second time under another name):
 *
 * - triggering_accuracy <- balanced accuracy = (activation rate + (1 - false activation rate)) / 2. Not F1: F1
 *   ignores correct non-activations and moves with the positive:negative mix of the prompt set, a design choice.
 *   Interval: each rate's interval at alpha / 2, combined (Bonferroni), so it covers with >= 95%.
 *   Without measured negatives it is the activation rate alone, and the evidence says so.
 * - output_quality <- the mean judge grade of activated positive runs, with its bootstrap 95% interval.
 * - robustness <- 1 - failure rate (agent errors over measured runs), with the flipped failure interval.
 * - token_efficiency <- efficiency_norm = max(0, 1 - median tokens / 8000); no interval (a point on the median).
 * - orchestration_fitness, scope_calibration: unmeasured. Whether a skill is a pure worker, and whether its size
 *   suits its job, are properties of its text; a run shows whether it fired and how it went, not those.
 *
 * Plain data out: the shape matches the layer contract's DimensionMeasurement without importing it (layers rank
 * above simulate).
 */
import type { DimensionName } from '../model/dimensions.js';
import { wilsonBounds } from '../stats/proportion.js';
import { confidenceSequenceBounds } from '../stats/sequential.js';
import type { McSummary, RateEstimate } from './summary-types.js';

export interface McDimensionMeasurement {
  /** In [0, 1]. */
  score: number;
  evidence: string[];
  /** 95% interval; null when the statistic has none. */
  ciLow: number | null;
  ciHigh: number | null;
}

export interface McDimensionScores {
  measurements: Partial<Record<DimensionName, McDimensionMeasurement>>;
  /** Dimensions the methodology blends from Monte Carlo that it could not measure here, with the reason. */
  unmeasured: Partial<Record<DimensionName, string>>;
}

const METHOD_LABEL: Record<RateEstimate['method'], string> = {
  wilson: 'Wilson',
  'clopper-pearson': 'Clopper-Pearson',
  'confidence-sequence': 'anytime-valid confidence-sequence',
};

const f3 = (v: number): string => v.toFixed(3);
const int = (v: number): string => Math.round(v).toLocaleString('en-US');

function intervalText(r: RateEstimate): string {
  if (r.low === null || r.high === null) return '';
  // Repeated prompts whose runs agree count for less than their runs: say on how much the interval rests.
  const effective =
    r.effectiveTrials < r.trials ? ` on an effective ${r.effectiveTrials.toFixed(1)} runs (clustered by prompt)` : '';
  return `; 95% ${METHOD_LABEL[r.method]} interval ${f3(r.low)}-${f3(r.high)}${effective}`;
}

function infraText(s: McSummary): string | null {
  if (s.runs.infra === 0) return null;
  const kinds = Object.entries(s.runs.infraByKind)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  return `${s.runs.infra} of ${s.runs.done} runs lost to infrastructure errors (${kinds}); not counted`;
}

/** The same rate's interval at a smaller alpha, by the method the summary used (for the Bonferroni combination). */
function intervalAt(r: RateEstimate, alpha: number): { low: number; high: number } {
  // At the effective counts the summary's interval used (runs clustered by prompt).
  const n = r.effectiveTrials;
  const k = (r.successes / r.trials) * n;
  return r.method === 'confidence-sequence' ? confidenceSequenceBounds(k, n, alpha) : wilsonBounds(k, n, alpha);
}

function triggering(s: McSummary, infra: string | null): McDimensionMeasurement | string {
  const a = s.activation;
  const f = s.falseActivation;
  if (a.rate === null) return 'no measured positive (should-trigger) run, so the activation rate is unknown';
  const evidence = [
    `activated on ${a.successes} of ${a.trials} measured positive runs of ${a.prompts} prompts (rate ${f3(a.rate)}${intervalText(a)})`,
  ];
  if (f.rate === null) {
    evidence.push(
      'false activation not measured (no measured negative run): the score is the activation rate on positives alone',
    );
    if (infra) evidence.push(infra);
    return { score: a.rate, evidence, ciLow: a.low, ciHigh: a.high };
  }
  evidence.push(
    `activated on ${f.successes} of ${f.trials} measured negative runs of ${f.prompts} prompts (rate ${f3(f.rate)}${intervalText(f)})`,
  );
  const score = (a.rate + (1 - f.rate)) / 2;
  const ia = intervalAt(a, 0.025);
  const if_ = intervalAt(f, 0.025);
  evidence.push(
    `balanced accuracy (${f3(a.rate)} + (1 - ${f3(f.rate)})) / 2 = ${f3(score)}; 95% interval from each rate's ` +
      `97.5% interval (Bonferroni)`,
  );
  if (infra) evidence.push(infra);
  return { score, evidence, ciLow: (ia.low + 1 - if_.high) / 2, ciHigh: (ia.high + 1 - if_.low) / 2 };
}

function outputQuality(s: McSummary): McDimensionMeasurement | string {
  const q = s.quality;
  if (q.mean === null) return 'no activated positive run was graded';
  const ci =
    q.low === null || q.high === null
      ? '; no interval from a single grade'
      : `; bootstrap 95% interval of the mean over prompts ${f3(q.low)}-${f3(q.high)}`;
  const cv = q.cv === null ? 'CV unknown' : `CV ${f3(q.cv)}`;
  return {
    score: q.mean,
    evidence: [
      `mean judge grade ${f3(q.mean)} over ${q.n} graded activated positive runs${q.prompts === undefined ? '' : ` of ${q.prompts} prompts`} (${cv})${ci}`,
    ],
    ciLow: q.low,
    ciHigh: q.high,
  };
}

function robustness(s: McSummary, infra: string | null): McDimensionMeasurement | string {
  const r = s.failure;
  if (r.rate === null) return 'no measured run';
  const evidence = [
    `agent errors (max turns, loops) in ${r.successes} of ${r.trials} measured runs (failure ` +
      `rate ${f3(r.rate)}${intervalText(r)})`,
  ];
  if (infra) evidence.push(infra);
  return {
    score: 1 - r.rate,
    evidence,
    ciLow: r.high === null ? null : 1 - r.high,
    ciHigh: r.low === null ? null : 1 - r.low,
  };
}

function tokenEfficiency(s: McSummary): McDimensionMeasurement | string {
  const t = s.tokens;
  if (t.median === null || s.efficiencyNorm === null || t.q1 === null || t.q3 === null) return 'no measured run';
  const outliers = `${t.outliers} run${t.outliers === 1 ? '' : 's'} above Q3 + 1.5 IQR`;
  return {
    score: s.efficiencyNorm,
    evidence: [
      `median ${int(t.median)} tokens over ${s.runs.measured} measured runs ` +
        `(quartiles ${int(t.q1)}-${int(t.q3)}; ${outliers})`,
      `efficiency_norm = max(0, 1 - ${int(t.median)} / 8000) = ${f3(s.efficiencyNorm)}; no interval`,
    ],
    ciLow: null,
    ciHigh: null,
  };
}

const NO_SIGNAL: Readonly<Partial<Record<DimensionName, string>>> = {
  orchestration_fitness:
    'agent runs show whether the skill fired and how the run went, not whether the skill is a pure worker',
  scope_calibration: 'agent runs do not show whether the skill is sized to its job (a property of its text)',
};

/** Layer 3's per-dimension scores from a summary (mapping in the file comment). */
export function mcDimensionScores(summary: McSummary): McDimensionScores {
  const infra = infraText(summary);
  const out: McDimensionScores = { measurements: {}, unmeasured: { ...NO_SIGNAL } };
  const results: [DimensionName, McDimensionMeasurement | string][] = [
    ['triggering_accuracy', triggering(summary, infra)],
    ['output_quality', outputQuality(summary)],
    ['robustness', robustness(summary, infra)],
    ['token_efficiency', tokenEfficiency(summary)],
  ];
  for (const [dimension, result] of results) {
    if (typeof result === 'string') out.unmeasured[dimension] = result;
    else out.measurements[dimension] = result;
  }
  return out;
}
