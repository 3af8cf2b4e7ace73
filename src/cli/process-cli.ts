/** The command line proper (everything but `plugin-eval hook`, which main.ts dispatches before loading this). */
import { EXIT } from './exit-codes.js';
import { terminalText } from '../util/terminal-text.js';
import { runCli } from './run.js';
import { reportWidth, type Ui } from './ui.js';

function processUi(argv: readonly string[]): Ui {
  const controller = new AbortController();
  // First Ctrl-C: stop cleanly (runs under way finish or are cancelled, saved state and temp folders are kept
  // tidy, exit 130). A second one: leave at once. The listener stays registered, so other SIGINT listeners (the
  // agent runner's temp-folder cleanup) know the signal is handled and do not end the process themselves.
  process.on('SIGINT', () => {
    if (controller.signal.aborted) process.exit(EXIT.INTERRUPTED);
    controller.abort();
  });
  const color = !argv.includes('--no-color') && !process.env.NO_COLOR && (Boolean(process.stdout.isTTY) || Boolean(process.env.FORCE_COLOR));
  // Everything printed passes through terminalText: paths, names and messages quoting the skills scored are not
  // the user's, and an escape sequence among them must not reach the terminal (or a log a terminal shows later).
  return {
    stdout: (text) => process.stdout.write(terminalText(text, color)),
    stderr: (line) => process.stderr.write(`${terminalText(line, color)}\n`),
    color,
    stderrIsTTY: Boolean(process.stderr.isTTY),
    quiet: false,
    width: reportWidth(process.env.COLUMNS, process.stdout.isTTY ? process.stdout.columns : undefined),
    cutPaths: Boolean(process.stdout.isTTY),
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
