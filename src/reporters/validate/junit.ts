import type { Diagnostic } from '../../model/diagnostic.js';
import { escapeXml as x, location, problemSummary, sortDiagnostics } from '../shared.js';
import type { ValidateReporter } from './types.js';

const SUITE = 'plugin-eval validate';

/**
 * JUnit XML for `validate`: one test case per file with diagnostics (failing when it has an error, its warnings and
 * notes in system-out), and one passing case per checked skill or plugin none of whose files had any.
 */
export const validateJunitReporter: ValidateReporter = (report) => {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of report.diagnostics) {
    const list = byFile.get(d.file);
    if (list) list.push(d);
    else byFile.set(d.file, [d]);
  }
  const line = (d: Diagnostic) => `${location(d.file, d.line, d.column)}  ${d.severity}  ${d.ruleId}  ${d.message}`;
  const cases: string[] = [];
  let failed = 0;
  for (const [file, list] of byFile) {
    const sorted = sortDiagnostics(list);
    const errors = sorted.filter((d) => d.severity === 'error');
    const rest = sorted.filter((d) => d.severity !== 'error');
    let body = '';
    if (errors.length > 0) {
      failed++;
      body += `\n      <failure message="${x(
        `${errors.length} ` +
          `error${errors.length === 1 ? '' : 's'}: ${errors[0]!.ruleId}${errors.length > 1 ? ', ...' : ''}`,
      )}" type="${x([...new Set(errors.map((d) => d.ruleId))].join(','))}">${x(errors.map(line).join('\n'))}</failure>`;
    }
    if (rest.length > 0) body += `\n      <system-out>${x(rest.map(line).join('\n'))}</system-out>`;
    cases.push(
      `    <testcase classname="${x(`plugin-eval.validate`)}" name="${x(file)}" ` +
        `time="0">${body}${body ? '\n    ' : ''}</testcase>`,
    );
  }
  // Every folder holding a file with diagnostics (each file's path prefixes), so the check per target is one lookup.
  const withProblems = new Set<string>();
  for (const file of byFile.keys()) {
    withProblems.add(file);
    for (let i = file.indexOf('/', 1); i > 0; i = file.indexOf('/', i + 1)) withProblems.add(file.slice(0, i));
  }
  for (const target of report.checked) {
    if (withProblems.has(target.replace(/\/+$/, '') || '.')) continue;
    cases.push(
      `    <testcase classname="plugin-eval.validate" name="${x(target)}" ` +
        `time="0"><system-out>${x(problemSummary([]))}</system-out></testcase>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${x(SUITE)}" tests="${cases.length}" failures="${failed}" errors="0" time="0">
  <testsuite name="${x(SUITE)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="0" time="0">
${cases.join('\n')}
  </testsuite>
</testsuites>
`;
};
