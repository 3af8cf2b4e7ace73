import pc from 'picocolors';
import { disabledSummary } from '../../rules/config/apply-rule-config.js';
import { diagnosticLine, formatDiagnostic } from '../diagnostic-line.js';
import { oneLine } from '../layout.js';
import { plural } from '../shared.js';
import { terminalText } from '../../util/terminal-text.js';
import { summariseDiagnostics } from './summarise.js';
import type { ValidateReporter } from './types.js';

/**
 * Linter lines (`file:line:col  severity  rule  message`), a diagnostic repeated across many files summarised once
 * with its count ("plugins/*\/commands/*.md: 31 files  warning  command/description  ..."), then the totals and
 * what the rule configuration left out.
 */
export const validateTextReporter: ValidateReporter = (report, options) => {
  const c = pc.createColors(options.color);
  const shown = options.quiet ? report.diagnostics.filter((d) => d.severity === 'error') : report.diagnostics;
  const groups = summariseDiagnostics(shown);
  const lines = groups.flatMap((g) => {
    if (g.count === 1) return [formatDiagnostic(g.first, options.color)];
    const times = g.count === g.files ? '' : ` (${g.count} times)`;
    const summary = diagnosticLine(
      `${oneLine(g.pattern)}: ${plural(g.files, 'file')}${times}`,
      g.first,
      oneLine(g.message),
      options.color,
    );
    return options.listFiles ? [summary, ...g.fileNames.map((f) => `  ${oneLine(f)}`)] : [summary];
  });
  const summarised = groups.filter((g) => g.count > 1);
  const totals = `${plural(report.targets, 'target')} checked: ${plural(report.errors, 'error')}, ${plural(report.warnings, 'warning')}${report.infos > 0 ? `, ${plural(report.infos, 'note')}` : ''}`;
  lines.push('', report.errors > 0 ? c.red(totals) : report.warnings > 0 ? c.yellow(totals) : c.green(totals));
  if (summarised.length > 0) {
    const n = summarised.reduce((a, g) => a + g.count, 0);
    lines.push(
      c.dim(
        `${plural(n, 'diagnostic')} repeated across files shown as ${plural(summarised.length, 'summary line')} ` +
          `(${options.listFiles ? 'each with its files' : '--list-files names the files, --output json lists each one'})`,
      ),
    );
  }
  const disabled = disabledSummary(report.disabled);
  if (disabled) lines.push(c.dim(disabled));
  // File names and messages come from the files checked: no escape sequence of theirs reaches a terminal.
  return terminalText(`${lines.join('\n')}\n`, options.color);
};
