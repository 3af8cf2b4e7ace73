/**
 * ScoreRun + history -> DashboardData: the rows, cells and texts the page shows. Pure; linear in the number of
 * results and history points. Honesty rules live here: an unmeasured dimension is the text "not measured" (never
 * 0), a partial result and a reused one are flagged, a failure to score is listed apart from the scores.
 */
import { DIMENSION_SHORT_LABELS, DIMENSION_WEIGHTS, DIMENSIONS } from '../../model/dimensions.js';
import type { ScoreResult } from '../../model/result.js';
import type { ScoreRun } from '../../model/run.js';
import {
  BADGE_ORDER,
  badgeLabel,
  badgeWithReasons,
  coverageFlag,
  coverageTier,
  formatComposite,
  notScored,
  location,
  plural,
} from '../../reporters/shared.js';
import { displayedGrade, formatCoverage, formatDimensionScore } from '../../score/display.js';
import { runScoreNote } from '../../score/score-meaning.js';
import type { HistoryPoint } from '../../store/schema.js';
import { dimensionLabel, NOT_MEASURED, skillDetail } from './detail.js';
import type {
  DashboardData,
  DashboardDimension,
  DashboardSummary,
  DimensionCell,
  SkillRow,
  TrendPoint,
} from './model.js';

export { NOT_MEASURED };

export interface DashboardOptions {
  /** Recorded results by `result.target.path`, oldest first (the store's `history`). */
  history?: ReadonlyMap<string, readonly HistoryPoint[]>;
  /** ISO 8601: when the page was made (passed in so the output is reproducible). */
  generatedAt: string;
  title?: string;
  /** Targets (`result.target.path`) whose result was reused from an earlier run, not measured by this one. */
  reused?: ReadonlySet<string>;
}

function dashboardDimensions(): DashboardDimension[] {
  return DIMENSIONS.map((name) => ({
    name,
    label: dimensionLabel(name),
    short: DIMENSION_SHORT_LABELS[name],
    weight: DIMENSION_WEIGHTS[name],
  }));
}

/** A dimension's cell: its score as displayed and the heat-map bin of that displayed value. */
export function dimensionCell(score: number | null | undefined): DimensionCell {
  if (score === null || score === undefined) return { score: null, text: NOT_MEASURED, bin: 'none' };
  return { score, text: formatDimensionScore(score), bin: displayedGrade(score) };
}

const dateOf = (iso: string): string => /^\d{4}-\d{2}-\d{2}/.exec(iso)?.[0] ?? iso;

/**
 * History points as trend points: content changes marked against the point before. A run that scored nothing has no
 * composite to plot, so it is no point of the trend.
 */
export function trendPoints(points: readonly HistoryPoint[]): TrendPoint[] {
  return points.flatMap((p, i) => {
    if (p.composite === null) return [];
    return [trendPoint(p, p.composite, points[i - 1])];
  });
}

function trendPoint(p: HistoryPoint, composite: number, previous: HistoryPoint | undefined): TrendPoint {
  return {
    recordedAt: p.recordedAt,
    date: dateOf(p.recordedAt),
    composite,
    text: composite.toFixed(1),
    badge: p.badge,
    contentChanged: previous !== undefined && p.contentHash !== previous.contentHash,
    reused: p.reused,
    partial: p.partial,
  };
}

/** The trend in words: the text alternative of the sparkline and of the drill-down chart. */
export function trendText(points: readonly TrendPoint[]): string {
  if (points.length === 0) return 'No recorded history.';
  const items = points.map((p) => {
    const flags = [
      p.contentChanged ? 'content changed' : '',
      p.reused ? 'reused, not measured again' : '',
      p.partial ? 'partial' : '',
    ].filter(Boolean);
    return `${p.date} ${p.text}${flags.length > 0 ? ` (${flags.join(', ')})` : ''}`;
  });
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const change = last.composite - first.composite;
  const direction = points.length < 2 ? '' : ` Change since the first: ${change >= 0 ? '+' : ''}${change.toFixed(1)}.`;
  return `Composite over ${plural(points.length, 'recorded run')}: ${items.join('; ')}.${direction}`;
}

function isReused(
  result: ScoreResult,
  run: ScoreRun,
  history: readonly HistoryPoint[],
  options: DashboardOptions,
): boolean {
  if (options.reused?.has(result.target.path)) return true;
  // The store records a reused result under the run that reused it, with reused: true.
  return history.some((p) => p.runId === run.runId && p.reused);
}

