/** GitHub-flavoured Markdown report: summary table, then one section per result. */
import type { ScoreResult } from '../model/result.js';
import { formatCoverage } from '../score/display.js';
import { runScoreNote, scoreMeaning } from '../score/score-meaning.js';
import {
  DASH,
  badgeCounts,
  badgeTally,
  badgeRuleText,
  badgeWithReasons,
  belowThreshold,
  componentScore100,
  coverageFlag,
  coverageTier,
  coverageText,
  compositeOutOf100,
  formatComposite,
  compactEvidence,
  escapeMarkdownCell as cell,
  escapeMarkdownInline as inline,
  formatInterval,
  formatScore100,
  formatScore01,
  groupAntiPatterns,
  location,
  markdownCode,
  orderedDimensions,
  problemSummary,
  sortByComposite,
  sortDiagnostics,
  tipGain,
  tipRemoves,
  tipSubject,
  tipWhere,
  gapText,
  humanRatingText,
  layerNotes,
  layerSummaries,
  partialHeadline,
  reusedText,
  monteCarloNotMeasuredText,
  runProblemsSection,
  cancelledNote,
  runSpendLine,
} from './shared.js';
import { eloLines } from './elo-lines.js';
import { upliftLine } from './uplift-line.js';
import type { Reporter, ReporterOptions } from './types.js';
import { monteCarloMarkdown } from './monte-carlo-render.js';
import { simulationBanner, simulationSummary } from './monte-carlo.js';

/** A fenced block that survives backticks in the text. */
function fenced(text: string): string[] {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return [fence, ...text.split('\n'), fence];
}

