/**
 * The workspace layout, in one place: where `evals run` writes and where grade, aggregate, compare and the viewer
 * read. It is the layout both skill-creator's aggregator and its viewer accept:
 *
 *   <workspace>/iteration-N/eval-<id>/eval_metadata.json
 *   <workspace>/iteration-N/eval-<id>/<configuration>/eval_metadata.json      (a copy: the viewer looks here)
 *   <workspace>/iteration-N/eval-<id>/<configuration>/run-R/outputs/           (files the agent made; metrics.json)
 *   <workspace>/iteration-N/eval-<id>/<configuration>/run-R/{transcript.md, timing.json, run.json, grading.json}
 *
 * Reading is more forgiving than skill-creator's aggregator: eval folders with descriptive names (any folder holding
 * eval_metadata.json), the `runs/` wrapper, and a configuration folder without run-* folders (the layout
 * skill-creator's SKILL.md describes, read as run 1) are all found instead of being skipped without a word.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const ITERATION_PREFIX = 'iteration-';
export const EVAL_METADATA_FILE = 'eval_metadata.json';
export const RUN_FILES = {
  outputs: 'outputs',
  metrics: path.join('outputs', 'metrics.json'),
  transcript: 'transcript.md',
  timing: 'timing.json',
  grading: 'grading.json',
  /** Ours: how the run ended (ok or an infrastructure error); skill-creator's tools ignore it. */
  record: 'run.json',
} as const;

/**
 * Files of an iteration folder (benchmark: `evals aggregate`; feedback: the viewer, where skill-creator's writes it).
 */
export const BENCHMARK_FILE = 'benchmark.json';
export const BENCHMARK_MARKDOWN_FILE = 'benchmark.md';
export const FEEDBACK_FILE = 'feedback.json';
/** At the workspace root: the versions across iterations (`evals history`). */
export const HISTORY_FILE = 'history.json';

/** The workspace a skill's evals use when none is given: `<skill folder>-workspace` beside the skill. */
export const defaultWorkspaceFor = (skillDir: string): string =>
  `${path.resolve(skillDir).replace(/[\\/]+$/, '')}-workspace`;

export const iterationDir = (workspace: string, n: number): string => path.join(workspace, `${ITERATION_PREFIX}${n}`);
/** Ours: what an iteration measures (evals, configurations, runs), so --resume cannot mix two requests. */
export const iterationPlanFile = (iteration: string): string => path.join(iteration, 'evals_run.json');
/**
 * An iteration `evals run` wrote (it holds evals_run.json). Its runs write run.json last, so there a run folder
 * without run.json was cut short (a kill, a crash, a second Ctrl-C) and measured nothing. Folders laid out by other
 * tools (skill-creator's executor) have no run.json at all and are read as they are.
 */
export const writtenByEvalsRun = (iteration: string): boolean => existsSync(iterationPlanFile(iteration));
export const CUT_SHORT_DETAIL =
  'cut short: no run.json (the run stopped before it was recorded: a kill, a crash or a second Ctrl-C); make it again with evals run --resume';
/** old_skill's copy, per iteration: what that iteration measured stays on disk whatever happens to the original. */
export const skillSnapshotDir = (iteration: string): string => path.join(iteration, 'skill-snapshot');
export const evalDirName = (evalId: number): string => `eval-${evalId}`;
export const runDirName = (runNumber: number): string => `run-${runNumber}`;

export function runDirOf(iteration: string, evalId: number, configuration: string, runNumber: number): string {
  return path.join(iteration, evalDirName(evalId), configuration, runDirName(runNumber));
}

/** Iteration numbers present in a workspace, ascending. */
export function listIterations(workspace: string): number[] {
  if (!existsSync(workspace)) return [];
  return readdirSync(workspace, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^iteration-\d+$/.test(e.name))
    .map((e) => Number(e.name.slice(ITERATION_PREFIX.length)))
    .sort((a, b) => a - b);
}

export const latestIteration = (workspace: string): number | undefined => listIterations(workspace).at(-1);
export const nextIteration = (workspace: string): number => (latestIteration(workspace) ?? 0) + 1;

/** One run folder found in an iteration (or any folder laid out like one). */
export interface FoundRun {
  /** The eval's folder (holds eval_metadata.json, when there is one). */
  evalDir: string;
  /** The eval folder's name (`eval-3`, or a descriptive name). */
  evalDirName: string;
  configuration: string;
  /** The configuration's folder (holds run-* folders, or is itself the run in the flat layout). */
  configDir: string;
  runNumber: number;
  runDir: string;
  /** The config folder has no run-* folders and is read as run 1 (skill-creator's SKILL.md layout). */
  flat: boolean;
}

const isDir = (p: string): boolean => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

const subdirs = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

/** An eval folder: named eval-*, or holding eval_metadata.json. */
const looksLikeEvalDir = (dir: string, name: string): boolean =>
  name.startsWith('eval-') || existsSync(path.join(dir, EVAL_METADATA_FILE));

/**
 * Every run under `root` (an iteration folder, or a folder with `runs/`), in eval, configuration, run order.
 * Configuration folders are the eval folder's subfolders that hold run-* folders or an outputs/ folder.
 */
export function findRuns(root: string): FoundRun[] {
  const base = isDir(path.join(root, 'runs')) ? path.join(root, 'runs') : root;
  if (!isDir(base)) return [];
  const runs: FoundRun[] = [];
  for (const evalName of subdirs(base)) {
    const evalDir = path.join(base, evalName);
    if (!looksLikeEvalDir(evalDir, evalName)) continue;
    for (const configuration of subdirs(evalDir)) {
      const configDir = path.join(evalDir, configuration);
      const runNames = subdirs(configDir).filter((n) => /^run-\d+$/.test(n));
      if (runNames.length > 0) {
        for (const name of runNames) {
          runs.push({
            evalDir,
            evalDirName: evalName,
            configuration,
            configDir,
            runNumber: Number(name.slice(4)),
            runDir: path.join(configDir, name),
            flat: false,
          });
        }
      } else if (isDir(path.join(configDir, RUN_FILES.outputs))) {
        runs.push({
          evalDir,
          evalDirName: evalName,
          configuration,
          configDir,
          runNumber: 1,
          runDir: configDir,
          flat: true,
        });
      }
    }
  }
  return runs;
}

/**
 * Where one `evals optimize-description` run writes results.json and report.html:
 * `<workspace>/description-optimization/<timestamp>/`.
 */
export const descriptionOptimizationDir = (workspace: string, at: Date): string =>
  path.join(workspace, 'description-optimization', at.toISOString().replace(/[:.]/g, '-'));

/**
 * The most read of any one file of a run (an output, the transcript, the notes): far above anything a grader is
 * shown or a check needs, far below a memory problem. An agent can write a file of any size, sparse or not.
 */
export const OUTPUT_READ_BYTES = 16 * 1024 * 1024;
