import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILT_BIN } from './support/built.js';

/**
 * `plugin-eval schema score-run | head -1`: the reader closes the pipe before the CLI has written everything.
 * The built bin runs as a user starts it; its stdout is a pipe whose reading end the test closes at once, so the
 * CLI's write meets EPIPE every time (no race with the reader). It used to end with Node's "Unhandled 'error'
 * event" and a stack trace on stderr, and exit 1.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLE = path.join(ROOT, 'examples/skills/csv-profiler');

function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_BIN, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PLUGIN_EVAL_CODE_CACHE: 'off' },
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('stdout closed by its reader', () => {
  it("schema: stops writing quietly and exits with the command's own code", async () => {
    expect(existsSync(BUILT_BIN), 'run `npm run build` first (npm test does)').toBe(true);
    const { code, stderr } = await runWithClosedStdout(['schema', 'score-run']);
    expect(stderr).not.toMatch(/EPIPE|Unhandled 'error' event|\n\s+at /);
    expect(code).toBe(0);
  });

  it('score --threshold: the gate still decides the exit code', async () => {
    const { code, stderr } = await runWithClosedStdout([
      'score',
      EXAMPLE,
      '--output',
      'json',
      '--no-store',
      '--threshold',
      '99',
    ]);
    expect(stderr).not.toMatch(/EPIPE|Unhandled 'error' event|\n\s+at /);
    expect(code).toBe(1);
  });
});
