/**
 * Layer 3 (Monte Carlo) as a reader sees it: one view per skill measured, made of labelled rows, notes and a
 * per-run table, so every reporter prints the same facts in the same words and each rate traces to its runs.
 * Pure: a ScoreResult in, display strings out (the reporters escape them for their format).
 *
 * Honest measurement shows here: infrastructure errors are counted apart and said to be left out of every
 * rate; a skill Monte Carlo could not measure shows its reason and no statistic; and a simulated runner (the
 * messages runner asks a model for a routing decision; no agent runs) is named as a SIMULATION wherever its
 * numbers appear.
 */
import type { McRunReport, MonteCarloReport } from '../model/monte-carlo.js';
import type { ScoreResult } from '../model/result.js';
import { formatDimensionScore } from '../score/display.js';
import { unreportedText } from '../providers/cost-text.js';
import { DASH, formatInterval, plural } from './shared.js';

/** Said once per simulated report, before any of its numbers. */
export const SIMULATION_NOTICE =
  'SIMULATION: this runner asks a model which listed skill it would use for each prompt; no agent ran. ' +
  'Every Monte Carlo number here describes that routing decision, not the agent.';

export interface McRow {
  label: string;
  value: string;
}

export interface McRunRow {
  /** 1-based run number, as "#3". */
  run: string;
  prompt: string;
  /** "trigger" (a prompt the skill should handle) or "no trigger" (a near miss it should not). */
  expected: string;
  /** "yes", "no", or "infra error (kind)" for a run that measured nothing. */
  activated: string;
  evidence: string;
  quality: string;
  tokens: string;
  /** The agent's error, the infrastructure message, the grader's note. */
  note: string;
  infra: boolean;
}

export interface McView {
  /** The skill measured: the report's own name, else the skill result's target. */
  skill: string;
  status: MonteCarloReport['status'];
  /** "measured", "partial: ..." or "not measured: ...". */
  headline: string;
  simulated: boolean;
  rows: McRow[];
  notes: string[];
  runs: McRunRow[];
  /** "34 runs, 2 lost to infrastructure errors (not counted)". */
  runsCaption: string;
}

export interface McEntry {
  skill: string;
  report: MonteCarloReport;
}

/** Every Monte Carlo report of a result, each with the name of the skill it measured. */
export function monteCarloEntries(result: ScoreResult): McEntry[] {
  const reports = result.layers.flatMap((l) => (l.name === 'monte_carlo' ? (l.monteCarlo ?? []) : []));
  return reports.map((report, i) => ({
    skill:
      report.skill ??
      (result.target.kind === 'skill' && reports.length === 1
        ? result.target.name
        : `skill ${i + 1} of ${reports.length}`),
    report,
  }));
}

const f2 = (v: number | null): string => (v === null ? DASH : formatDimensionScore(v));
const int = (v: number | null): string => (v === null ? DASH : Math.round(v).toLocaleString('en-US'));

const METHOD: Record<MonteCarloReport['activation']['method'], string> = {
  wilson: 'Wilson',
  'clopper-pearson': 'Clopper-Pearson exact',
  'confidence-sequence': 'anytime-valid confidence sequence',
};

/** "0.94 (30 of 32) · 95% CI 0.80–0.99 (Wilson)"; a rate with no measured run says so instead of a number. */
export function rateText(r: MonteCarloReport['activation'], none: string): string {
  if (r.rate === null || r.trials === 0) return `${DASH} (${none})`;
  const ci = formatInterval(r.low, r.high);
  return `${f2(r.rate)} (${r.successes} of ${r.trials})${ci ? ` · 95% CI ${ci} (${METHOD[r.method]})` : ''}`;
}

/** 850 ms, 12.3 s, 14 min 3 s. */
export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

export function costText(r: Pick<MonteCarloReport, 'costUsd' | 'unreportedCalls'>): string {
  if (r.costUsd !== null) return `$${r.costUsd.toFixed(4)}`;
  return (r.unreportedCalls ?? 0) > 0
    ? unreportedText(r.unreportedCalls ?? 0)
    : 'unpriced (a model without a price was used)';
}

function headlineOf(r: MonteCarloReport): string {
  if (r.status === 'measured') return 'measured';
  const why = r.reason ?? r.sampling.stopReason;
  return r.status === 'partial' ? `partial: ${why}` : `not measured: ${why}`;
}

function stoppedText(s: MonteCarloReport['sampling']): string {
  const saved = s.savedRuns > 0 ? `; ${plural(s.savedRuns, 'run')} saved by adaptive sampling` : '';
  switch (s.stoppedBy) {
    case 'max-runs':
      return `all N runs done${saved}`;
    case 'adaptive':
      return `adaptive stop: ${s.stopReason}${saved}`;
    case 'max-cost':
      return `cost cap reached: ${s.stopReason}`;
    case 'infrastructure':
      return `too many infrastructure errors: ${s.stopReason}`;
    case 'cancelled':
      return `cancelled: ${s.stopReason}`;
    case 'prompts':
      return `nothing run: ${s.stopReason}`;
  }
}

