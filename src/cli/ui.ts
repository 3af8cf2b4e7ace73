/** What commands need from the outside world; tests pass their own. */
export interface Ui {
  stdout(text: string): void;
  /**
   * Data whose bytes matter (a patch): as it is when stdout is a file or a pipe, as `stdout` prints it on a terminal
   * (controls removed). Absent: `stdout`.
   */
  stdoutData?(text: string): void;
  stderr(line: string): void;
  color: boolean;
  stderrIsTTY: boolean;
  quiet: boolean;
  /** Columns for the text report: COLUMNS when set, else the terminal's width, else 80. */
  width: number;
  /** Whether long paths may be shortened to fit `width`: only when stdout is a terminal. */
  cutPaths?: boolean;
  signal: AbortSignal | undefined;
  /** Told the message of the error that stopped the command (the failure document's reason); absent: nobody asks. */
  stopped?(message: string): void;
}

/**
 * COLUMNS when it is a positive whole number (the user's explicit choice), else the terminal's width within 60-120,
 * else 80.
 */
export function reportWidth(columnsEnv: string | undefined, terminalColumns: number | undefined): number {
  const columns = Number(columnsEnv);
  if (columnsEnv !== undefined && columnsEnv.trim() !== '' && Number.isInteger(columns) && columns > 0) return columns;
  return terminalColumns ? Math.max(60, Math.min(terminalColumns, 120)) : 80;
}

export { formatDiagnostic } from '../reporters/diagnostic-line.js';
