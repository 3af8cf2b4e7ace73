/**
 * JUnit XML: one <testsuite> (inside <testsuites>), one <testcase> per result. A test case fails when its composite
 * is below `options.threshold` (when given) or when it has error diagnostics. With the run log (`options.run`), a
 * target that could not be scored is a test case in error, and discovery diagnostics (a marketplace entry whose
 * source is missing) are one more test case, failed when any of them is an error.
 */
import type { ScoreResult } from '../model/result.js';
import {
  humanRatingText,
  reusedText,
  badgeWithReasons,
  belowThreshold,
  coverageText,
  formatComposite,
  escapeXml as x,
  formatScore01,
  gapText,
  location,
  problemSummary,
  runProblems,
  cancelledNote,
  runSpendLine,
  sortDiagnostics,
} from './shared.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Reporter, ReporterOptions } from './types.js';
import { eloLines } from './elo-lines.js';
import { upliftLine } from './uplift-line.js';
import { monteCarloPlainLines, monteCarloViews } from './monte-carlo.js';

const SUITE = 'plugin-eval';

function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

function failureOf(r: ScoreResult, options: ReporterOptions): { message: string; type: string; body: string } | null {
  const reasons: string[] = [];
  const types: string[] = [];
  if (belowThreshold(r, options.threshold)) {
    reasons.push(`composite ${formatComposite(r, options.threshold)} is below the threshold ${options.threshold}`);
    types.push('threshold');
  }
  // Nothing to score neither passes nor fails a threshold: not measured, as the run's exit code 3 says.
  if (options.threshold !== undefined && r.composite.score === null) {
    reasons.push(`not scored: the threshold ${options.threshold} cannot pass (exit code 3)`);
    types.push('not-measured');
  }
  const gaps = r.measurement.gaps;
  if (gaps.length > 0) {
    reasons.push(
      `partial measurement: ${gaps.length} dimension${gaps.length === 1 ? '' : 's'} not fully measured (exit code 3)`,
    );
    types.push('not-measured');
  }
  // A rating that failed calls kept from being measured makes the run partial (exit code 3), as a judge gap does;
  // without this the test case passed while the run exited 3.
  const eloGap =
    r.elo?.status === 'unmeasured' && r.elo.infrastructureFailure
      ? `Elo not measured: ${r.elo.reason ?? 'no rating'}`
      : undefined;
  if (eloGap !== undefined) {
    reasons.push('Elo not measured (exit code 3)');
    if (!types.includes('not-measured')) types.push('not-measured');
  }
  const errors = sortDiagnostics(r.diagnostics.filter((d) => d.severity === 'error'));
  if (errors.length > 0) {
    reasons.push(`${errors.length} error diagnostic${errors.length === 1 ? '' : 's'}`);
    types.push('diagnostics');
  }
  if (reasons.length === 0) return null;
  const body = [
    ...gaps.map((g) => gapText(r, g)),
    ...(eloGap !== undefined ? [eloGap] : []),
    ...errors.map((d) => `${location(d.file, d.line, d.column)}  ${d.ruleId}  ${d.message}`),
  ].join('\n');
  return { message: reasons.join('; '), type: types.join(','), body };
}

function summaryText(r: ScoreResult, options: ReporterOptions): string {
  const uplift = upliftLine(r);
  const lines = [
    ...(uplift ? [uplift] : []),
    `composite ${formatComposite(r, options.threshold)} ` +
      `(${badgeWithReasons(r)}), ${r.composite.confidenceLabel}, ${r.methodology} methodology, ${r.depth} depth`,
    `coverage: ${coverageText(r)}`,
    ...[reusedText(r), humanRatingText(r)].filter((line) => line !== undefined),
    ...r.dimensions.map(
      (d) =>
        `${d.name}: ${d.measured && d.score !== null ? `${formatScore01(d.score)} ${d.grade ?? ''}` : 'not measured'}`,
    ),
  ];
  if (r.antiPatterns.length > 0)
    lines.push(
      `anti-patterns: ${r.antiPatterns.map((a) => a.flag).join(', ')} (penalty x${r.composite.penalty.toFixed(2)})`,
    );
  for (const l of r.layersNotRun) lines.push(`layer ${l.name} did not run: ${l.reason}`);
  for (const g of r.measurement.gaps) lines.push(gapText(r, g));
  // The rating, or why there is none (certify): every format says it, not only text, Markdown and HTML.
  const elo = eloLines(r);
  if (elo) lines.push(elo.headline);
  lines.push(...monteCarloViews(r).flatMap(monteCarloPlainLines));
  lines.push(`diagnostics: ${problemSummary(r.diagnostics)}`);
  return lines.join('\n');
}

