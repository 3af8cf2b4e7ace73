/**
 * When --output names a machine format (json, sarif, junit) and the command stops with nothing printed (exit 2, 3 or
 * 130), stdout still gets a document saying why (reporters/failure.ts), so a CI step never reads an empty stdout.
 */
import { FAILURE_DOCUMENTS, failureFormatOf } from '../reporters/failure.js';
import { VERSION } from '../version.js';
import { EXIT } from './exit-codes.js';
import type { Ui } from './ui.js';

/** The kind a failure document names, by exit code (the message says the rest). */
const FAILURE_KIND: Readonly<Record<number, string>> = {
  [EXIT.INPUT]: 'INPUT',
  [EXIT.NOT_MEASURED]: 'NOT_MEASURED',
  [EXIT.INTERRUPTED]: 'CANCELLED',
};

/** Run the command with a Ui that notes what it printed; after a failure with nothing on stdout, print the document. */
export async function withFailureDocument(
  argv: readonly string[],
  ui: Ui,
  command: string | undefined,
  run: (argv: readonly string[], ui: Ui) => Promise<number>,
): Promise<number> {
  const format = failureFormatOf(argv);
  if (format === undefined) return run(argv, ui);
  let printed = false;
  let reason: string | undefined;
  const stderrLines: string[] = [];
  const watched: Ui = {
    // The error that stopped the command is its reason; a command that stops without one (commander's usage errors,
    // a command's own exit) has said why on stderr first.
    stopped: (message) => {
      reason ??= message;
    },
    ...ui,
    stdout: (text) => {
      printed ||= text.length > 0;
      ui.stdout(text);
    },
    stderr: (line) => {
      stderrLines.push(line);
      ui.stderr(line);
    },
  };
  const code = await run(argv, watched);
  if (code !== EXIT.OK && code !== EXIT.FAILED && !printed) {
    const first = reason ?? stderrLines.find((l) => l.trim() !== '') ?? `stopped with exit code ${code}`;
    ui.stdout(
      FAILURE_DOCUMENTS[format]!({
        command: command ?? 'plugin-eval',
        exitCode: code,
        code: FAILURE_KIND[code] ?? 'INTERNAL',
        message: first.replace(/^plugin-eval: |^error: /, ''),
        toolVersion: VERSION,
      }),
    );
  }
  return code;
}
