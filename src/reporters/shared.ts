/** Helpers shared by the reporters. Everything here is pure. */
import { BADGE_ORDER } from '../model/badges.js';
import { DIMENSIONS } from '../model/dimensions.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { AntiPatternResult, DimensionResult, MeasurementGap, ScoreResult, Tip } from '../model/result.js';
import type { ScoreRun } from '../model/run.js';
import type { LayerUsage } from '../model/usage.js';
import { describeCost } from '../providers/cost-text.js';
import { MIN_BADGE_COVERAGE } from '../score/badge-policy.js';
import { NOT_SCORED_REASON } from '../score/build-result.js';
import {
  displayedCoveragePercent,
  formatCompositeScore,
  formatCoverage,
  formatDimensionScore,
  isBelowThreshold,
} from '../score/display.js';
import { BADGE_LABELS, type Badge } from '../score/grades.js';

export const DASH = '—';
export { BADGE_ORDER };

/**
 * Where a result ranks by what rests on measurement: 0 measured (at least the badge's coverage floor, half the
 * composite's weight), 1 low coverage, 2 not scored (nothing measured). A composite renormalised over a quarter of
 * the weight is not comparable with one over two thirds, so it never ranks above it.
 */
export function coverageTier(result: ScoreResult): 0 | 1 | 2 {
  const { share } = result.composite.coverage;
  if (share <= 0) return 2;
  return displayedCoveragePercent(share) < MIN_BADGE_COVERAGE * 100 ? 1 : 0;
}

/** True when nothing was measured: the result has no composite to show ("not scored", never 0.0). */
export function notScored(result: ScoreResult): boolean {
  return coverageTier(result) === 2;
}

export const NOT_SCORED = 'not scored';

/** "low coverage: 25% of the weight measured", "not scored: nothing to score", or undefined for a measured result. */
export function coverageFlag(result: ScoreResult): string | undefined {
  switch (coverageTier(result)) {
    case 2:
      return `${NOT_SCORED}: ${result.composite.notScored ?? NOT_SCORED_REASON}`;
    case 1:
      return `low coverage: ${formatCoverage(result.composite.coverage.share)} of the weight measured`;
    default:
      return undefined;
  }
}

/** Measured results first, then low coverage, then not scored; within each by composite, highest first, then path. */
export function sortByComposite(results: readonly ScoreResult[]): ScoreResult[] {
  return [...results].sort(
    (a, b) =>
      coverageTier(a) - coverageTier(b) ||
      (b.composite.score ?? 0) - (a.composite.score ?? 0) ||
      a.target.path.localeCompare(b.target.path),
  );
}

export function badgeLabel(badge: Badge): string {
  return BADGE_LABELS[badge];
}

/** `platinum 1, gold 0, ..., no badge 2`: every badge's count, best first. */
export function badgeTally(counts: Record<Badge, number>, separator = ', '): string {
  return BADGE_ORDER.map((b) => `${b === 'none' ? 'no badge' : b} ${counts[b]}`).join(separator);
}

export function badgeCounts(results: readonly ScoreResult[]): Record<Badge, number> {
  const counts = Object.fromEntries(BADGE_ORDER.map((b) => [b, 0])) as Record<Badge, number>;
  for (const r of results) counts[r.composite.badge]++;
  return counts;
}

/** Dimensions in the methodology's order (the native result should already be in it). */
export function orderedDimensions(result: ScoreResult): DimensionResult[] {
  return [...result.dimensions].sort((a, b) => DIMENSIONS.indexOf(a.name) - DIMENSIONS.indexOf(b.name));
}

export function formatScore100(score: number): string {
  return score.toFixed(1);
}

export function formatScore01(score: number | null): string {
  return score === null ? DASH : formatDimensionScore(score);
}

/**
 * A result's composite as shown beside its badge and threshold verdict: the value those were decided on
 * (compat shows more decimals only where one decimal would cross a line it was judged against unrounded).
 */
export function formatComposite(result: ScoreResult, threshold?: number): string {
  if (notScored(result) || result.composite.score === null) return NOT_SCORED;
  return formatCompositeScore(result.composite.score, result.methodology, threshold);
}

/** "78.0/100", or "not scored" when nothing was measured. */
export function compositeOutOf100(result: ScoreResult, threshold?: number): string {
  return notScored(result) ? NOT_SCORED : `${formatComposite(result, threshold)}/100`;
}

