/**
 * One self-contained HTML page (the frame in util/html-page.ts: inline CSS allowed by its hash, no script, no external
 * assets, no style attributes). Every interpolated string is escaped.
 */
import type { Diagnostic } from '../model/diagnostic.js';
import type { ScoreResult } from '../model/result.js';
import { formatCoverage } from '../score/display.js';
import { runScoreNote, scoreMeaning } from '../score/score-meaning.js';
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
  coverageTier,
  coverageText,
  compositeOutOf100,
  formatComposite,
  compactEvidence,
  formatInterval,
  formatScore100,
  formatScore01,
  groupAntiPatterns,
  location,
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
import { escapeHtml as h, htmlPage } from '../util/html-page.js';
import { eloLines } from './elo-lines.js';
import { upliftLine } from './uplift-line.js';
import type { Reporter, ReporterOptions } from './types.js';
import { monteCarloHtml } from './monte-carlo-render.js';
import { simulationBanner, simulationSummary } from './monte-carlo.js';

const BASE_CSS = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #656d76; --line: #d0d7de; --bg: #fff; --bar: #eaeef2;
  --good: #1a7f37; --ok: #9a6700; --bad: #cf222e; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #8d96a0; --line: #30363d; --bg: #0d1117; --bar: #21262d;
  --good: #3fb950; --ok: #d29922; --bad: #f85149; } }
body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg);
  max-width: 980px; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2.5rem; border-bottom: 1px solid var(--line); }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: .75rem 0; }
th, td { border-bottom: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: var(--muted); } .good { color: var(--good); } .ok { color: var(--ok); } .bad { color: var(--bad); }
.bar { display: inline-block; width: 120px; height: .6rem; background: var(--bar); border-radius: 3px; overflow: hidden; }
.bar > span { display: block; height: 100%; }
.bar > .good { background: var(--good); } .bar > .ok { background: var(--ok); } .bar > .bad { background: var(--bad); }
.bar > .muted { background: var(--muted); } .composite { font-size: 1.5rem; }
.badge { font-weight: 600; padding: .1rem .5rem; border: 1px solid var(--line); border-radius: 1rem; }
pre { margin: .25rem 0; padding: .4rem .6rem; border: 1px solid var(--line); border-radius: 4px; overflow-x: auto; }
summary { cursor: pointer; }
.notrun { border-left: 4px solid var(--ok); padding: .25rem .75rem; }
`;

/** A bar's width as a class per whole percent: the page's policy allows no style attributes. */
const BAR_WIDTHS = Array.from({ length: 101 }, (_, pct) => `.w${pct} { width: ${pct}%; }`).join(' ');
const CSS = `${BASE_CSS}${BAR_WIDTHS}\n`;

function gradeClass(grade: string | null): string {
  if (grade === null) return 'muted';
  if (grade.startsWith('A') || grade.startsWith('B')) return 'good';
  return grade.startsWith('C') ? 'ok' : 'bad';
}

function scoreClass(score100: number | null): string {
  if (score100 === null) return 'bad';
  return score100 >= 80 ? 'good' : score100 >= 60 ? 'ok' : 'bad';
}

function anchor(index: number): string {
  return `result-${index + 1}`;
}

function summary(sorted: ScoreResult[], options: ReporterOptions): string {
  const counts = badgeCounts(sorted);
  const rows = sorted
    .map(
      (r, i) =>
        `<tr><td><a href="#${anchor(i)}"><code>${h(r.target.path)}</code></a></td><td>${h(r.target.kind)}</td>` +
        `<td ` +
        `class="num ${belowThreshold(r, options.threshold) ? 'bad' : scoreClass(r.composite.score)}">${formatComposite(r, options.threshold)}` +
        `${coverageTier(r) === 1 ? ` <span class="muted">(${h(coverageFlag(r) ?? '')})</span>` : ''}</td>` +
        `<td>${h(badgeWithReasons(r))}</td><td ` +
        `class="num">${formatCoverage(r.composite.coverage.share)}</td><td ` +
        `class="num">${r.antiPatterns.length}</td><td>${h(problemSummary(r.diagnostics))}</td></tr>`,
    )
    .join('\n');
  const threshold =
    options.threshold === undefined
      ? ''
      : `<p>${sorted.filter((r) => belowThreshold(r, options.threshold)).length} of ${sorted.length} below the ` +
        `threshold of ${h(String(options.threshold))}.</p>`;
  return `<h2>Summary</h2>
