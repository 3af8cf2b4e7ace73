import { SARIF_SCHEMA } from './sarif.js';
import { escapeXml } from './shared.js';

/**
 * The document a machine format prints when the command stopped before it had a report (a missing path, a bad flag or
 * config file, a layer that could not measure, Ctrl-C): a CI step parsing stdout or uploading SARIF then reads a
 * failure it can show instead of an empty file. Plain objects, no zod: the CLI's eager graph renders it.
 */
export interface CommandFailure {
  /** The command as typed (`validate`, `score`, ...), or plugin-eval when none was recognised. */
  command: string;
  /** The exit code the process ends with. */
  exitCode: number;
  /** The error's kind: USAGE, INPUT, CONFIG, PROVIDER, NOT_MEASURED, CANCELLED, or INTERNAL. */
  code: string;
  /** What stopped it, as printed on stderr. */
  message: string;
  toolVersion: string;
}

type FailureRenderer = (failure: CommandFailure) => string;

const json: FailureRenderer = (f) =>
  `${JSON.stringify(
    { ok: false, command: f.command, exitCode: f.exitCode, error: { code: f.code, message: f.message } },
    null,
    2,
  )}\n`;

/** A SARIF log with no results whose one invocation failed: code scanning shows the notification, not "no alerts". */
const sarif: FailureRenderer = (f) =>
  `${JSON.stringify(
    {
      $schema: SARIF_SCHEMA,
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'plugin-eval', version: f.toolVersion, semanticVersion: f.toolVersion, rules: [] } },
          invocations: [
            {
              executionSuccessful: false,
              exitCode: f.exitCode,
              toolExecutionNotifications: [
                { level: 'error', message: { text: f.message }, descriptor: { id: `plugin-eval/${f.code}` } },
              ],
            },
          ],
          results: [],
        },
      ],
    },
    null,
    2,
  )}\n`;

/** One suite with one errored case (an error, not a failure: nothing was checked). */
const junit: FailureRenderer = (f) => {
  const name = escapeXml(`plugin-eval ${f.command}`);
  const message = escapeXml(f.message);
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${name}" tests="1" failures="0" errors="1" time="0">
  <testsuite name="${name}" tests="1" failures="0" errors="1" skipped="0" time="0">
    <testcase classname="plugin-eval.${escapeXml(f.command)}" name="${name}" time="0">
      <error message="${message}" type="${escapeXml(f.code)}">exit ${f.exitCode}: ${message}</error>
    </testcase>
  </testsuite>
</testsuites>
`;
};

/** The machine formats that print a failure document, by the name `--output` takes. */
export const FAILURE_DOCUMENTS: Readonly<Record<string, FailureRenderer>> = Object.freeze({ json, sarif, junit });

/**
 * The `--output` format argv asks for (`--output X`, `--output=X`, or the older `--json`), when it is one with a
 * failure document; read from argv because the failure may be commander's own, before any flag was parsed.
 */
export function failureFormatOf(argv: readonly string[]): string | undefined {
  let format: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg === '--output') format = argv[++i];
    else if (arg.startsWith('--output=')) format = arg.slice('--output='.length);
    else if (arg === '--json') format = 'json';
  }
  return format !== undefined && Object.hasOwn(FAILURE_DOCUMENTS, format) ? format : undefined;
}
