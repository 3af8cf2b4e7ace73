import pc from 'picocolors';
import { validate } from '../validate/index.js';
import { resolveSettings } from '../config/resolve.js';
import { EXIT } from './exit-codes.js';
import { reportSettings } from './settings-line.js';
import { formatDiagnostic, type Ui } from './ui.js';

export async function runValidate(
  paths: string[],
  flags: { output: 'text' | 'json'; quiet?: boolean; verbose?: boolean },
  ui: Ui,
  context: { configFile?: string | undefined } = {},
): Promise<number> {
  // The config file is read (and a bad one stops here, naming file, line and key) before anything is linted;
  // its rule settings (`rules`, `ignorePatterns`) reach validate() through `resolved.config`.
  const resolved = await resolveSettings({ command: 'validate', ...(context.configFile !== undefined ? { config: context.configFile } : {}) });
  reportSettings(resolved, ui, { verbose: flags.verbose === true });
  const report = await validate(paths);
  if (flags.output === 'json') {
    ui.stdout(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const shown = flags.quiet ? report.diagnostics.filter((d) => d.severity === 'error') : report.diagnostics;
    const c = pc.createColors(ui.color);
    const lines = shown.map((d) => formatDiagnostic(d, ui.color));
    const summary = `${report.targets} target(s) checked: ${report.errors} error(s), ${report.warnings} warning(s)`;
    lines.push('', report.errors > 0 ? c.red(summary) : report.warnings > 0 ? c.yellow(summary) : c.green(summary));
    ui.stdout(`${lines.join('\n')}\n`);
  }
  return report.errors > 0 ? EXIT.FAILED : EXIT.OK;
}