<table><thead><tr><th>Path</th><th>Kind</th><th class="num">Composite</th><th>Badge</th><th class="num">Coverage</th><th class="num">Anti-patterns</th><th>Problems</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p>Badges: ${badgeTally(counts)}.</p>
${threshold}${simulatedSummary(sorted)}`;
}

function simulatedSummary(results: ScoreResult[]): string {
  const text = simulationSummary(results);
  return text === undefined ? '' : `\n<p class="notrun simulated">${h(text)}.</p>`;
}

function section(r: ScoreResult, index: number, options: ReporterOptions, runNoteShown: boolean): string {
  const { composite } = r;
  const parts: string[] = [];
  parts.push(`<section id="${anchor(index)}">`);
  parts.push(`<h2><code>${h(r.target.path)}</code></h2>`);
  const uplift = upliftLine(r);
  if (uplift)
    parts.push(
      `<p class="${r.uplift?.status === 'measured' ? 'uplift' : 'uplift notrun'}"><strong>${h(uplift)}</strong></p>`,
    );
  parts.push(
    `<p class="muted">${h(r.target.kind)} · ${h(r.methodology)} methodology · ${h(r.depth)} depth ` +
      `· ${h(composite.confidenceLabel)} confidence</p>`,
  );
  const meaning = runNoteShown ? undefined : scoreMeaning(r);
  if (meaning) parts.push(`<p class="meaning">${h(meaning.note)}</p>`);
  const reused = reusedText(r);
  if (reused) parts.push(`<p class="reused">${h(reused)}</p>`);
  for (const line of monteCarloNotMeasuredText(r)) parts.push(`<p class="reused">${h(line)}</p>`);
  const facts: string[] = [];
  if (composite.penalty < 1)
    facts.push(
      `${formatScore100(composite.rawScore)} before the anti-pattern penalty ×${composite.penalty.toFixed(2)}`,
    );
  const ci = formatInterval(composite.ciLow, composite.ciHigh, 1);
  if (ci) facts.push(`95% CI ${ci}`);
  parts.push(
    `<p><strong class="${scoreClass(composite.score)} ` +
      `composite">${h(compositeOutOf100(r, options.threshold))}</strong> ` +
      `<span ` +
      `class="badge">${h(badgeLabel(composite.badge))}</span>${facts.length ? ` <span class="muted">${h(facts.join(' · '))}</span>` : ''}</p>`,
  );
  const reasons = badgeWithReasons(r).slice(badgeLabel(composite.badge).length).trim();
  if (reasons) parts.push(`<p class="badge-reason">Badge: ${h(badgeLabel(composite.badge))} ${h(reasons)}</p>`);
  const human = humanRatingText(r);
  if (human) parts.push(`<p>${h(human)}</p>`);
  const elo = eloLines(r);
  if (elo) {
    const list =
      elo.details.length > 0
        ? `<details><summary>Elo ` +
          `matchups</summary><ul>${elo.details.map((d) => `<li>${h(d)}</li>`).join('')}</ul></details>`
        : '';
    parts.push(
      `<div class="elo"><p${r.elo?.status === 'measured' ? '' : ' class="notrun"'}>${h(elo.headline)}</p>${list}</div>`,
    );
  }
  parts.push(`<p class="muted">Coverage: ${h(coverageText(r))}. Badge rule: ${h(badgeRuleText(r))}.</p>`);
  if (belowThreshold(r, options.threshold))
    parts.push(`<p class="bad">Below the threshold of ${h(String(options.threshold))}.</p>`);
  for (const l of r.layersNotRun)
    parts.push(`<p class="notrun">The <strong>${h(l.name)}</strong> layer did not run: ${h(l.reason)}</p>`);
  const simulated = simulationBanner(r);
  if (simulated !== undefined) parts.push(`<p class="notrun simulated"><strong>${h(simulated)}</strong></p>`);
  const partial = partialHeadline(r);
  if (partial !== undefined) {
    parts.push(
      `<div class="notrun ` +
        `partial"><p><strong>${h(partial)}</strong></p><ul>${r.measurement.gaps.map((g) => `<li>${h(gapText(r, g))}</li>`).join('')}</ul></div>`,
    );
  }
  parts.push(
    `<ul class="muted">${layerSummaries(r)
      .map((s) => `<li>${h(s)}</li>`)
      .join('')}</ul>`,
  );
  const notes = layerNotes(r);
  if (notes.length > 0)
    parts.push(`<details><summary>Notes</summary><ul>${notes.map((n) => `<li>${h(n)}</li>`).join('')}</ul></details>`);

  const dimRows = orderedDimensions(r)
    .map((d) => {
      const measured = d.measured && d.score !== null;
      const pct = measured ? Math.round((d.score ?? 0) * 100) : 0;
      const bar = measured
        ? `<span class="bar"><span class="${gradeClass(d.grade)} w${pct}"></span></span>`
        : `<span class="muted">not measured: ${h(d.unmeasuredReason ?? 'no layer measured it')}</span>`;
      const gaps = Object.keys(d.notMeasuredBy ?? {})
        .map((l) => ` <span class="notrun">not measured by ${h(l)}</span>`)
        .join('');
      return (
        `<tr><td>${h(d.name)}</td><td class="num">${d.weight.toFixed(2)}</td><td ` +
        `class="num">${formatScore01(measured ? d.score : null)}</td>` +
        `<td ` +
        `class="${gradeClass(d.grade)}">${h(d.grade ?? DASH)}</td><td>${h(formatInterval(d.ciLow, d.ciHigh) || DASH)}</td><td>${bar}${gaps}</td></tr>`
      );
    })
    .join('\n');
  parts.push(`<table><thead><tr><th>Dimension</th><th class="num">Weight</th><th class="num">Score</th><th>Grade</th><th>95% CI</th><th></th></tr></thead>
<tbody>
${dimRows}
</tbody></table>`);

  const evidence = orderedDimensions(r).filter((d) => d.measured && d.evidence.length > 0);
  if (evidence.length > 0) {
    const items = evidence
      .map(
        (d) =>
          `<details><summary><code>${h(d.name)}</code> ${formatScore01(d.score)} <span ` +
          `class="${gradeClass(d.grade)}">${h(d.grade ?? DASH)}</span> <span ` +
          `class="muted">${h(compactEvidence(d)[0] ?? '')}</span></summary>` +
          `<ul>${d.evidence.map((e) => `<li>${h(e)}</li>`).join('')}</ul></details>`,
      )
      .join('\n');
    parts.push(`<h3>Evidence</h3>\n${items}`);
  }
  const monteCarlo = monteCarloHtml(r);
  if (monteCarlo) parts.push(monteCarlo);
  if (r.antiPatterns.length > 0) {
    const items = groupAntiPatterns(r.antiPatterns)
      .map((g) => {
        const where = g.items.filter((a) => a.file).map((a) => location(a.file ?? '', a.line));
        return (
          `<li><code>${h(g.flag)}</code> ` +
          `×${g.count}: ${h(g.items[0]?.description ?? '')}${where.length ? ` <span class="muted">(${h(where.join(', '))})</span>` : ''}</li>`
        );
      })
      .join('\n');
    parts.push(
      `<h3>Anti-patterns (${r.antiPatterns.length}, penalty ` +
        `×${composite.penalty.toFixed(2)})</h3>\n<ul>\n${items}\n</ul>`,
    );
  }
  if (r.components && r.components.length > 0) {
    const rows = r.components
      .map((c) => {
        const score = componentScore100(c);
        return `<tr><td>${h(c.kind)}</td><td><code>${h(c.name)}</code></td><td class="num">${score}</td></tr>`;
      })
      .join('\n');
    parts.push(
      `<h3>Components</h3>\n<table><thead><tr><th>Kind</th><th>Name</th><th ` +
        `class="num">Score (0-100)</th></tr></thead>\n<tbody>\n${rows}\n</tbody></table>`,
    );
  }
  if (r.tips.length > 0) {
    const items = r.tips
      .map((t) => {
        const where = r.target.kind === 'plugin' ? ` <span class="muted">in <code>${h(tipWhere(t))}</code></span>` : '';
        const example = t.example ? `<pre><code>${h(t.example)}</code></pre>` : '';
        const removes = tipRemoves(t);
        return (
          `<li><strong>${h(tipGain(t))}</strong> ` +
          `<code>${h(tipSubject(t))}</code>${where}${removes ? ` <span class="muted">${h(removes)}</span>` : ''}<br>${h(t.action)}${example}</li>`
        );
      })
      .join('\n');
    parts.push(`<h3>Fix first</h3>\n<p class="muted">Biggest composite gain first.</p>\n<ol>\n${items}\n</ol>`);
  }
  if (r.diagnostics.length > 0) {
    parts.push(`<h3>Diagnostics (${h(problemSummary(r.diagnostics))})</h3>
${diagnosticsTable(sortDiagnostics(r.diagnostics))}`);
  }
  parts.push('</section>');
  return parts.join('\n');
}

