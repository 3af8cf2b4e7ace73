/**
 * What the review page shows, read from a workspace: every run of one iteration (found by the workspace layout's
 * `findRuns`), its prompt, outputs, grades and how it ended, the previous iteration's output and feedback for the
 * same run id, the reviewer's feedback so far and the iteration's benchmark.
 *
 * A file that cannot be read is named on the run (or the page) and the rest is still shown: one broken
 * grading.json must not hide fifty runs from the reviewer. The exception is feedback.json, which the viewer
 * writes: an unreadable one stops the viewer (exit 2) rather than being overwritten by the first autosave.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../../errors.js';
import { readJsonAs } from '../../evals/json-files.js';
import { Benchmark } from '../../evals/schemas/benchmark.js';
import { type Feedback, FeedbackInput } from '../../evals/schemas/feedback.js';
import { GradingInput } from '../../evals/schemas/grading.js';
import { EvalMetadata, RunRecord } from '../../evals/schemas/run-files.js';
import {
  BENCHMARK_FILE,
  CUT_SHORT_DETAIL,
  EVAL_METADATA_FILE,
  FEEDBACK_FILE,
  type FoundRun,
  findRuns,
  ITERATION_PREFIX,
  iterationDir,
  listIterations,
  RUN_FILES,
  writtenByEvalsRun,
} from '../../evals/workspace.js';
import { decodePrefix, readBounded } from '../../util/bounded-read.js';
import { sha256Hex } from '../../util/hash.js';
import { benchmarkView } from './benchmark-view.js';
import type { BenchmarkView, GradesView, PreviousRunView, RunStatusView, RunView, ViewerData } from './model.js';
import {
  DEFAULT_OUTPUT_LIMITS,
  DEFAULT_PAGE_BUDGET_BYTES,
  type OutputLimits,
  PageBudget,
  readOutputs,
} from './output-files.js';

/** The iteration a view shows. */
export interface ViewTarget {
  /** The folder whose runs are shown, and where feedback.json is kept. */
  iterationDir: string;
  /** The workspace holding iteration-N folders, when the iteration is one of them. */
  workspace: string | undefined;
  iteration: number | undefined;
}

const isDirectory = (p: string): boolean => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

const iterationNumberOf = (dir: string): number | undefined => {
  const match = new RegExp(`^${ITERATION_PREFIX}(\\d+)$`).exec(path.basename(dir));
  return match ? Number(match[1]) : undefined;
};

/** A workspace (its latest iteration, or `iteration`) or an iteration folder. */
export function resolveViewTarget(input: string, iteration?: number): ViewTarget {
  const dir = path.resolve(input);
  if (!existsSync(dir)) throw new InputError(`${input}: no such folder`, input);
  if (!isDirectory(dir))
    throw new InputError(`${input}: not a folder (expected a workspace or an iteration folder)`, input);
  const iterations = listIterations(dir);
  if (iterations.length > 0) {
    const n = iteration ?? iterations.at(-1)!;
    if (!iterations.includes(n))
      throw new InputError(
        `${input}: has no ${ITERATION_PREFIX}${n} (it ` +
          `has ${iterations.map((i) => `${ITERATION_PREFIX}${i}`).join(', ')})`,
        input,
      );
    return { iterationDir: iterationDir(dir, n), workspace: dir, iteration: n };
  }
  if (iteration !== undefined)
    throw new InputError(`${input}: --iteration needs a workspace holding ${ITERATION_PREFIX}N folders`, input);
  const n = iterationNumberOf(dir);
  return { iterationDir: dir, workspace: n === undefined ? undefined : path.dirname(dir), iteration: n };
}

/**
 * The iteration to show as "previous": the one given (a workspace means its latest iteration before the one
 * shown), else the highest lower-numbered iteration of the same workspace, else none.
 */
export function resolvePreviousTarget(
  current: ViewTarget,
  previous: string | false | undefined,
): ViewTarget | undefined {
  if (previous === false) return undefined;
  if (previous !== undefined) {
    const dir = path.resolve(previous);
    const below =
      current.iteration !== undefined && current.workspace === dir
        ? listIterations(dir)
            .filter((n) => n < current.iteration!)
            .at(-1)
        : undefined;
    return below !== undefined ? resolveViewTarget(dir, below) : resolveViewTarget(dir);
  }
  if (current.workspace === undefined || current.iteration === undefined) return undefined;
  const below = listIterations(current.workspace)
    .filter((n) => n < current.iteration!)
    .at(-1);
  return below === undefined
    ? undefined
    : { iterationDir: iterationDir(current.workspace, below), workspace: current.workspace, iteration: below };
}