function infraText(s: MonteCarloReport['sampling']): string {
  const kinds = Object.entries(s.infraByKind)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${n} ${k}`);
  return `${s.infra}${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''}; not counted in any rate`;
}

function qualityText(q: MonteCarloReport['quality']): string {
  if (q.n === 0 || q.mean === null) return `${DASH} (no graded output)`;
  const ci = formatInterval(q.low, q.high);
  return [`mean ${f2(q.mean)}`, `CV ${f2(q.cv)}`, ...(ci ? [`95% CI ${ci} (bootstrap)`] : []), `${q.n} graded`].join(
    ' · ',
  );
}

function tokensText(t: MonteCarloReport['tokens']): string {
  if (t.median === null) return `${DASH} (no measured run)`;
  return (
    `median ${int(t.median)} · IQR ${int(t.iqr)} (Q1 ${int(t.q1)}, Q3 ${int(t.q3)}) ` +
    `· ${plural(t.outliers, 'outlier')}`
  );
}

function rowsOf(r: MonteCarloReport): McRow[] {
  const s = r.sampling;
  const rows: McRow[] = [
    { label: 'Runner', value: `${r.runner}${r.simulated ? ' (SIMULATION, not the agent)' : ''} · model ${r.model}` },
    {
      label: 'Runs',
      value: `${s.mode} sampling · N ${s.planned} planned · ${s.done} done · ${s.measured} measured`,
    },
    { label: 'Stopped', value: stoppedText(s) },
  ];
  if (s.resumed > 0) rows.push({ label: 'Resumed', value: `${plural(s.resumed, 'run')} reused from a saved state` });
  if (s.infra > 0) rows.push({ label: 'Infrastructure errors', value: infraText(s) });
  rows.push({
    label: 'Prompts',
    value:
      `${r.prompts.positives} should trigger, ${r.prompts.negatives} should not ` +
      `(${r.prompts.source === 'file' ? 'from a file' : 'generated'})`,
  });
  // A skill that was not measured shows no statistic: a number there would read as a measurement.
  if (r.status !== 'not-measured') {
    rows.push(
      { label: 'Activation (should trigger)', value: rateText(r.activation, 'no measured run that should trigger') },
      {
        label: 'False activation (should not)',
        value: rateText(r.falseActivation, 'no measured run that should not trigger'),
      },
      { label: 'Precision / recall / F1', value: `${f2(r.precision)} / ${f2(r.recall)} / ${f2(r.f1)}` },
      { label: 'Output quality', value: qualityText(r.quality) },
      { label: 'Failure rate (agent errors)', value: rateText(r.failure, 'no measured run') },
      { label: 'Tokens per run', value: tokensText(r.tokens) },
      { label: 'efficiency_norm', value: f2(r.efficiencyNorm) },
      { label: 'mc_score', value: f2(r.mcScore) },
    );
  }
  rows.push(
    { label: 'Cost', value: costText(r) },
    { label: 'Run time (sum of runs)', value: durationText(r.durationMs) },
  );
  return rows;
}

function runRow(run: McRunReport): McRunRow {
  const infra = run.status === 'infra';
  const note = [
    infra ? `not counted: ${run.infraMessage ?? 'infrastructure error'}` : '',
    run.agentError ? `agent error (a failed run): ${run.agentError}` : '',
    run.gradeNote ?? '',
  ].filter(Boolean);
  return {
    run: `#${run.runIndex + 1}`,
    prompt: run.prompt,
    expected: run.shouldTrigger ? 'trigger' : 'no trigger',
    activated: infra ? `infra error (${run.infraKind ?? 'unknown'})` : run.activated ? 'yes' : 'no',
    evidence: run.activationEvidence ?? '',
    quality: f2(run.quality),
    tokens: int(run.tokens),
    note: note.join('; '),
    infra,
  };
}

export function monteCarloView(entry: McEntry): McView {
  const { report: r } = entry;
  const infra = r.runs.filter((x) => x.status === 'infra').length;
  return {
    skill: entry.skill,
    status: r.status,
    headline: headlineOf(r),
    simulated: r.simulated,
    rows: rowsOf(r),
    notes: r.notes,
    runs: [...r.runs].sort((a, b) => a.runIndex - b.runIndex).map(runRow),
    runsCaption: `${plural(r.runs.length, 'run')}${infra > 0 ? `, ${infra} lost to infrastructure errors (not counted)` : ''}`,
  };
}

/** One view per skill Monte Carlo reported on (none when Layer 3 did not run). */
export function monteCarloViews(result: ScoreResult): McView[] {
  return monteCarloEntries(result).map(monteCarloView);
}

/** Plain "label: value" lines of a view (JUnit's system-out, logs): the simulation notice first when it applies. */
export function monteCarloPlainLines(view: McView): string[] {
  return [
    `monte carlo (${view.skill}): ${view.headline}`,
    ...(view.simulated ? [SIMULATION_NOTICE] : []),
    ...view.rows.map((row) => `  ${row.label}: ${row.value}`),
    ...view.notes.map((n) => `  note: ${n}`),
  ];
}

/**
 * One line for the top of a result when any of its Monte Carlo numbers come from a simulated runner: they also
 * feed the composite, the dimension table and the evidence, which are read before the Monte Carlo section.
 */
export function simulationBanner(result: ScoreResult): string | undefined {
  const simulated = monteCarloEntries(result).filter((e) => e.report.simulated && e.report.status !== 'not-measured');
  if (simulated.length === 0) return undefined;
  const runners = [...new Set(simulated.map((e) => e.report.runner))].join(', ');
  return (
    `Monte Carlo ran on a SIMULATION of the agent (${runners} runner): its numbers here (composite, dimensions, ` +
    `evidence, the Monte Carlo section) describe a model's routing decision, not the agent`
  );
}

/** For a summary of several results: how many carry simulated Monte Carlo numbers (undefined when none). */
export function simulationSummary(results: readonly ScoreResult[]): string | undefined {
  const n = results.filter((r) => simulationBanner(r) !== undefined).length;
  return n === 0
    ? undefined
    : `Monte Carlo numbers of ${plural(n, 'result')} come from a SIMULATION of the agent, not the agent: see each ` +
        `result`;
}
