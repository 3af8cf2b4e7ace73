/** The command line proper (everything but `plugin-eval hook`, which main.ts dispatches before loading this). */
import { EXIT } from './exit-codes.js';
import { terminalText } from '../util/terminal-text.js';
import { runCli } from './run.js';
import { reportWidth, type Ui } from './ui.js';
import { outputWriter } from './output-writer.js';

function processUi(argv: readonly string[]): Ui {
  // A reader that stops early (`plugin-eval schema score-run | head -1`) closes the pipe: nobody reads what follows,
  // so writing stops and the command finishes with its own exit code (a --threshold gate or a recorded run holds).
  const out = outputWriter(1, () => process.stdout);
  const err = outputWriter(2, () => process.stderr);
  const controller = new AbortController();
  // First Ctrl-C: stop cleanly (runs under way finish or are cancelled, saved state and temp folders are kept
  // tidy, exit 130). A second one: leave at once. The listener stays registered, so other SIGINT listeners (the
  // agent runner's temp-folder cleanup) know the signal is handled and do not end the process themselves.
  process.on('SIGINT', () => {
    if (controller.signal.aborted) process.exit(EXIT.INTERRUPTED);
    controller.abort();
  });
  const color =
    !argv.includes('--no-color') && !process.env.NO_COLOR && (out.isTTY() || Boolean(process.env.FORCE_COLOR));
  // Everything printed passes through terminalText: paths, names and messages quoting the skills scored are not
  // the user's, and an escape sequence among them must not reach the terminal (or a log a terminal shows later).
  return {
    stdout: (text) => out.write(terminalText(text, color)),
    stdoutData: (text) => out.write(out.isTTY() ? terminalText(text, false) : text),
    stderr: (line) => err.write(`${terminalText(line, color)}\n`),
    color,
    stderrIsTTY: err.isTTY(),
    quiet: false,
    width: reportWidth(process.env.COLUMNS, out.isTTY() ? process.stdout.columns : undefined),
    cutPaths: out.isTTY(),
    signal: controller.signal,
  };
}

const argv = process.argv.slice(2);
runCli(argv, processUi(argv)).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = EXIT.INPUT;
  },
);