function skillRow(result: ScoreResult, index: number, run: ScoreRun, options: DashboardOptions): SkillRow {
  const history = options.history?.get(result.target.path) ?? [];
  const byName = new Map(result.dimensions.map((d) => [d.name, d]));
  const points = trendPoints(history);
  const elo = result.composite.elo;
  return {
    id: `skill-${index + 1}`,
    name: result.target.name,
    path: result.target.path,
    kind: result.target.kind,
    composite: notScored(result) ? null : result.composite.score,
    compositeText: formatComposite(result),
    rankGroup: coverageTier(result),
    coverageFlag: coverageFlag(result) ?? null,
    badge: result.composite.badge,
    badgeRank: BADGE_ORDER.indexOf(result.composite.badge),
    badgeLabel: badgeWithReasons(result),
    elo,
    eloText:
      elo === null ? (result.elo?.status === 'unmeasured' ? NOT_MEASURED : 'not rated') : String(Math.round(elo)),
    coverage: result.composite.coverage.share,
    coverageText: formatCoverage(result.composite.coverage.share),
    partial: result.measurement.status === 'partial',
    reused: isReused(result, run, history, options),
    cells: DIMENSIONS.map((name) => {
      const d = byName.get(name);
      return dimensionCell(d && d.measured ? d.score : null);
    }),
    history: points,
    detail: skillDetail(result, trendText(points)),
  };
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function summaryOf(run: ScoreRun, rows: readonly SkillRow[]): DashboardSummary {
  const plan = run.plan;
  const meanComposite = mean(rows.flatMap((r) => (r.composite === null ? [] : [r.composite])));
  const meanCoverage = mean(rows.map((r) => r.coverage));
  const unmeasuredCells = rows.reduce((n, r) => n + r.cells.filter((c) => c.score === null).length, 0);
  const judge = plan.judge
    ? `judge ${plan.judge.model}${plan.judge.judgeModels.length > 0 ? ` (panel: ${plan.judge.judgeModels.join(', ')})` : ''} ` +
      `via ${plan.judge.provider}`
    : 'no judge provider';
  const statusNote =
    run.status === 'success'
      ? null
      : run.status === 'partial'
        ? 'Some target could not be scored or some result is partial: those results rest only on what was measured.'
        : `The run stopped early (${run.status})${run.error ? `: ${run.error}` : ''}; the page shows what it finished.`;
  return {
    skills: rows.filter((r) => r.kind === 'skill').length,
    plugins: rows.filter((r) => r.kind === 'plugin').length,
    failures: run.failures.length,
    meanComposite: meanComposite === null ? 'no results' : meanComposite.toFixed(1),
    meanCoverage: meanCoverage === null ? 'no results' : formatCoverage(meanCoverage),
    status: run.status,
    statusNote,
    meaning: runScoreNote(run.results) ?? null,
    partial: rows.filter((r) => r.partial).length,
    reused: rows.filter((r) => r.reused).length,
    unmeasuredCells,
    unmeasuredSkills: rows.filter((r) => r.cells.some((c) => c.score === null)).length,
    scoredAt: run.finishedAt,
    how: `${plan.depth} depth, ${plan.methodology} methodology, layers ${plan.layers.join(', ')}; ${judge}`,
    runId: run.runId,
    toolVersion: run.tool.version,
  };
}

/** Shape a run (and the store's history of its targets) into what the dashboard shows. */
export function shapeDashboard(run: ScoreRun, options: DashboardOptions): DashboardData {
  // The run log lists what it reused (score --only-changed); the renderer's own set adds to it.
  const reused =
    run.reused && run.reused.length > 0 ? new Set([...(options.reused ?? []), ...run.reused]) : options.reused;
  const withReused: DashboardOptions = reused ? { ...options, reused } : options;
  const skills = run.results.map((r, i) => skillRow(r, i, run, withReused));
  const counts = new Map<string, number>();
  for (const s of skills) counts.set(s.badge, (counts.get(s.badge) ?? 0) + 1);
  return {
    // A blank --title (`--title "$UNSET"`) left the page with an empty <title> and <h1>: a page needs a name (WCAG
    // 2.4.2).
    title: options.title?.trim() ? options.title : `plugin-eval dashboard: ${plural(run.results.length, 'result')}`,
    generatedAt: options.generatedAt,
    summary: summaryOf(run, skills),
    badges: BADGE_ORDER.map((badge) => ({ badge, label: badgeLabel(badge), count: counts.get(badge) ?? 0 })),
    dimensions: dashboardDimensions(),
    skills,
    failures: run.failures.map((f) => ({ path: f.target.path, reason: f.reason })),
    discovery: run.diagnostics.map((d) => ({
      where: location(d.file, d.line, d.column),
      severity: d.severity,
      rule: d.ruleId,
      message: d.message,
    })),
  };
}