/** skill-creator's run id: the run folder relative to the folder viewed, path separators replaced by `-`. */
export const runIdOf = (root: string, runDir: string): string => path.relative(root, runDir).split(path.sep).join('-');

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Run folder, configuration folder, eval folder: the folders skill-creator's tools look in for eval_metadata.json. */
function foldersUpTo(root: string, runDir: string): string[] {
  const folders: string[] = [];
  for (
    let dir = runDir;
    dir !== root && path.relative(root, dir) !== '' && !path.relative(root, dir).startsWith('..');
    dir = path.dirname(dir)
  )
    folders.push(dir);
  return folders;
}

/** The text under `## Eval Prompt` in transcript.md, up to the next heading of that level. */
export function promptFromTranscript(transcript: string): string | undefined {
  const match = /^##[ \t]+Eval Prompt[ \t]*\r?\n([\s\S]*?)(?=^##?[ \t]|(?![\s\S]))/m.exec(transcript);
  const text = match?.[1]?.trim();
  return text === undefined || text === '' ? undefined : text;
}

interface RunBasics {
  prompt: string | null;
  promptSource: RunView['promptSource'];
  evalName: string;
}

const TRANSCRIPT_HEAD_BYTES = 1024 * 1024;

async function readBasics(root: string, run: FoundRun, problems: string[]): Promise<RunBasics> {
  for (const dir of foldersUpTo(root, run.runDir)) {
    const file = path.join(dir, EVAL_METADATA_FILE);
    if (!existsSync(file)) continue;
    try {
      const meta = await readJsonAs(file, EvalMetadata);
      return { prompt: meta.prompt, promptSource: 'eval_metadata', evalName: meta.eval_name };
    } catch (err) {
      problems.push(messageOf(err));
    }
  }
  const transcript = path.join(run.runDir, RUN_FILES.transcript);
  // The prompt is at the transcript's start: its first MiB is plenty, whatever the run wrote after it.
  const text = await readBounded(transcript, TRANSCRIPT_HEAD_BYTES).then(
    (read) => decodePrefix(read.bytes, read.partial),
    () => undefined,
  );
  const prompt = text === undefined ? undefined : promptFromTranscript(text);
  return prompt === undefined
    ? { prompt: null, promptSource: 'none', evalName: run.evalDirName }
    : { prompt, promptSource: 'transcript', evalName: run.evalDirName };
}

async function readGrades(runDir: string, problems: string[]): Promise<GradesView | null> {
  const file = path.join(runDir, RUN_FILES.grading);
  if (!existsSync(file)) return null;
  try {
    const grading = await readJsonAs(file, GradingInput);
    const expectations = grading.expectations.map((e) => ({
      text: e.text,
      passed: e.passed,
      evidence: e.evidence,
      ...(e.method ? { method: e.method } : {}),
    }));
    return { expectations, passed: expectations.filter((e) => e.passed).length, total: expectations.length };
  } catch (err) {
    problems.push(messageOf(err));
    return null;
  }
}

async function readStatus(runDir: string, problems: string[], planned: boolean): Promise<RunStatusView> {
  const file = path.join(runDir, RUN_FILES.record);
  // evals run writes run.json last: in its iterations a folder without it was cut short, and what it holds is partial.
  if (!existsSync(file)) return planned ? { kind: 'infra', message: CUT_SHORT_DETAIL } : { kind: 'ok' };
  try {
    const record = await readJsonAs(file, RunRecord);
    if (record.status === 'ok') return { kind: 'ok' };
    const infra = record.infra_error;
    const detail = infra
      ? `${infra.kind}${infra.status !== undefined ? ` (HTTP ${infra.status})` : ''}: ${infra.message}`
      : 'no detail recorded';
    return { kind: 'infra', message: detail };
  } catch (err) {
    problems.push(messageOf(err));
    return { kind: 'ok' };
  }
}

/** Feedback of a folder: none yet is an empty list; a file that does not read is an InputError naming it. */
export async function readFeedback(dir: string): Promise<Feedback> {
  const file = path.join(dir, FEEDBACK_FILE);
  if (!existsSync(file)) return { reviews: [], status: 'in_progress' };
  return readJsonAs(
    file,
    FeedbackInput,
    'the viewer\'s {"reviews": [{"run_id", "feedback", "timestamp"}], "status"} or a map {"run id": "feedback"}',
  );
}

