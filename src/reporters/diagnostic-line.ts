import pc from 'picocolors';
import type { Diagnostic } from '../model/diagnostic.js';
import { terminalText } from '../util/terminal-text.js';
import { oneLine } from './layout.js';

/** `file:line:col  severity  rule  message`, the shape editors and CI annotate from. */
export function formatDiagnostic(d: Diagnostic, color: boolean): string {
  return diagnosticLine(
    `${oneLine(d.file)}${d.line > 0 ? `:${d.line}:${d.column || 1}` : ''}`,
    d,
    oneLine(d.message),
    color,
  );
}

/** The same line with another "where" and message (a summary of repeated diagnostics). */
export function diagnosticLine(
  where: string,
  d: Pick<Diagnostic, 'severity' | 'ruleId'>,
  message: string,
  color: boolean,
): string {
  const c = pc.createColors(color);
  const sev = d.severity === 'error' ? c.red('error') : d.severity === 'warning' ? c.yellow('warning') : c.blue('info');
  // The file and the message quote the files checked: their escape sequences are dropped, ours kept.
  return terminalText(`${where}  ${sev}  ${c.dim(d.ruleId)}  ${message}`, color);
}