/**
 * A plugin component's score on the composite's 0-100 scale, whatever its kind (a skill's composite is 0-100, an
 * agent's or command's check score 0-1), so the components table has one scale.
 */
export function componentScore100(component: { kind: string; score: number | null }): string {
  if (component.score === null) return DASH;
  return formatScore100(component.kind === 'skill' ? component.score : component.score * 100);
}

/** The badge with its stars, then why it is provisional, capped or withheld: "Silver ★★★ (provisional: ...)". */
export function badgeWithReasons(result: ScoreResult): string {
  const { badge, badgeDecision } = result.composite;
  const open = badgeDecision.label.indexOf(' (');
  return open < 0 ? badgeLabel(badge) : `${badgeLabel(badge)}${badgeDecision.label.slice(open)}`;
}

/** "66% of the composite's weight measured (static 66%, judge 74%)". */
export function coverageText(result: ScoreResult): string {
  const { coverage } = result.composite;
  const layers = Object.entries(coverage.byLayer).map(([layer, share]) => `${layer} ${formatCoverage(share)}`);
  return (
    `${formatCoverage(coverage.share)} of the composite's weight ` +
    `measured${layers.length > 0 ? ` (${layers.join(', ')})` : ''}`
  );
}

/** The badge rule a result was decided by, for a line under its coverage. */
export function badgeRuleText(result: ScoreResult): string {
  const rated = result.composite.elo !== null;
  if (result.methodology === 'compat')
    return rated
      ? 'compat methodology: badge by the composite and the Elo line, as PluginEval'
      : 'compat methodology: badge by the composite alone, as PluginEval';
  const rule =
    'static analysis alone gives at most Silver (provisional); Gold needs the judge; Platinum needs certify; no badge below 50% coverage';
  return rated
    ? `${rule}; with an Elo rating, the Elo line too (Platinum 1600, Gold 1500, Silver 1400, Bronze 1300)`
    : rule;
}

/** "0.62-0.70" when both ends exist, else "". */
export function formatInterval(low: number | null, high: number | null, digits = 2): string {
  return low === null || high === null ? '' : `${low.toFixed(digits)}–${high.toFixed(digits)}`;
}

export interface AntiPatternGroup {
  flag: AntiPatternResult['flag'];
  count: number;
  items: AntiPatternResult[];
}

