import pc from 'picocolors';
import type { Diagnostic } from '../model/diagnostic.js';

/** What commands need from the outside world; tests pass their own. */
export interface Ui {
  stdout(text: string): void;
  stderr(line: string): void;
  color: boolean;
  stderrIsTTY: boolean;
  quiet: boolean;
  /** Columns for the text report: COLUMNS when set, else the terminal's width, else 80. */
  width: number;
  /** Whether long paths may be shortened to fit `width`: only when stdout is a terminal. */
  cutPaths?: boolean;
  signal: AbortSignal | undefined;
}

/** COLUMNS when it is a positive whole number (the user's explicit choice), else the terminal's width within 60-120, else 80. */
export function reportWidth(columnsEnv: string | undefined, terminalColumns: number | undefined): number {
  const columns = Number(columnsEnv);
  if (columnsEnv !== undefined && columnsEnv.trim() !== '' && Number.isInteger(columns) && columns > 0) return columns;
  return terminalColumns ? Math.max(60, Math.min(terminalColumns, 120)) : 80;
}

/** `file:line:col  severity  rule  message`, the shape editors and CI annotate from. */
export function formatDiagnostic(d: Diagnostic, color: boolean): string {
  const c = pc.createColors(color);
  const where = `${d.file}${d.line > 0 ? `:${d.line}:${d.column || 1}` : ''}`;
  const sev = d.severity === 'error' ? c.red('error') : d.severity === 'warning' ? c.yellow('warning') : c.blue('info');
  return `${where}  ${sev}  ${c.dim(d.ruleId)}  ${d.message}`;
}
