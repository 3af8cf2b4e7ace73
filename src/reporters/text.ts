/**
 * Human-readable terminal report. Fits `options.width` columns (minimum 40; paths are shortened only with `cutPaths`);
 * ANSI colours only when asked.
 */
import pc from 'picocolors';
import { disabledSummary } from '../rules/config/apply-rule-config.js';
import type { ScoreResult } from '../model/result.js';
import { MIN_BADGE_COVERAGE } from '../score/badge-policy.js';
import { formatCoverage } from '../score/display.js';
import type { Badge } from '../score/grades.js';
import { runScoreNote, scoreMeaning } from '../score/score-meaning.js';
import { fit, fitLeft, padEnd, padStart, oneLine, wrap } from './layout.js';
import { monteCarloTextLines } from './monte-carlo-render.js';
import { simulationBanner, simulationSummary } from './monte-carlo.js';
import {
  DASH,
  badgeCounts,
  badgeTally,
  badgeLabel,
  badgeRuleText,
  badgeWithReasons,
  belowThreshold,
  componentScore100,
  coverageFlag,
  coverageText,
  coverageTier,
  compositeOutOf100,
  formatComposite,
  notScored,
  NOT_SCORED,
  compactEvidence,
  formatInterval,
  formatScore100,
  formatScore01,
  groupAntiPatterns,
  location,
  orderedDimensions,
  plural,
  problemSummary,
  severityCounts,
  sortByComposite,
  sortDiagnostics,
  tipGain,
  tipRemoves,
  tipSubject,
  tipWhere,
  gapText,
  humanRatingText,
  runSpendLine,
  layerNotes,
  layerSummaries,
  partialHeadline,
  reusedText,
  monteCarloNotMeasuredText,
  cancelledNote,
} from './shared.js';
import { eloLines } from './elo-lines.js';
import { upliftLine } from './uplift-line.js';
import { terminalText } from '../util/terminal-text.js';
import type { Reporter, ReporterOptions } from './types.js';

type Colors = ReturnType<typeof pc.createColors>;

const MIN_WIDTH = 40;
const MAX_TIPS = 3;
/** Lines of a tip's example shown in the terminal (all of it is in the other formats). */
const MAX_EXAMPLE_LINES = 4;
const INDENT = '  ';

interface Ctx {
  c: Colors;
  width: number;
  threshold: number | undefined;
  /**
   * Shorten paths and rule ids to fit (a terminal); otherwise each is printed whole even when it overflows the width.
   */
  cutPaths: boolean;
  /** The quick-score note was said once at the top, for every result: each result's section leaves it out. */
  runNoteShown: boolean;
}

/** A path within `width` columns when cutting is allowed, else whole. */
function fitPath(ctx: Ctx, text: string, width: number): string {
  return ctx.cutPaths ? fitLeft(oneLine(text), width) : oneLine(text);
}

function gradeColor(c: Colors, grade: string | null): (s: string) => string {
  if (grade === null) return c.dim;
  if (grade.startsWith('A') || grade.startsWith('B')) return c.green;
  if (grade.startsWith('C')) return c.yellow;
  return c.red;
}

function badgeColor(c: Colors, badge: Badge): (s: string) => string {
  switch (badge) {
    case 'platinum':
      return (s) => c.bold(c.cyan(s));
    case 'gold':
      return (s) => c.bold(c.yellow(s));
    case 'silver':
      return c.bold;
    case 'bronze':
      return c.magenta;
    default:
      return c.dim;
  }
}

function scoreColor(c: Colors, score100: number | null): (s: string) => string {
  if (score100 === null) return c.red;
  if (score100 >= 80) return c.green;
  if (score100 >= 60) return c.yellow;
  return c.red;
}

/** A bold section title followed by a short text, on one line when it fits. */
function titled(c: Colors, title: string, rest: string, width: number): string[] {
  if (title.length + 1 + rest.length <= width) return [`${c.bold(title)} ${rest}`];
  return [c.bold(fit(title, width)), ...wrap(rest, width, INDENT)];
}