function diagnosticsTable(diagnostics: readonly Diagnostic[]): string {
  const rows = diagnostics
    .map(
      (d) =>
        `<tr><td><code>${h(location(d.file, d.line, d.column))}</code></td><td ` +
        `class="${d.severity === 'error' ? 'bad' : d.severity === 'warning' ? 'ok' : 'muted'}">${h(d.severity)}</td>` +
        `<td><code>${h(d.ruleId)}</code></td><td>${h(d.message)}</td></tr>`,
    )
    .join('\n');
  return `<table><thead><tr><th>Location</th><th>Severity</th><th>Rule</th><th>Message</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

/** Targets not scored and discovery diagnostics: they belong to no result, and a report without them looks clean. */
function problemsHtml(options: ReporterOptions): string {
  const problems = runProblemsSection(options.run);
  if (!problems) return '';
  const items =
    problems.notScored.length > 0
      ? `<ul>${problems.notScored.map((l) => `<li class="bad">${h(l)}</li>`).join('')}</ul>\n`
      : '';
  return `<h2>${h(problems.heading)}</h2>
${items}${diagnosticsTable(problems.diagnostics)}`;
}

export const htmlReporter: Reporter = (results, options) => {
  const sorted = sortByComposite(results);
  const runNote = results.length > 1 ? runScoreNote(results) : undefined;
  const title = results.length === 1 && results[0] ? `plugin-eval: ${results[0].target.path}` : 'plugin-eval report';
  const body = [
    `<h1>${h(title)}</h1>`,
    `<p class="muted">plugin-eval ${h(options.toolVersion)} · ${results.length} ` +
      `result${results.length === 1 ? '' : 's'}</p>`,
    runNote === undefined ? '' : `<p class="meaning">${h(runNote)}</p>`,
    cancelledNote(options.run, results.length) === undefined
      ? ''
      : `<p class="bad"><strong>${h(cancelledNote(options.run, results.length)!)}</strong></p>`,
    runSpendLine(options.run) === undefined
      ? ''
      : `<p class="${options.run?.spend?.reached ? 'bad' : 'muted'}">${h(runSpendLine(options.run)!)}</p>`,
    problemsHtml(options),
    results.length > 1 ? summary(sorted, options) : '',
    ...sorted.map((r, i) => section(r, i, options, runNote !== undefined)),
  ]
    .filter(Boolean)
    .join('\n');
  return htmlPage({ title, style: CSS, body: [body] });
};
