/** Real score runs to record (quick depth, no model), and a raw SQLite client for building old databases. */
import { spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { score } from '../../src/api/score.js';
import type { ScoreResult } from '../../src/model/result.js';
import type { ScoreRun } from '../../src/model/run.js';
import { planKeyOf, reuseKeyOf } from '../../src/store/keys.js';
import { openResultsStore } from '../../src/store/sqlite-store.js';
import type { ReuseKey } from '../../src/store/types.js';
import { VERSION } from '../../src/version.js';

export const EXAMPLES = path.resolve('examples/skills');

/** Copies of the example skills under `root` (tests edit them). */
export function copyExamples(root: string): { csv: string; changelog: string } {
  const csv = path.join(root, 'csv-profiler');
  const changelog = path.join(root, 'changelog-writer');
  cpSync(path.join(EXAMPLES, 'csv-profiler'), csv, { recursive: true });
  cpSync(path.join(EXAMPLES, 'changelog-writer'), changelog, { recursive: true });
  return { csv, changelog };
}

/** A quick score run of `paths` with each result's reuse key, keyed as recordScoreRun wants (by result.target.path). */
export async function quickRun(paths: string[]): Promise<{ run: ScoreRun; keys: Map<string, ReuseKey> }> {
  const run = await score(paths, { config: false, depth: 'quick' });
  const planKey = planKeyOf(run.plan, VERSION);
  const keys = new Map<string, ReuseKey>();
  for (const r of run.results) keys.set(r.target.path, await reuseKeyOf(r.target.path, planKey));
  return { run, keys };
}

/** The same result, marked partial (a layer failed to measure something). */
export function asPartial(result: ScoreResult): ScoreResult {
  return {
    ...result,
    measurement: {
      status: 'partial',
      gaps: [{ layer: 'judge', dimension: 'output_quality', measured: false, reason: 'HTTP 500' }],
    },
  };
}

export function rawClient(file: string): Client {
  return createClient({ url: `file:${file}` });
}

/** A raw client on the store at `file` once the runs journalled for it are folded in, as any command that opens it. */
export async function foldedClient(file: string): Promise<Client> {
  await (await openResultsStore({ location: file })).close();
  return rawClient(file);
}

/** A node script run to its end (the concurrency tests' writer processes), with what it printed. */
export function runScript(
  script: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