/** Lines of the dimension table plus the grouped reasons for unmeasured dimensions. */
function dimensionTable(result: ScoreResult, ctx: Ctx): string[] {
  const { c, width } = ctx;
  // Dimension names are at most 23 characters; narrower terminals cut them.
  const nameW = Math.min(23, width - (INDENT.length + 2 + 6 + 2 + 5 + 2 + 5));
  const fixed = INDENT.length + nameW + 2 + 6 + 2 + 5 + 2 + 5 + 2;
  const barW = Math.max(0, Math.min(30, width - fixed));
  const lines = [
    c
      .bold(
        `${INDENT}${padEnd('Dimension', nameW)}  ${padStart('Weight', 6)}  ${padStart('Score', 5)}  ${padEnd('Grade', 5)}`,
      )
      .trimEnd(),
  ];
  const unmeasured = new Map<string, string[]>();
  for (const d of orderedDimensions(result)) {
    const name = padEnd(fit(d.name, nameW), nameW);
    const weight = padStart(d.weight.toFixed(2), 6);
    if (!d.measured || d.score === null) {
      const reason = d.unmeasuredReason ?? 'not measured';
      unmeasured.set(reason, [...(unmeasured.get(reason) ?? []), d.name]);
      const row = `${INDENT}${name}  ${weight}  ${padStart(DASH, 5)}  ${padEnd(DASH, 5)}  `;
      lines.push(c.dim(`${row}${fit('not measured', barW)}`.trimEnd()));
      continue;
    }
    const color = gradeColor(c, d.grade);
    const filled = Math.round(d.score * barW);
    const bar = barW > 0 ? color('█'.repeat(filled)) + c.dim('░'.repeat(barW - filled)) : '';
    const grade = color(padEnd(d.grade ?? DASH, 5));
    lines.push(`${INDENT}${name}  ${weight}  ${padStart(formatScore01(d.score), 5)}  ${grade}  ${bar}`.trimEnd());
  }
  for (const [reason, names] of unmeasured) {
    lines.push(...wrap(`${names.join(', ')}: ${reason}`, width, `${INDENT}${DASH} `, `${INDENT}  `).map(c.dim));
  }
  return lines;
}

function antiPatternLines(result: ScoreResult, ctx: Ctx): string[] {
  const { c, width } = ctx;
  if (result.antiPatterns.length === 0) return [];
  const groups = groupAntiPatterns(result.antiPatterns);
  const lines = titled(
    c,
    'Anti-patterns:',
    `${plural(result.antiPatterns.length, 'instance')}, penalty ×${result.composite.penalty.toFixed(2)}`,
    width,
  );
  const flagW = Math.max(...groups.map((g) => g.flag.length));
  for (const g of groups) {
    const first = g.items[0];
    const where = first?.file ? `${location(oneLine(first.file), first.line)}  ` : '';
    const head = `${INDENT}${padEnd(g.flag, flagW)}  ${padStart(`×${g.count}`, 3)}  `;
    const description = first?.description ?? '';
    lines.push(
      c.yellow(head) +
        (ctx.cutPaths
          ? fit(`${where}${description}`, width - head.length)
          : `${where}${fit(description, Math.max(20, width - head.length - where.length))}`),
    );
  }
  return lines;
}

function tipLines(result: ScoreResult, ctx: Ctx): string[] {
  const { c, width } = ctx;
  const tips = result.tips.slice(0, MAX_TIPS);
  if (tips.length === 0) return [];
  const lines = [c.bold('Fix first')];
  tips.forEach((t, i) => {
    const head = `${INDENT}${i + 1}. `;
    const hang = ' '.repeat(head.length);
    const where = result.target.kind === 'plugin' ? ` · ${oneLine(tipWhere(t))}` : '';
    const removes = tipRemoves(t);
    lines.push(
      ...wrap(`${tipGain(t)} · ${tipSubject(t)}${where}${removes ? ` · ${removes}` : ''}`, width, head, hang).map(
        (l, j) => (j === 0 ? `${head}${c.bold(l.slice(head.length))}` : l),
      ),
    );
    lines.push(...wrap(t.action, width, hang));
    if (t.example) {
      const example = t.example.split('\n');
      const shown = example.slice(0, MAX_EXAMPLE_LINES);
      shown.forEach((l, j) =>
        lines.push(
          ...wrap(l, width, `${hang}${j === 0 ? 'e.g. ' : '     '}`, `${hang}     `).map((x) => c.dim(x.trimEnd())),
        ),
      );
      if (example.length > shown.length) lines.push(c.dim(`${hang}     ...`));
    }
  });
  if (result.tips.length > tips.length)
    lines.push(
      ...wrap(
        `(${plural(result.tips.length - tips.length, 'more tip')} in --output json, markdown or html)`,
        width,
        INDENT,
      ).map(c.dim),
    );
  return lines;
}