function codeCell(text: string): string {
  return markdownCode(text).replace(/\|/g, '\\|');
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function table(header: readonly string[], align: readonly ('l' | 'r')[], rows: readonly string[][]): string[] {
  return [row(header), row(align.map((a) => (a === 'r' ? '---:' : '---'))), ...rows.map(row)];
}

function summaryTable(results: ScoreResult[], options: ReporterOptions): string[] {
  const counts = badgeCounts(results);
  const lines = [
    '## Summary',
    '',
    ...table(
      ['Path', 'Kind', 'Composite', 'Badge', 'Coverage', 'Anti-patterns', 'Problems'],
      ['l', 'l', 'r', 'l', 'r', 'r', 'l'],
      sortByComposite(results).map((r) => [
        codeCell(r.target.path),
        r.target.kind,
        `${formatComposite(r, options.threshold)}${belowThreshold(r, options.threshold) ? ' ❌' : ''}` +
          (coverageTier(r) === 1 ? ` (${coverageFlag(r)})` : ''),
        cell(badgeWithReasons(r)),
        formatCoverage(r.composite.coverage.share),
        String(r.antiPatterns.length),
        cell(problemSummary(r.diagnostics)),
      ]),
    ),
    '',
    `Badges: ${badgeTally(counts)}.`,
  ];
  if (options.threshold !== undefined) {
    const below = results.filter((r) => belowThreshold(r, options.threshold)).length;
    lines.push(`${below} of ${results.length} below the threshold of ${options.threshold} (marked ❌).`);
  }
  const simulated = simulationSummary(results);
  if (simulated !== undefined) lines.push('', `⚠️ ${inline(simulated)}.`);
  return lines;
}

function resultSection(r: ScoreResult, options: ReporterOptions, level: string, runNoteShown: boolean): string[] {
  const { composite } = r;
  const uplift = upliftLine(r);
  const lines = [
    `${level} ${codeCell(r.target.path)}: ${formatComposite(r, options.threshold)} ${inline(badgeWithReasons(r))}`,
    '',
    ...(uplift ? [`**${inline(uplift)}**`, ''] : []),
    `${r.target.kind} · ${r.methodology} methodology · ${r.depth} depth · ${inline(composite.confidenceLabel)} ` +
      `confidence`,
    '',
  ];
  const meaning = runNoteShown ? undefined : scoreMeaning(r);
  if (meaning) lines.push(`> ${inline(meaning.note)}`, '');
  const reused = reusedText(r);
  if (reused) lines.push(`ℹ️ ${inline(reused)}.`, '');
  for (const line of monteCarloNotMeasuredText(r)) lines.push(`⚠️ ${inline(line)}.`, '');
  const facts = [`**Composite ${compositeOutOf100(r, options.threshold)}**`];
  if (composite.penalty < 1)
    facts.push(
      `${formatScore100(composite.rawScore)} before the anti-pattern penalty ×${composite.penalty.toFixed(2)}`,
    );
  const ci = formatInterval(composite.ciLow, composite.ciHigh, 1);
  if (ci) facts.push(`95% CI ${ci}`);
  lines.push(facts.join(' · '));
  const human = humanRatingText(r);
  if (human) lines.push('', inline(human));
  const elo = eloLines(r);
  if (elo)
    lines.push(
      '',
      `**${inline(elo.headline)}**`,
      ...(elo.details.length > 0 ? ['', ...elo.details.map((d) => `- ${inline(d)}`)] : []),
    );
  lines.push('', `**Coverage:** ${inline(coverageText(r))}. Badge rule: ${inline(badgeRuleText(r))}.`);
  if (belowThreshold(r, options.threshold)) lines.push('', `❌ Below the threshold of ${options.threshold}.`);
  if (r.layersNotRun.length > 0) {
    lines.push('');
    for (const l of r.layersNotRun)
      lines.push(`> **Not run:** the ${l.name} layer did not run: ${inline(l.reason)}`, '>');
    lines.pop();
  }
  const simulated = simulationBanner(r);
  if (simulated !== undefined) lines.push('', `> ⚠️ **${inline(simulated)}**`);
  const partial = partialHeadline(r);
  if (partial !== undefined) {
    lines.push('', `> **${inline(partial)}**`, '>');
    for (const g of r.measurement.gaps) lines.push(`> - ${inline(gapText(r, g))}`);
  }
  lines.push('', ...layerSummaries(r).map((s) => `- ${inline(s)}`));
  const notes = layerNotes(r);
  if (notes.length > 0) lines.push('', '**Notes**', '', ...notes.map((n) => `- ${inline(n)}`));
  lines.push(
    '',
    ...table(
      ['Dimension', 'Weight', 'Score', 'Grade', '95% CI', 'Notes'],
      ['l', 'r', 'r', 'l', 'l', 'l'],
      orderedDimensions(r).map((d) => [
        d.name,
        d.weight.toFixed(2),
        formatScore01(d.measured ? d.score : null),
        d.grade ?? DASH,
        formatInterval(d.ciLow, d.ciHigh) || DASH,
        cell(
          [
            d.measured
              ? Object.entries(d.layers)
                  .map(([l, s]) => `${l} ${s.toFixed(2)}`)
                  .join(', ')
              : `not measured: ${d.unmeasuredReason ?? 'no layer measured it'}`,
            ...Object.keys(d.notMeasuredBy ?? {}).map((l) => `not measured by ${l}`),
          ].join('; '),
        ),
      ]),
    ),
  );
  const evidence = orderedDimensions(r).filter((d) => d.measured && d.evidence.length > 0);
  if (evidence.length > 0) {
    lines.push('', '**Evidence**', '');
    for (const d of evidence) {
      lines.push(
        `<details><summary><code>${d.name}</code> ${formatScore01(d.score)} ${d.grade ?? DASH}: ${inline(compactEvidence(d)[0] ?? '')}</summary>`,
        '',
      );
      lines.push(...d.evidence.map((e) => `- ${inline(e).replace(/\r?\n/g, ' ')}`), '', '</details>');
    }
  }
  lines.push(...monteCarloMarkdown(r));
  if (r.antiPatterns.length > 0) {
    lines.push('', `**Anti-patterns** (${r.antiPatterns.length}, penalty ×${composite.penalty.toFixed(2)})`, '');
    for (const g of groupAntiPatterns(r.antiPatterns)) {
      const where = g.items
        .filter((a) => a.file)
        .map((a) => codeCell(location(a.file ?? '', a.line)))
        .join(', ');
      lines.push(`- \`${g.flag}\` ×${g.count}: ${inline(g.items[0]?.description ?? '')}${where ? ` (${where})` : ''}`);
    }
  }
  if (r.components && r.components.length > 0) {
    lines.push(
      '',
      '**Components**',
      '',
      ...table(
        ['Kind', 'Name', 'Score (0-100)'],
        ['l', 'l', 'r'],
        r.components.map((c) => [c.kind, codeCell(c.name), componentScore100(c)]),
      ),
    );
  }
  if (r.tips.length > 0) {
    lines.push('', '**Fix first** (biggest composite gain first)', '');
    r.tips.forEach((t, i) => {
      const where = r.target.kind === 'plugin' ? ` in ${inline(tipWhere(t))}` : '';
      const removes = tipRemoves(t);
      lines.push(
        `${i + 1}. **${inline(tipGain(t))}** · ` +
          `\`${tipSubject(t)}\`${where}${removes ? ` (${inline(removes)})` : ''}: ${inline(t.action)}`,
      );
      if (t.example) lines.push('', ...fenced(t.example).map((l) => (l === '' ? '' : `   ${l}`)), '');
    });
  }
  if (r.diagnostics.length > 0) {
    lines.push(
      '',
      `**Diagnostics** (${problemSummary(r.diagnostics)})`,
      '',
      ...table(
        ['Location', 'Severity', 'Rule', 'Message'],
        ['l', 'l', 'l', 'l'],
        sortDiagnostics(r.diagnostics).map((d) => [
          codeCell(location(d.file, d.line, d.column)),
          d.severity,
          codeCell(d.ruleId),
          cell(d.message),
        ]),
      ),
    );
  }
  return lines;
}

export const markdownReporter: Reporter = (results, options) => {
  const lines = [
    `# plugin-eval report`,
    '',
    `plugin-eval ${inline(options.toolVersion)} · ${results.length} result${results.length === 1 ? '' : 's'}`,
  ];
  const runNote = results.length > 1 ? runScoreNote(results) : undefined;
  if (runNote !== undefined) lines.push('', `> ${inline(runNote)}`);
  const cancelled = cancelledNote(options.run, results.length);
  if (cancelled !== undefined) lines.push('', `> **${inline(cancelled)}**`);
  const spent = runSpendLine(options.run);
  if (spent !== undefined) lines.push('', inline(spent));
  const problems = runProblemsSection(options.run);
  if (problems) {
    lines.push(
      '',
      `## ${inline(problems.heading)}`,
      '',
      ...problems.notScored.map((l) => `- ${inline(l)}`),
      ...(problems.notScored.length > 0 ? [''] : []),
    );
    lines.push(
      ...table(
        ['Location', 'Severity', 'Rule', 'Message'],
        ['l', 'l', 'l', 'l'],
        problems.diagnostics.map((d) => [
          codeCell(location(d.file, d.line, d.column)),
          d.severity,
          codeCell(d.ruleId),
          cell(d.message),
        ]),
      ),
    );
  }
  if (results.length === 0) return `${lines.join('\n')}\n`;
  if (results.length > 1) lines.push('', ...summaryTable(results, options));
  const level = results.length > 1 ? '###' : '##';
  if (results.length > 1) lines.push('', '## Results');
  for (const r of sortByComposite(results)) lines.push('', ...resultSection(r, options, level, runNote !== undefined));
  return `${lines.join('\n')}\n`;
};
