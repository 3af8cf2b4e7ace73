/** Real score runs to record (quick depth, no model), and a raw SQLite client for building old databases. */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { score } from '../../src/api/score.js';
import type { ScoreResult } from '../../src/model/result.js';
import type { ScoreRun } from '../../src/model/run.js';
import { planKeyOf, reuseKeyOf } from '../../src/store/keys.js';
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