/** One entry per measured dimension with its main reasons, so the table's numbers explain themselves. */
function evidenceLines(result: ScoreResult, ctx: Ctx): string[] {
  const { c, width } = ctx;
  const measured = orderedDimensions(result).filter((d) => d.measured && d.evidence.length > 0);
  if (measured.length === 0) return [];
  const lines = [c.bold('Evidence')];
  for (const d of measured) {
    const head = `${INDENT}${d.name}: `;
    lines.push(
      ...wrap(compactEvidence(d).join('; '), width, head, `${INDENT}${INDENT}`).map((l, j) =>
        j === 0 ? `${INDENT}${c.bold(d.name)}:${l.slice(head.length - 1)}` : l,
      ),
    );
  }
  return lines;
}

function monteCarloLines(result: ScoreResult, ctx: Ctx): string[] {
  return monteCarloTextLines(result, { width: ctx.width, bold: ctx.c.bold, dim: ctx.c.dim, warn: ctx.c.yellow });
}

function diagnosticLines(result: ScoreResult, ctx: Ctx): string[] {
  const { c, width } = ctx;
  const shown = sortDiagnostics(result.diagnostics.filter((d) => d.severity !== 'info'));
  // What the rule configuration left out is said, so nothing disappears silently.
  const disabled = disabledSummary(result.disabledDiagnostics);
  if (shown.length === 0) return disabled ? titled(c, 'Diagnostics:', disabled, width) : [];
  const lines = titled(c, 'Diagnostics:', problemSummary(result.diagnostics), width);
  for (const d of shown) {
    const loc = fitPath(ctx, location(d.file, d.line, d.column), Math.floor(width / 2));
    // The severity's own word, as validate, the other formats and the JSON print it; padded so messages line up.
    const sevText = padEnd(d.severity, 'warning'.length);
    // A rule id is what a reader searches the docs and the config for: cut only on a terminal, like paths.
    const rule = ctx.cutPaths
      ? fit(d.ruleId, Math.max(4, width - INDENT.length - loc.length - sevText.length - 6))
      : oneLine(d.ruleId);
    const headPlain = `${INDENT}${loc}  ${sevText}  ${rule}  `;
    const head = `${INDENT}${loc}  ${(d.severity === 'error' ? c.red : c.yellow)(sevText)}  ${c.dim(rule)}  `;
    if (headPlain.length + d.message.length <= width) lines.push(head + d.message);
    else {
      lines.push(head.trimEnd());
      lines.push(...wrap(d.message, width, INDENT.repeat(3)));
    }
  }
  const info = severityCounts(result.diagnostics).info;
  if (info > 0) lines.push(c.dim(`${INDENT}(${plural(info, 'note')} not shown)`));
  if (disabled) lines.push(c.dim(`${INDENT}(${disabled})`));
  return lines;
}

function componentLines(result: ScoreResult, ctx: Ctx): string[] {
  const { c, width } = ctx;
  const components = result.components ?? [];
  if (components.length === 0) return [];
  const lines = [c.bold('Components (score 0-100)')];
  for (const comp of components) {
    const score = componentScore100(comp);
    const head = `${INDENT}${padEnd(comp.kind, 7)}  ${padStart(score, 5)}  `;
    lines.push(head + fitLeft(comp.name, width - head.length));
  }
  return lines;
}