const diagnosticText = (d: Diagnostic): string =>
  `${location(d.file, d.line, d.column)}  ${d.severity}  ${d.ruleId}  ${d.message}`;

export const junitReporter: Reporter = (results, options) => {
  const failures = results.map((r) => failureOf(r, options));
  const problems = runProblems(options.run);
  const discoveryErrors = problems.discovery.filter((d) => d.severity === 'error');
  const failed = failures.filter((f) => f !== null).length + (discoveryErrors.length > 0 ? 1 : 0);
  const cancelledRun = options.run?.status === 'cancelled' ? 1 : 0;
  const errored = problems.failures.length + cancelledRun;
  const tests = results.length + errored + (problems.discovery.length > 0 ? 1 : 0);
  const total = seconds(results.reduce((s, r) => s + r.durationMs, 0));
  const cases = results.map((r, i) => {
    const f = failures[i];
    const attrs = `classname="${x(`${SUITE}.${r.target.kind}`)}" name="${x(r.target.path)}" time="${seconds(r.durationMs)}"`;
    const failure = f ? `\n      <failure message="${x(f.message)}" type="${x(f.type)}">${x(f.body)}</failure>` : '';
    return (
      `    <testcase ${attrs}>${failure}\n      <system-out>${x(summaryText(r, options))}</system-out>\n    ` +
      `</testcase>`
    );
  });
  for (const f of problems.failures) {
    const attrs = `classname="${x(`${SUITE}.${f.target.kind}`)}" name="${x(f.target.path)}" time="0.000"`;
    const body = sortDiagnostics(f.diagnostics).map(diagnosticText).join('\n');
    cases.push(
      `    <testcase ${attrs}>\n      <error message="${x(`could not be scored: ${f.reason}`)}" ` +
        `type="not-scored">${x(body)}</error>\n    </testcase>`,
    );
  }
  if (problems.discovery.length > 0) {
    const lines = sortDiagnostics(problems.discovery).map(diagnosticText).join('\n');
    const failure =
      discoveryErrors.length > 0
        ? `\n      <failure ` +
          `message="${x(`${discoveryErrors.length} error diagnostic${discoveryErrors.length === 1 ? '' : 's'} found while discovering targets`)}" ` +
          `type="diagnostics">${x(discoveryErrors.map(diagnosticText).join('\n'))}</failure>`
        : '';
    cases.push(
      `    <testcase classname="${SUITE}.discovery" name="discovery" time="0.000">${failure}\n      ` +
        `<system-out>${x(lines)}</system-out>\n    </testcase>`,
    );
  }
  const cancelled = cancelledNote(options.run, results.length);
  // A stopped run is an error of the suite, not a pass of what it did not get to.
  if (cancelled !== undefined)
    cases.push(
      `    <testcase classname="${SUITE}.run" name="run" time="0.000">\n      <error message="${x(cancelled)}" ` +
        `type="cancelled"/>\n    </testcase>`,
    );
  const spent = runSpendLine(options.run);
  const properties = [
    ...(options.threshold === undefined
      ? []
      : [`      <property name="threshold" value="${x(String(options.threshold))}"/>`]),
    ...(spent === undefined ? [] : [`      <property name="spent" value="${x(spent)}"/>`]),
  ];
  const props = properties.length === 0 ? '' : `\n    <properties>\n${properties.join('\n')}\n    </properties>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${SUITE}" tests="${tests}" failures="${failed}" errors="${errored}" time="${total}">
  <testsuite name="${SUITE}" tests="${tests}" failures="${failed}" errors="${errored}" skipped="0" time="${total}">${props}
${cases.join('\n')}
  </testsuite>
</testsuites>
`;
};
