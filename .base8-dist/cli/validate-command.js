import pc from 'picocolors';
import { validate } from '../validate/index.js';
import { EXIT } from './exit-codes.js';
import { formatDiagnostic } from './ui.js';
export async function runValidate(paths, flags, ui) {
    const report = await validate(paths);
    if (flags.output === 'json') {
        ui.stdout(`${JSON.stringify(report, null, 2)}\n`);
    }
    else {
        const shown = flags.quiet ? report.diagnostics.filter((d) => d.severity === 'error') : report.diagnostics;
        const c = pc.createColors(ui.color);
        const lines = shown.map((d) => formatDiagnostic(d, ui.color));
        const summary = `${report.targets} target(s) checked: ${report.errors} error(s), ${report.warnings} warning(s)`;
        lines.push('', report.errors > 0 ? c.red(summary) : report.warnings > 0 ? c.yellow(summary) : c.green(summary));
        ui.stdout(`${lines.join('\n')}\n`);
    }
    return report.errors > 0 ? EXIT.FAILED : EXIT.OK;
}
//# sourceMappingURL=validate-command.js.map