function single(result: ScoreResult, ctx: Ctx): string[] {
  const { c, width } = ctx;
  const { composite } = result;
  const out: string[] = [];
  out.push(c.bold(fitPath(ctx, result.target.path, width)));
  // Whether the skill helps, when it was measured: before anything about form.
  const uplift = upliftLine(result);
  if (uplift)
    out.push(...wrap(uplift, width, '', INDENT).map(result.uplift?.status === 'measured' ? c.bold : c.yellow));
  out.push(
    fit(
      `${result.target.kind} · ${result.methodology} methodology · ${result.depth} depth ` +
        `· ${composite.confidenceLabel} confidence`,
      width,
    ),
  );
  // What a static-only number means goes with the number, not in the docs alone.
  const meaning = ctx.runNoteShown ? undefined : scoreMeaning(result);
  if (meaning) out.push(...wrap(meaning.note, width, '', INDENT));
  // Never shown as if measured now: it is the stored result of an earlier run.
  const reused = reusedText(result);
  if (reused) out.push(...wrap(reused, width));
  for (const line of monteCarloNotMeasuredText(result)) out.push(...wrap(line, width, '', INDENT));
  out.push('');
  const shown = formatComposite(result, ctx.threshold);
  const outOf100 = compositeOutOf100(result, ctx.threshold);
  const score = (notScored(result) ? c.dim : scoreColor(c, composite.score))(outOf100);
  const head = `Composite  ${outOf100}  `;
  const badge = badgeWithReasons(result);
  if (head.length + badge.length <= width)
    out.push(`${c.bold('Composite')}  ${score}  ${badgeColor(c, composite.badge)(badge)}`);
  else {
    // The badge name stays beside the score; its reasons wrap below it.
    out.push(`${c.bold('Composite')}  ${score}  ${badgeColor(c, composite.badge)(badgeLabel(composite.badge))}`);
    out.push(...wrap(badge.slice(badgeLabel(composite.badge).length + 1), width, INDENT));
  }
  out.push(...wrap(`Coverage ${coverageText(result)}`, width, '', INDENT).map(c.dim));
  if (notScored(result)) out.push(...wrap(coverageFlag(result) ?? '', width, '', INDENT).map(c.yellow));
  // People's ratings sit beside the composite, never in it: they are not a measured dimension.
  const human = humanRatingText(result);
  if (human) out.push(...wrap(human, width, '', INDENT));
  if (composite.badgeDecision.reasons.length > 0)
    out.push(...wrap(`Badge rule: ${badgeRuleText(result)}`, width, '', INDENT).map(c.dim));
  const details: string[] = [];
  if (composite.penalty < 1)
    details.push(`before penalty ${formatScore100(composite.rawScore)} ×${composite.penalty.toFixed(2)}`);
  const ci = formatInterval(composite.ciLow, composite.ciHigh, 1);
  if (ci) details.push(`95% CI ${ci}`);
  if (details.length > 0) out.push(...wrap(details.join(' · '), width, INDENT));
  const elo = eloLines(result);
  if (elo) {
    out.push(
      ...wrap(elo.headline, width, '', INDENT).map(result.elo?.status === 'measured' ? (t: string) => t : c.yellow),
    );
    for (const d of elo.details) out.push(...wrap(d, width, `${INDENT}- `, `${INDENT}  `).map(c.dim));
  }
  if (belowThreshold(result, ctx.threshold)) {
    out.push(c.red(fit(`Below threshold: ${shown} < ${ctx.threshold}`, width)));
  }
  for (const l of result.layersNotRun) {
    out.push(...wrap(`Layer ${l.name} did not run: ${l.reason}`, width, '', INDENT).map(c.yellow));
  }
  const simulated = simulationBanner(result);
  if (simulated !== undefined) out.push(...wrap(simulated, width, '', INDENT).map(c.yellow));
  const partial = partialHeadline(result);
  if (partial !== undefined) {
    out.push(...wrap(partial, width, '', INDENT).map(c.yellow));
    for (const g of result.measurement.gaps)
      out.push(...wrap(gapText(result, g), width, `${INDENT}- `, `${INDENT}  `).map(c.yellow));
  }
  if (result.usage) {
    for (const line of layerSummaries(result)) out.push(...wrap(line, width, '', INDENT).map(c.dim));
  }
  out.push('');
  out.push(...dimensionTable(result, ctx));
  const notes = layerNotes(result);
  if (notes.length > 0) {
    out.push('', c.bold('Notes'));
    for (const n of notes) out.push(...wrap(n, width, INDENT, `${INDENT}  `).map(c.dim));
  }
  for (const section of [evidenceLines, monteCarloLines, antiPatternLines, componentLines, tipLines, diagnosticLines]) {
    const lines = section(result, ctx);
    if (lines.length > 0) out.push('', ...lines);
  }
  return out;
}

