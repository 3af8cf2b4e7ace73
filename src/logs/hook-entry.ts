/**
 * The `plugin-eval hook pre|post [--logs-dir DIR]` process: read Claude Code's hook JSON from stdin, log, exit 0.
 * The CLI entry dispatches here before loading commander or any scoring code. A hook must never block or break
 * Claude Code: every problem (no stdin, bad JSON, a read-only logs folder, a lock held too long) goes to
 * `<logs root>/.hook-errors.log` (bounded) and the exit code is still 0; stdin is read with a deadline (past it, a
 * hook whose stdin is still open ends by SIGKILL, see hook-stdin.ts).
 */
import { appendFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { isoTimestamp } from '../util/iso-time.js';
import { makeDirSync } from '../util/make-dir.js';
import { handleHook, type HookInput } from './hook.js';
import { readStdin, StdinDeadlineError } from './hook-stdin.js';
import { logsRoot } from './paths.js';
import { redactSecrets } from './redact.js';

const MAX_STDIN_BYTES = 16 * 1024 * 1024;
const STDIN_DEADLINE_MS = 5_000;
const STDIN_DEADLINE_MAX_MS = 60_000;
const ERROR_LOG_MAX_BYTES = 256 * 1024;

export const hookErrorLog = (root: string): string => path.join(root, '.hook-errors.log');

/** Append one line to the side log; past its bound the log moves to `.1` (one old copy kept). Never throws. */
export function recordHookError(root: string, message: string): void {
  try {
    const file = hookErrorLog(root);
    makeDirSync(root);
    try {
      if (statSync(file).size > ERROR_LOG_MAX_BYTES) renameSync(file, `${file}.1`);
    } catch {
      // no log yet
    }
    appendFileSync(file, `${isoTimestamp(new Date())} ${message.replace(/\n/g, ' ').slice(0, 4_000)}\n`);
  } catch {
    // Nowhere left to say it; the hook still must not fail Claude Code.
  }
}

/** The value after `--name` or in `--name=value`. */
function flagValue(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

export function parseHookArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): { phase: string | undefined; root: string } {
  const logsDir = flagValue(argv, '--logs-dir');
  return { phase: argv[0], root: logsRoot({ ...(logsDir === undefined ? {} : { logsDir }), env }) };
}

/** `--stdin-timeout-ms N` (whole milliseconds, 1 to 60,000), else 5 s. */
function stdinDeadline(argv: readonly string[]): number {
  const raw = flagValue(argv, '--stdin-timeout-ms');
  if (raw === undefined) return STDIN_DEADLINE_MS;
  const ms = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(ms >= 1 && ms <= STDIN_DEADLINE_MAX_MS))
    throw new Error(
      `--stdin-timeout-ms: expected whole milliseconds from 1 to ${STDIN_DEADLINE_MAX_MS}, ` +
        `got ${JSON.stringify(raw.slice(0, 40))}`,
    );
  return ms;
}

/** Run one hook invocation; always resolves (exit code 0 is the caller's to set). */
export async function runHookProcess(argv: readonly string[]): Promise<void> {
  let root: string;
  let phase: string | undefined;
  try {
    ({ phase, root } = parseHookArgs(argv));
  } catch (error) {
    process.stderr.write(`plugin-eval hook: ${(error as Error).message}\n`);
    return;
  }
  try {
    if (phase !== 'pre' && phase !== 'post') throw new Error('expected "hook pre" or "hook post"');
    const text = await readStdin({ deadlineMs: stdinDeadline(argv), maxBytes: MAX_STDIN_BYTES });
    let input: HookInput;
    try {
      input = JSON.parse(text) as HookInput;
    } catch (error) {
      // The parser's message quotes the text near the fault, which may be inside the skill's arguments.
      throw new Error(
        redactSecrets(
          `stdin is not JSON (${(error as Error).message}); first bytes: ${JSON.stringify(text.slice(0, 80))}`,
        ),
        { cause: error },
      );
    }
    if (input === null || typeof input !== 'object' || Array.isArray(input))
      throw new Error('stdin JSON is not an object');
    handleHook(phase, input, { root });
  } catch (error) {
    recordHookError(root, `hook ${String(phase)}: ${(error as Error).message ?? String(error)}`);
    // A read still waiting on a stdin nobody closes would hold process.exit (Node joins the thread pool at exit): the
    // problem is recorded, and a signal ends the process where exit cannot.
    if (error instanceof StdinDeadlineError && error.readPending) process.kill(process.pid, 'SIGKILL');
  }
}
