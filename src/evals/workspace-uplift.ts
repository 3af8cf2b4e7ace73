/**
 * The evals uplift of a skill that has an evals workspace: the with/without pass-rate delta of the latest iteration
 * `evals aggregate` wrote a benchmark.json for, said as `evals aggregate` says it. `report` shows it for a skill whose
 * run measured no uplift of its own. The workspace is the default one beside the skill (`<skill>-workspace`); a
 * workspace, iteration or benchmark.json that is a link is not followed (it could name any file on the machine).
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { Uplift } from '../model/uplift.js';
import { benchmarkPair, evalsUplift } from './aggregate/evals-uplift.js';
import { readJsonAs } from './json-files.js';
import { Benchmark } from './schemas/benchmark.js';
import { BENCHMARK_FILE, defaultWorkspaceFor, iterationDir, listIterations } from './workspace.js';

const kindOf = (p: string): 'folder' | 'file' | 'other' | undefined => {
  try {
    const s = lstatSync(p);
    return s.isDirectory() ? 'folder' : s.isFile() ? 'file' : 'other';
  } catch {
    return undefined;
  }
};

export interface WorkspaceUplift {
  /** The benchmark.json the figure comes from. */
  file: string;
  uplift: Uplift;
}

/**
 * The uplift of the skill at `skillDir` from its evals workspace; undefined when it has no workspace, no aggregated
 * iteration, or a benchmark without a baseline. A benchmark.json that is not one is an InputError naming it.
 */
export async function workspaceUplift(skillDir: string): Promise<WorkspaceUplift | undefined> {
  const workspace = defaultWorkspaceFor(skillDir);
  if (kindOf(workspace) !== 'folder') return undefined;
  const aggregated = listIterations(workspace)
    .map((n) => iterationDir(workspace, n))
    .filter((dir) => kindOf(dir) === 'folder' && kindOf(path.join(dir, BENCHMARK_FILE)) === 'file');
  const latest = aggregated.at(-1);
  if (latest === undefined) return undefined;
  const file = path.join(latest, BENCHMARK_FILE);
  const benchmark = await readJsonAs(file, Benchmark, 'a benchmark.json written by plugin-eval evals aggregate');
  const uplift = evalsUplift(benchmark, benchmarkPair(benchmark));
  return uplift === undefined ? undefined : { file, uplift };
}
