import { runCli } from '../../src/cli/run.js';
import type { Ui } from '../../src/cli/ui.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A Ui that keeps what is written: stdout's pieces in `out`, stderr's lines in `err` (no colours, 80 columns). */
export function captureUi(): Ui & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (l) => err.push(l),
    color: false,
    stderrIsTTY: false,
    quiet: true,
    width: 80,
    signal: undefined,
  };
}

/** Run the CLI in-process with captured output (no colours, 80 columns). */
export async function cli(...argv: string[]): Promise<CliRun> {
  const ui = captureUi();
  const code = await runCli(argv, ui);
  return { code, stdout: ui.out.join(''), stderr: ui.err.join('\n') };
}