function summary(results: ScoreResult[], ctx: Ctx): string[] {
  const { c, width } = ctx;
  const out: string[] = [];
  const methodologies = [...new Set(results.map((r) => r.methodology))];
  const depths = [...new Set(results.map((r) => r.depth))];
  const context = [
    plural(results.length, 'result'),
    methodologies.length === 1 ? `${methodologies[0]} methodology` : '',
    depths.length === 1 ? `${depths[0]} depth` : '',
  ].filter(Boolean);
  out.push(c.bold(fit(`plugin-eval · ${context.join(' · ')}`, width)));
  out.push('');
  const scoreW = 5;
  // "Platinum ★★★★★" is 14 columns; narrow terminals get the badge name only.
  const narrow = width < 60;
  const badgeW = narrow ? 8 : 14;
  // Coverage needs 6 more columns; narrow terminals leave it to the per-result reports.
  const covW = narrow ? 0 : 4;
  const covCol = (text: string) => (narrow ? '' : `${padStart(text, covW)}  `);
  const apW = 4;
  const errW = 4;
  const fittedW = Math.max(8, width - INDENT.length - (scoreW + badgeW + 1 + apW + errW) - 8 - (narrow ? 0 : covW + 2));
  // Whole paths (not a terminal) widen the column to the longest, so the table stays aligned in a log.
  const pathW = ctx.cutPaths ? fittedW : Math.max(fittedW, ...results.map((r) => oneLine(r.target.path).length));
  const badgeText = (b: Badge) => (narrow ? (b === 'none' ? DASH : b) : badgeLabel(b));
  out.push(
    c.bold(
      `${INDENT}${padEnd('Path', pathW)}  ${padStart('Score', scoreW)}  ${padEnd('Badge', badgeW + 1)}  ${covCol('Cov')}${padStart('APs', apW)}  ${padStart('Errs', errW)}`,
    ),
  );
  const sorted = sortByComposite(results);
  let tier = 0;
  for (const r of sorted) {
    // Low coverage and not scored rank after the measured results, each group under a label saying why.
    if (coverageTier(r) !== tier) {
      tier = coverageTier(r);
      out.push(c.yellow(fit(`${INDENT}${TIER_HEADINGS[tier]}`, width)));
    }
    const errs = severityCounts(r.diagnostics).error;
    const below = belowThreshold(r, ctx.threshold);
    const score = (below ? c.red : scoreColor(c, r.composite.score))(
      padStart(notScored(r) ? DASH : formatComposite(r, ctx.threshold), scoreW),
    );
    // "*" marks a provisional badge (static analysis only), explained once below the table.
    const badge = badgeColor(
      c,
      r.composite.badge,
    )(padEnd(`${badgeText(r.composite.badge)}${r.composite.badgeDecision.provisional ? '*' : ''}`, badgeW + 1));
    const aps = padStart(String(r.antiPatterns.length), apW);
    const err = (errs > 0 ? c.red : c.dim)(padStart(String(errs), errW));
    out.push(
      `${INDENT}${padEnd(fitPath(ctx, r.target.path, pathW), pathW)}  ${score}  ${badge}  ${covCol(formatCoverage(r.composite.coverage.share))}${aps}  ${err}`,
    );
  }
  if (results.some((r) => r.composite.badgeDecision.provisional))
    out.push(
      ...wrap(
        '* provisional: content not judged (static analysis alone gives at most Silver)',
        width,
        INDENT,
        INDENT,
      ).map(c.dim),
    );
  // Badges withheld or capped for another reason than provisional are rare and each says why.
  const limited = sorted.filter(
    (r) => !r.composite.badgeDecision.provisional && r.composite.badgeDecision.reasons.length > 0,
  );
  if (limited.length > 0) {
    out.push('', c.bold('Badges withheld or capped'));
    for (const r of limited)
      out.push(...wrap(`${oneLine(r.target.path)}: ${r.composite.badgeDecision.label}`, width, INDENT, `${INDENT}  `));
  }
  out.push('');
  const counts = badgeCounts(results);
  // A result with nothing measured has no composite to average.
  const scored = results.filter((r) => !notScored(r));
  const mean = scored.reduce((s, r) => s + (r.composite.score ?? 0), 0) / scored.length;
  const tally = badgeTally(counts, ' · ');
  const meanText = scored.length === 0 ? 'no mean (nothing scored)' : `mean ${formatScore100(mean)}`;
  out.push(...wrap(`Badges: ${tally} · ${meanText}`, width, '', INDENT));
  if (ctx.threshold !== undefined) {
    const below = results.filter((r) => belowThreshold(r, ctx.threshold)).length;
    const line = `Threshold ${ctx.threshold}: ${plural(below, 'result')} below`;
    out.push(below > 0 ? c.red(fit(line, width)) : fit(line, width));
  }
  // Layers that did not run, said once per layer and reason.
  const notRun = new Map<string, number>();
  for (const r of results)
    for (const l of r.layersNotRun)
      notRun.set(`${l.name}\u0000${l.reason}`, (notRun.get(`${l.name}\u0000${l.reason}`) ?? 0) + 1);
  for (const [key, n] of notRun) {
    const [layer, reason] = key.split('\u0000');
    out.push(
      ...wrap(`Layer ${layer} did not run for ${plural(n, 'result')}: ${reason}`, width, '', INDENT).map(c.yellow),
    );
  }
  const simulated = simulationSummary(results);
  if (simulated !== undefined) out.push(...wrap(simulated, width, '', INDENT).map(c.yellow));
  const partialCount = results.filter((r) => r.measurement.status === 'partial').length;
  if (partialCount > 0) {
    out.push(
      ...wrap(
        `Partial measurement for ${plural(partialCount, 'result')} (exit code 3): some dimensions were not ` +
          `fully measured by a layer that ran; see each result`,
        width,
        '',
        INDENT,
      ).map(c.yellow),
    );
  }
  const withProblems = results.filter(
    (r) => severityCounts(r.diagnostics).error + severityCounts(r.diagnostics).warning > 0,
  );
  if (withProblems.length > 0) {
    out.push('', c.bold('Diagnostics'));
    for (const r of withProblems) {
      const tail = `: ${problemSummary(r.diagnostics)}`;
      out.push(`${INDENT}${fitPath(ctx, r.target.path, width - INDENT.length - tail.length)}${tail}`);
    }
  }
  return out;
}

