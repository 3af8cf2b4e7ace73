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
export declare function reportWidth(columnsEnv: string | undefined, terminalColumns: number | undefined): number;
/** `file:line:col  severity  rule  message`, the shape editors and CI annotate from. */
export declare function formatDiagnostic(d: Diagnostic, color: boolean): string;
