import { runCli } from '../../src/cli/run.js';
import type { Ui } from '../../src/cli/ui.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in-process with captured output (no colours, 80 columns). */
export async function cli(...argv: string[]): Promise<CliRun> {
  let stdout = '';
  const stderr: string[] = [];
  const ui: Ui = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (l) => {
      stderr.push(l);
    },
    color: false,
    stderrIsTTY: false,
    quiet: true,
    width: 80,
    signal: undefined,
  };
  const code = await runCli(argv, ui);
  return { code, stdout, stderr: stderr.join('\n') };
}