export interface CollectOptions {
  previous?: ViewTarget | undefined;
  mode: ViewerData['mode'];
  limits?: OutputLimits;
  pageBudgetBytes?: number;
  /** Awaited after each output file is read and rendered (default: one turn of the event loop). */
  pauseBetweenFiles?: () => Promise<void>;
}

interface CollectedRun {
  view: Omit<RunView, 'previous'>;
  found: FoundRun;
}

/** With the skill first within each eval, as skill-creator asks runs to be shown. */
const CONFIGURATION_FIRST = 'with_skill';

async function collectRuns(
  root: string,
  limits: OutputLimits,
  budget: PageBudget,
  pause?: () => Promise<void>,
): Promise<CollectedRun[]> {
  const found = findRuns(root);
  const planned = writtenByEvalsRun(root);
  const order = (r: FoundRun): number => (r.configuration === CONFIGURATION_FIRST ? 0 : 1);
  const sorted = found
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.evalDir === b.r.evalDir ? order(a.r) - order(b.r) || a.i - b.i : a.i - b.i))
    .map((x) => x.r);
  const runs: CollectedRun[] = [];
  for (const run of sorted) {
    const problems: string[] = [];
    const basics = await readBasics(root, run, problems);
    const status = await readStatus(run.runDir, problems, planned);
    // An infrastructure failure is not the skill's result: its grades (if a grader ran anyway) are not shown as a
    // verdict.
    const grades = status.kind === 'infra' ? null : await readGrades(run.runDir, problems);
    const outputs = await readOutputs(path.join(run.runDir, RUN_FILES.outputs), limits, budget, pause);
    runs.push({
      found: run,
      view: {
        id: runIdOf(root, run.runDir),
        ...basics,
        configuration: run.configuration,
        runNumber: run.runNumber,
        outputs: outputs.files,
        grades,
        status,
        problems: [...problems, ...outputs.problems],
      },
    });
  }
  return runs;
}

async function readBenchmark(dir: string, problems: string[]): Promise<BenchmarkView | null> {
  const file = path.join(dir, BENCHMARK_FILE);
  if (!existsSync(file)) return null;
  try {
    return benchmarkView(await readJsonAs(file, Benchmark));
  } catch (err) {
    problems.push(messageOf(err));
    return null;
  }
}

/** Everything the page needs, read from the iteration `target` names. */
export async function collectViewerData(target: ViewTarget, options: CollectOptions): Promise<ViewerData> {
  const limits = options.limits ?? DEFAULT_OUTPUT_LIMITS;
  const budget = new PageBudget(options.pageBudgetBytes ?? DEFAULT_PAGE_BUDGET_BYTES);
  const feedback = await readFeedback(target.iterationDir);
  const problems: string[] = [];
  const runs = await collectRuns(target.iterationDir, limits, budget, options.pauseBetweenFiles);
  const benchmark = await readBenchmark(target.iterationDir, problems);
  if (runs.length === 0 && benchmark === null) {
    throw new InputError(
      `${target.iterationDir}: no runs found (expected eval-*/<configuration>/run-*/outputs/ or ` +
        `eval-*/<configuration>/outputs/) and no ${BENCHMARK_FILE}`,
      target.iterationDir,
    );
  }
  const previousRuns = options.previous ? await collectPrevious(options.previous, limits, budget, problems) : undefined;
  const label = path.basename(target.iterationDir);
  return {
    title: `${benchmark?.skillName ?? (target.workspace ? path.basename(target.workspace) : label)}: ${label}`,
    mode: options.mode,
    storageKey: sha256Hex(path.resolve(target.iterationDir)).slice(0, 16),
    runs: runs.map(({ view }) => ({ ...view, previous: previousRuns?.get(view.id) ?? null })),
    feedback,
    benchmark,
    problems,
  };
}

async function collectPrevious(
  previous: ViewTarget,
  limits: OutputLimits,
  budget: PageBudget,
  problems: string[],
): Promise<Map<string, PreviousRunView>> {
  const source = path.basename(previous.iterationDir);
  let feedback: Feedback = { reviews: [], status: 'in_progress' };
  try {
    feedback = await readFeedback(previous.iterationDir);
  } catch (err) {
    problems.push(messageOf(err));
  }
  const byId = new Map<string, PreviousRunView>();
  for (const { view } of await collectRuns(previous.iterationDir, limits, budget)) {
    const review = feedback.reviews.find((r) => r.run_id === view.id);
    byId.set(view.id, {
      source,
      outputs: view.outputs,
      feedback: review ? review.feedback : null,
      grades: view.grades,
    });
  }
  return byId;
}