/** Anti-patterns grouped by flag, most frequent first, keeping first-seen order on ties. */
export function groupAntiPatterns(antiPatterns: readonly AntiPatternResult[]): AntiPatternGroup[] {
  const groups = new Map<string, AntiPatternGroup>();
  for (const ap of antiPatterns) {
    const g = groups.get(ap.flag);
    if (g) {
      g.count++;
      g.items.push(ap);
    } else groups.set(ap.flag, { flag: ap.flag, count: 1, items: [ap] });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

export function severityCounts(diagnostics: readonly Diagnostic[]): { error: number; warning: number; info: number } {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  return counts;
}

export function hasErrors(result: ScoreResult): boolean {
  return result.diagnostics.some((d) => d.severity === 'error');
}

/** `--threshold`, decided on the composite as displayed (compat: unrounded, as PluginEval). */
export function belowThreshold(result: ScoreResult, threshold: number | undefined): boolean {
  return isBelowThreshold(result.composite.score, result.methodology, threshold);
}

/** `file`, `file:line` or `file:line:col`; 0 means "not known" (whole file / whole line). */
export function location(file: string, line?: number, column?: number): string {
  if (!line) return file;
  return column ? `${file}:${line}:${column}` : `${file}:${line}`;
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** "1 error, 2 warnings" (zero counts left out; "no problems" when all are zero). */
export function problemSummary(diagnostics: readonly Diagnostic[]): string {
  const c = severityCounts(diagnostics);
  const parts: string[] = [];
  if (c.error) parts.push(plural(c.error, 'error'));
  if (c.warning) parts.push(plural(c.warning, 'warning'));
  if (c.info) parts.push(plural(c.info, 'note'));
  return parts.length > 0 ? parts.join(', ') : 'no problems';
}

/** Diagnostics with errors first, then warnings, then notes; by file and position within a severity. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const rank = { error: 0, warning: 1, info: 2 } as const;
  return [...diagnostics].sort(
    (a, b) =>
      rank[a.severity] - rank[b.severity] || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  );
}

/**
 * The run's problems outside any result: discovery diagnostics (a marketplace entry whose source is missing, a
 * marketplace.json that does not parse) and the diagnostics of targets that could not be scored at all. A report
 * that leaves them out shows a marketplace as clean while one of its plugins silently dropped out of it.
 */
export function runProblems(run: ScoreRun | undefined): { discovery: Diagnostic[]; failures: ScoreRun['failures'] } {
  return { discovery: run?.diagnostics ?? [], failures: run?.failures ?? [] };
}

/** Said first by every report of a run stopped by the user: only the targets that finished are in it. */
export function cancelledNote(run: ScoreRun | undefined, results: number): string | undefined {
  if (run?.status !== 'cancelled') return undefined;
  return (
    `Cancelled: the run was stopped before it finished; only the ${plural(results, 'target')} that ` +
    `finished ${results === 1 ? 'is' : 'are'} reported, the others were not scored`
  );
}

/** The markup reports' heading and diagnostics for the run's problems; undefined when there are none. */
export function runProblemsSection(
  run: ScoreRun | undefined,
): { heading: string; notScored: string[]; diagnostics: Diagnostic[] } | undefined {
  const { discovery, failures } = runProblems(run);
  const overBudget = run?.spend?.notScored ?? [];
  if (discovery.length === 0 && failures.length === 0 && overBudget.length === 0) return undefined;
  const diagnostics = sortDiagnostics([...failures.flatMap((f) => f.diagnostics), ...discovery]);
  const notScored = [
    ...failures.map((f) => `${f.target.path}: could not be scored: ${f.reason}`),
    ...overBudget.map((path) => `${path}: not scored: --max-cost was reached before it started`),
  ];
  const count = failures.length + overBudget.length;
  return {
    heading:
      `Problems outside the results ` +
      `(${[...(count > 0 ? [`${plural(count, 'target')} not scored`] : []), ...(diagnostics.length > 0 || count === 0 ? [problemSummary(diagnostics)] : [])].join('; ')})`,
    notScored,
    diagnostics,
  };
}

/**
 * What the run spent, said by every report: the total of its calls and agent runs, against --max-cost when one was
 * set. Undefined when the run made no model call and had no cap.
 */
export function runSpendLine(run: ScoreRun | undefined): string | undefined {
  if (run === undefined) return undefined;
  const spend = run.spend;
  const total = run.usage ? describeCost(run.usage) : spend ? `$${spend.spentUsd.toFixed(4)}` : undefined;
  if (spend === undefined || spend.maxCostUsd === null) return total === undefined ? undefined : `Spent: ${total}`;
  const cap = `--max-cost $${spend.maxCostUsd}`;
  if (!spend.reached)
    return (
      `Spent: ${total ?? '$0.0000'} ` +
      `of ${cap}${spend.unknownCost ? ' (some calls have no price: the cap could not count them)' : ''}`
    );
  const left = spend.notScored.length > 0 ? `; ${plural(spend.notScored.length, 'target')} not scored` : '';
  return (
    `Spent: ${total ?? `$${spend.spentUsd.toFixed(4)}`}: ${cap} reached, the run stopped ` +
    `(partial)${left}; ${plural(spend.inFlightWhenReached, 'call')} under way when it was ` +
    `reached, ${spend.refused} refused`
  );
}

/** "judge (no API key); monte_carlo (depth quick)". */
export function layersNotRunText(result: ScoreResult): string {
  return result.layersNotRun.map((l) => `${l.name} (${l.reason})`).join('; ');
}

/** XML 1.0 text/attribute escaping; characters XML cannot carry at all are dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** Text safe inside a GitHub-flavoured Markdown table cell (no raw HTML, no column breaks, one line). */
export function escapeMarkdownCell(text: string): string {
  return escapeMarkdownInline(text).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/**
 * Text safe inline in Markdown: raw HTML neutralised, emphasis and link syntax escaped, and kept on one line. A line
 * break inside a bold line, list item or quote would end it, and the next line would be read as Markdown of its own:
 * a reference skill's name or a provider's error text ("...\n## x", "...\n| a |") became a heading or a table, or
 * left a blockquote. Control characters (an escape sequence in a name) are dropped, as the text report drops them.
 */
export function escapeMarkdownInline(text: string): string {
  return (
    text
      .replace(/[ \t]*(?:\r\n|\r|\n|\u2028|\u2029)\s*/g, ' ')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/([\\`*_[\]])/g, '\\$1')
  );
}

/** Markdown inline code that survives backticks in the text. */
export function markdownCode(text: string): string {
  const clean = text.replace(/\r?\n/g, ' ');
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  const pad = clean.startsWith('`') || clean.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${clean}${pad}${fence}`;
}

/**
 * One line per layer that ran: duration, which provider and models, calls, tokens, cost, and the dimensions
 * it measured. Every format prints these so a reader always knows what was spent and by whom.
 */
export function layerSummaries(result: ScoreResult): string[] {
  const lines = result.layers.map((l) => {
    const parts = [`${l.name} layer: ${Math.round(l.durationMs)} ms`];
    if (l.usage) parts.push(...usageParts(l.usage));
    if (l.judges !== undefined)
      parts.push(
        `${l.judges} judge(s)${l.kappa !== undefined && l.kappa !== null ? `, kappa ${l.kappa.toFixed(2)}` : ''}`,
      );
    parts.push(`measured: ${l.dimensionsMeasured.length > 0 ? l.dimensionsMeasured.join(', ') : 'nothing'}`);
    return parts.join(' · ');
  });
  // certify's matchups are judge calls of their own, outside the layers: without this line a report would show
  // only part of what the run spent (the result's usage total includes them).
  const elo = result.elo?.usage;
  if (elo) lines.push(['Elo matchups', ...usageParts(elo)].join(' · '));
  return lines;
}

/** Who called which models, calls, tokens and cost, as every usage line shows them. */
function usageParts(u: LayerUsage): string[] {
  const parts: string[] = [];
  if (u.provider) parts.push(u.provider);
  if (u.models.length > 0) parts.push(`models ${u.models.join(', ')}`);
  parts.push(`${u.calls} call(s), ${u.cachedCalls} from cache`);
  // Calls without usage reported are in no token count: the counts shown are those of the calls that reported it.
  const unreported = (u.unreportedCalls ?? 0) + (u.cachedUnreportedCalls ?? 0);
  parts.push(
    `${u.inputTokens.toLocaleString('en-US')} input / ${u.outputTokens.toLocaleString('en-US')} output ` +
      `tokens${u.cacheReadTokens ? ` (${u.cacheReadTokens.toLocaleString('en-US')} cache read)` : ''}${unreported > 0 ? `, not counting ${unreported} call(s) without usage reported` : ''}`,
  );
  parts.push(describeCost(u));
  return parts;
}

/** Notes layers left (what the judge left out of its budget, injection attempts, agreement). */
export function layerNotes(result: ScoreResult): string[] {
  return result.layers.flatMap((l) => (l.notes ?? []).map((n) => `${l.name}: ${n}`));
}

/** One line per measurement gap, saying what the dimension's score rests on instead (never a silent fallback). */
export function gapText(result: ScoreResult, gap: MeasurementGap): string {
  const reason = gap.reason.replace(/\s+/g, ' ').trim();
  if (gap.measured) return `${gap.dimension}: measured only in part by ${gap.layer}: ${reason}`;
  const dim = result.dimensions.find((d) => d.name === gap.dimension);
  const others = dim?.measured ? Object.keys(dim.layers).filter((l) => l !== gap.layer) : [];
  const effect =
    others.length > 0
      ? `scored from the ${others.join(' and ')} layer${others.length > 1 ? 's' : ''} alone`
      : 'unmeasured';
  return `${gap.dimension}: not measured by ${gap.layer}: ${reason} (${effect})`;
}

/** The headline of a partial result, or undefined when every layer measured all it set out to. */
export function partialHeadline(result: ScoreResult): string | undefined {
  const { gaps } = result.measurement;
  if (result.measurement.status !== 'partial') return undefined;
  return (
    `Partial measurement (exit code 3): ${plural(gaps.length, 'dimension')} not fully measured; the composite ` +
    `rests only on what was measured, no badge is given and no threshold is passed`
  );
}

/**
 * A dimension's main reasons, compact: every static reason, and from the judge its reasoning (its quotes and
 * suggestion stay in the full evidence). The layer is named when more than one measured the dimension.
 */
export function compactEvidence(d: DimensionResult): string[] {
  const several = Object.keys(d.layers).length > 1;
  const byLayer = new Map<string, string[]>();
  for (const e of d.evidence) {
    const m = /^([a-z_]+): ([\s\S]*)$/.exec(e);
    const layer = m && m[1]! in d.layers ? m[1]! : '';
    const text = layer ? m![2]! : e;
    byLayer.set(layer, [...(byLayer.get(layer) ?? []), text]);
  }
  const out: string[] = [];
  for (const [layer, texts] of byLayer) {
    const named = (t: string) => (several && layer ? `${layer}: ${t}` : t);
    if (layer === 'judge' || layer === 'monte_carlo') {
      const reasoning = texts.map((t) => /(?:^|\] )reasoning: ([\s\S]*)$/.exec(t)?.[1]).find((r) => r !== undefined);
      out.push(named(reasoning ?? texts[0]!));
    } else out.push(...texts.map(named));
  }
  return out;
}

/** "+4.1 points" (or "up to +4.1 points" for a judge suggestion's ceiling). */
export function tipGain(t: Tip): string {
  return `${t.gainBasis === 'ceiling' ? 'up to ' : ''}+${t.gain.toFixed(1)} points`;
}

/** What the tip is about: its dimension, or the anti-pattern it removes. */
export function tipSubject(t: Tip): string {
  return t.antiPattern ?? t.dimension ?? t.id;
}

/**
 * Which component of a plugin the tip is for: "agent .../agents/reviewer.md", or, for the same tip in several,
 * "3 agents: .../a.md, .../b.md, .../c.md" (the first three, then how many more).
 */
export function tipWhere(t: Tip): string {
  const all = t.components ?? [t.target];
  if (all.length === 1) return `${t.target.kind} ${t.target.path}`;
  const kinds = [...new Set(all.map((c) => c.kind))];
  const noun = kinds.length === 1 ? `${kinds[0]}s` : 'components';
  const shown = all.slice(0, 3).map((c) => c.path);
  const more = all.length > shown.length ? ` and ${all.length - shown.length} more` : '';
  return `${all.length} ${noun}: ${shown.join(', ')}${more}`;
}

/** "removes EMPTY_DESCRIPTION, MISSING_TRIGGER" when the change takes anti-patterns away, else "". */
export function tipRemoves(t: Tip): string {
  const removed = t.effects?.antiPatternsRemoved ?? [];
  if (removed.length === 0) return '';
  const counts = new Map<string, number>();
  for (const f of removed) counts.set(f, (counts.get(f) ?? 0) + 1);
  return `removes ${[...counts].map(([f, n]) => (n > 1 ? `${f} ×${n}` : f)).join(', ')}`;
}

/**
 * Said of a result that was not measured in this run (score --only-changed took it from the results store), in
 * every format: a stored result must never read as freshly measured. Undefined for a result measured now.
 */
export function reusedText(result: ScoreResult): string | undefined {
  const from = result.reusedFrom;
  return (
    from &&
    `Reused from the results store: content and plan unchanged; measured by run ${from.runId} at ${from.measuredAt}, not in this run`
  );
}

/**
 * Said first of a result, in every format, when its Monte Carlo layer ran and measured nothing (too few distinct real
 * prompts, infrastructure errors): its dimensions are gaps kept out of the composite, and the run is partial.
 */
export function monteCarloNotMeasuredText(result: ScoreResult): string[] {
  const out: string[] = [];
  for (const layer of result.layers)
    for (const mc of layer.monteCarlo ?? [])
      if (mc.status === 'not-measured')
        out.push(
          `Monte Carlo not measured for ${mc.skill} (exit code 3): ${mc.reason ?? 'no run measured'}; its ` +
            `dimensions are kept out of the composite`,
        );
  return out;
}

/** People's mean rating beside the composite (never in it: it is not a measured dimension). */
export function humanRatingText(result: ScoreResult): string | undefined {
  const human = result.human;
  return (
    human &&
    `Human rating ${human.meanRating.toFixed(1)}/5 (${plural(human.ratings, 'rating')} in the execution logs; not part of the composite)`
  );
}
