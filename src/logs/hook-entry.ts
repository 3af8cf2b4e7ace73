/**
 * The `plugin-eval hook pre|post [--logs-dir DIR]` process: read Claude Code's hook JSON from stdin, log, exit 0.
 * The CLI entry dispatches here before loading commander or any scoring code. A hook must never block or break
 * Claude Code: every problem (no stdin, bad JSON, a read-only logs folder, a lock held too long) goes to
 * `<logs root>/.hook-errors.log` (bounded) and the exit code is still 0; stdin is read with a deadline.
 */
import { appendFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { makeDirSync } from '../util/make-dir.js';
import { handleHook, type HookInput } from './hook.js';
import { logsRoot } from './paths.js';
import { redactSecrets } from './redact.js';

const MAX_STDIN_BYTES = 16 * 1024 * 1024;
const STDIN_DEADLINE_MS = 5_000;
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
    appendFileSync(file, `${new Date().toISOString()} ${message.replace(/\n/g, ' ').slice(0, 4_000)}\n`);
  } catch {
    // Nowhere left to say it; the hook still must not fail Claude Code.
  }
}

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    if (process.stdin.isTTY) {
      reject(new Error('no hook input: stdin is a terminal (Claude Code pipes the hook JSON in)'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      process.stdin.destroy();
      reject(new Error(`no complete hook input on stdin within ${STDIN_DEADLINE_MS} ms`));
    }, STDIN_DEADLINE_MS);
    process.stdin.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_STDIN_BYTES) {
        clearTimeout(timer);
        process.stdin.destroy();
        reject(new Error(`hook input larger than ${MAX_STDIN_BYTES} bytes; not logged`));
        return;
      }
      chunks.push(chunk);
    });
    process.stdin.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    process.stdin.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export function parseHookArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): { phase: string | undefined; root: string } {
  const at = argv.indexOf('--logs-dir');
  const logsDir = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--logs-dir='))?.slice('--logs-dir='.length);
  return { phase: argv[0], root: logsRoot({ ...(logsDir === undefined ? {} : { logsDir }), env }) };
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
    const text = await readStdin();
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
  }
}
