import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startModelServer } from './support/model-server.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'dist/bin/plugin-eval.js');
const dir = mkdtempSync(path.join(tmpdir(), 'plugin-eval-cancel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Ctrl-C', () => {
  it('cancels a judge run cleanly: exit 130, a one-line message, no report file', async () => {
    expect(existsSync(BIN), 'run `npm run build` first (npm test does)').toBe(true);
    // Every model call stalls, so the run is mid-flight when the signal arrives.
    const server = await startModelServer(() => ({ fault: 'stall', ms: 60_000 }));
    const out = path.join(dir, 'report.json');
    try {
      const child = spawn(process.execPath, [BIN, 'score', path.join(ROOT, 'examples/skills/csv-profiler'), '--depth', 'standard', '--no-cache', '--output', 'json', '-o', out], {
        env: { ...process.env, ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: server.url },
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      for (let i = 0; i < 400 && server.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
      expect(server.requests.length).toBeGreaterThan(0);
      child.kill('SIGINT');
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(130);
      expect(stderr).toContain('cancelled; nothing was written');
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(out)).toBe(false);
    } finally {
      await server.close();
    }
  }, 30_000);
});
