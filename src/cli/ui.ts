import pc from 'picocolors';
import type { Diagnostic } from '../model/diagnostic.js';

/** What commands need from the outside world; tests pass their own. */
export interface Ui {
  stdout(text: string): void;
  stderr(line: string): void;
  color: boolean;
  stderrIsTTY: boolean;
  quiet: boolean;
  width: number;
  signal: AbortSignal | undefined;
}

/** `file:line:col  severity  rule  message`, the shape editors and CI annotate from. */
export function formatDiagnostic(d: Diagnostic, color: boolean): string {
  const c = pc.createColors(color);
  const where = `${d.file}${d.line > 0 ? `:${d.line}:${d.column || 1}` : ''}`;
  const sev = d.severity === 'error' ? c.red('error') : d.severity === 'warning' ? c.yellow('warning') : c.blue('info');
  return `${where}  ${sev}  ${c.dim(d.ruleId)}  ${d.message}`;
}