/** The label above each group of a summary after the measured results (coverageTier 1 and 2). */
const TIER_HEADINGS = [
  '',
  `low coverage: below ${MIN_BADGE_COVERAGE * 100}% of the composite's weight measured`,
  `${NOT_SCORED}: nothing to score`,
] as const;

/** Up to this many results are printed in full before the summary. */
const DETAIL_LIMIT = 3;

export const textReporter: Reporter = (results, options: ReporterOptions) => {
  const width = Math.max(MIN_WIDTH, Number.isFinite(options.width) ? Math.floor(options.width) : 80);
  const ctx: Ctx = {
    c: pc.createColors(options.color),
    width,
    threshold: options.threshold,
    cutPaths: options.cutPaths === true,
    runNoteShown: false,
  };
  const spent = runSpendLine(options.run);
  const spendLines =
    spent === undefined
      ? []
      : ['', ...wrap(spent, width, '', INDENT).map(options.run?.spend?.reached ? ctx.c.yellow : ctx.c.dim)];
  if (results.length === 0) return spendLines.length > 0 ? `No results.\n${spendLines.join('\n')}\n` : 'No results.\n';
  const cancelled = cancelledNote(options.run, results.length);
  const head = cancelled === undefined ? [] : [...wrap(cancelled, width, '', INDENT).map(ctx.c.yellow), ''];
  const runNote = results.length > 1 ? runScoreNote(results) : undefined;
  if (runNote !== undefined) {
    head.push(...wrap(runNote, width, '', INDENT), '');
    ctx.runNoteShown = true;
  }
  // Paths, names and messages come from the skills scored: no escape sequence of theirs reaches a terminal.
  if (results.length === 1 && results[0])
    return terminalText(`${[...head, ...single(results[0], ctx), ...spendLines].join('\n')}\n`, options.color);
  // A handful of results: each in full (best first), then the summary; more: the summary alone.
  const detailed =
    results.length <= DETAIL_LIMIT
      ? sortByComposite(results).flatMap((r) => [...single(r, ctx), '', ctx.c.dim('─'.repeat(Math.min(width, 60))), ''])
      : [];
  return terminalText(`${[...head, ...detailed, ...summary(results, ctx), ...spendLines].join('\n')}\n`, options.color);
};
