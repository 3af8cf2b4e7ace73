/**
 * `evals run` as a library: every eval of a skill run by the real agent in each configuration (with the skill, and
 * a baseline), N times, into `iteration-N/eval-<id>/<config>/run-R/` (workspace.ts). Two steps so a caller can show
 * the estimate before anything is spent: `prepareEvalsRun` reads and checks everything and writes nothing;
 * `executeEvalsRun` runs what is pending, `concurrency` at a time, each finished run written at once (an
 * interrupted iteration continues with `resume`). An infrastructure error is recorded as one (run.json) and never
 * becomes a skill result; the cost cap and a cancel stop the launching of runs cleanly, with the runs not started
 * reported as not run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { runBatch } from '../../agent/batch.js';
import { DEFAULT_AGENT_RUNNER } from '../../model/runner-kinds.js';
import { SpendLedger } from '../../providers/spend.js';
import { DEFAULT_AGENT_MODEL, DEFAULT_TIMEOUT_MS } from '../../agent/defaults.js';
import { isCancelledRun, runCostOf } from '../../monte-carlo/run-monte-carlo.js';
import type { AgentInstall, AgentRunner, AgentRunResult } from '../../agent/types.js';
import { makeDir } from '../../util/make-dir.js';
import { evalSuitePaths, loadEvalSuite, resolveInputFile, type EvalSuite } from './eval-suite.js';
import { parseJsonAs, readJsonAs, writeJsonAs } from '../json-files.js';
import {
  parseBaseline,
  pickIteration,
  planOf,
  refuseWorkspaceInsideSkill,
  requestedConfigurations,
  settlePlan,
  type Baseline,
  type PickedIteration,
} from './iteration.js';
import { writeRunFolder } from './run-capture.js';
import { setAsideStaleGradings } from '../grade/stale-gradings.js';
import {
  EvalMetadata,
  evalNameOf,
  IterationPlan,
  RunRecord,
  type EvalCase,
  type IterationConfiguration,
} from '../schemas/index.js';
import type { EvalsRunOutcome, RunRow, RunRowStatus } from '../schemas/summaries.js';
import {
  defaultWorkspaceFor,
  EVAL_METADATA_FILE,
  evalDirName,
  iterationPlanFile,
  RUN_FILES,
  runDirOf,
} from '../workspace.js';

/** Tools for real tasks: the skill, reading, writing and editing files, searching, and the shell. */
export const EVAL_ALLOWED_TOOLS: readonly string[] = ['Skill', 'Read', 'Write', 'Edit', 'Glob', 'Grep', 'Bash'];
/** A real task takes more turns than a routing decision (Monte Carlo's 8). */
export const EVAL_MAX_TURNS = 30;
export const EVAL_TIMEOUT_MS = 2 * DEFAULT_TIMEOUT_MS;

export interface EvalsRunOptions {
  skill: string;
  evalsFile?: string;
  /** Only these eval ids. */
  only?: readonly number[];
  workspace?: string;
  /** `without_skill` (default) or `old_skill=PATH`, or the parsed form. */
  baseline?: string | Baseline;
  runs?: number;
  /**
   * Continue an iteration. Whatever is left undefined here (evals, baseline, runs, runner, model, tools, turns,
   * timeout) is taken from the iteration's saved plan, so the command printed after a stop continues it as is.
   */
  resume?: boolean;
  iteration?: number;
  /** Names the runner in the plan (default DEFAULT_AGENT_RUNNER); the runner itself is given to `executeEvalsRun`. */
  runnerName?: string;
  /** The agent's model (default `sonnet`, the agentModel setting's default). */
  model?: string;
  allowedTools?: readonly string[];
  maxTurns?: number;
  timeoutMs?: number;
}

export interface RunTask {
  evalCase: EvalCase;
  configuration: IterationConfiguration;
  runNumber: number;
  runDir: string;
}

export interface PreparedEvalsRun {
  suite: EvalSuite;
  workspace: string;
  iteration: PickedIteration;
  plan: IterationPlan;
  /** Runs to make now (missing, or ended in an infrastructure error). */
  pending: RunTask[];
  /** Runs of a resumed iteration that ended ok: kept as they are. */
  kept: RunTask[];
}

const isOkRun = (runDir: string): boolean => {
  const file = path.join(runDir, RUN_FILES.record);
  if (!existsSync(file)) return false;
  try {
    return parseJsonAs(readFileSync(file, 'utf8'), file, RunRecord).status === 'ok';
  } catch {
    // An unreadable record proves nothing about the run: make it again.
    return false;
  }
};

/** Read and check everything (skill, evals, input files, iteration, resume compatibility). Writes nothing. */
/** The baseline an iteration's plan measured, as a request names it. */
function baselineOfPlan(plan: IterationPlan): Baseline {
  const old = plan.configurations.find((c) => c.name === 'old_skill');
  return old?.snapshot_of !== undefined ? { kind: 'old_skill', path: old.snapshot_of } : { kind: 'without_skill' };
}

export async function prepareEvalsRun(options: EvalsRunOptions, now = new Date()): Promise<PreparedEvalsRun> {
  const evalsFile = options.evalsFile ? { evalsFile: options.evalsFile } : {};
  let suite = await loadEvalSuite(options.skill, { ...evalsFile, ...(options.only ? { only: options.only } : {}) });
  const workspace = path.resolve(options.workspace ?? defaultWorkspaceFor(suite.skillDir));
  refuseWorkspaceInsideSkill(
    workspace,
    suite.skillDir,
    typeof options.baseline === 'string'
      ? parseBaseline(options.baseline)
      : (options.baseline ?? { kind: 'without_skill' }),
  );
  const iteration = pickIteration(workspace, {
    resume: options.resume === true,
    ...(options.iteration !== undefined ? { iteration: options.iteration } : {}),
  });
  const saved = iteration.resumed ? await readJsonAs(iterationPlanFile(iteration.dir), IterationPlan) : undefined;
  if (saved !== undefined && options.only === undefined)
    suite = await loadEvalSuite(options.skill, { ...evalsFile, only: saved.evals.map((e) => e.eval_id) });
  const baseline =
    typeof options.baseline === 'string'
      ? parseBaseline(options.baseline)
      : (options.baseline ?? (saved ? baselineOfPlan(saved) : { kind: 'without_skill' as const }));
  const configurations = requestedConfigurations(suite, baseline, iteration.dir);
  const requested = planOf(
    suite,
    configurations,
    {
      runs: options.runs ?? saved?.runs_per_configuration ?? 1,
      runner: options.runnerName ?? saved?.runner ?? DEFAULT_AGENT_RUNNER,
      model: options.model ?? saved?.model ?? DEFAULT_AGENT_MODEL,
      allowedTools: options.allowedTools ?? saved?.allowed_tools ?? EVAL_ALLOWED_TOOLS,
      maxTurns: options.maxTurns ?? saved?.max_turns ?? EVAL_MAX_TURNS,
      timeoutMs: options.timeoutMs ?? saved?.timeout_ms ?? EVAL_TIMEOUT_MS,
    },
    now,
  );
  const plan = iteration.resumed ? await settlePlan(iteration, requested) : requested;
  const pending: RunTask[] = [];
  const kept: RunTask[] = [];
  for (const evalCase of suite.evals) {
    for (const configuration of plan.configurations) {
      for (let runNumber = 1; runNumber <= plan.runs_per_configuration; runNumber++) {
        const task = {
          evalCase,
          configuration,
          runNumber,
          runDir: runDirOf(iteration.dir, evalCase.id, configuration.name, runNumber),
        };
        (iteration.resumed && isOkRun(task.runDir) ? kept : pending).push(task);
      }
    }
  }
  return { suite, workspace, iteration, plan, pending, kept };
}

// What `evals run --output json` prints: the outcome as returned (schema `evals-run-summary`).
export type { ConfigurationTally, EvalsRunOutcome, RunRow, RunRowStatus } from '../schemas/summaries.js';

export interface ExecuteDeps {
  runner: AgentRunner;
  concurrency?: number;
  maxCostUsd?: number;
  signal?: AbortSignal;
  /** After each run is written (or found not run). */
  onRun?: (progress: { done: number; total: number; row: RunRow; spentUsd: number | null }) => void;
  now?: () => Date;
}

/** The prompt the agent receives: the eval's, with its input files named (they are in the working folder). */
export function promptFor(evalCase: EvalCase): string {
  if (evalCase.files.length === 0) return evalCase.prompt;
  return `${evalCase.prompt}\n\nInput files (in the current working directory): ${evalCase.files.join(', ')}`;
}

function installOf(configuration: IterationConfiguration, suite: EvalSuite): AgentInstall {
  if (configuration.install === 'none' || configuration.skill_path === undefined) return { kind: 'none' };
  // The old version is installed under the skill's current name: the baseline answers the same listing entry.
  return { kind: 'skill', dir: configuration.skill_path, name: suite.skillName, exclude: evalSuitePaths(suite) };
}

async function writeMetadata(prepared: PreparedEvalsRun): Promise<void> {
  for (const e of prepared.suite.evals) {
    const metadata: EvalMetadata = {
      eval_id: e.id,
      eval_name: evalNameOf(e),
      prompt: e.prompt,
      assertions: e.expectations,
      ...(e.expected_output !== undefined ? { expected_output: e.expected_output } : {}),
      files: e.files,
    };
    const evalDir = path.join(prepared.iteration.dir, evalDirName(e.id));
    // skill-creator's aggregator reads eval-<id>/, its viewer the configuration folder: write both.
    for (const dir of [evalDir, ...prepared.plan.configurations.map((c) => path.join(evalDir, c.name))]) {
      await makeDir(dir);
      await writeJsonAs(path.join(dir, EVAL_METADATA_FILE), EvalMetadata, metadata);
    }
  }
}

/** The kept project of a run lives in its own temp folder (`plugin-eval-run-*`): remove all of it. */
async function removeProject(result: AgentRunResult): Promise<void> {
  if (result.projectDir === undefined) return;
  const root = path.dirname(result.projectDir);
  await rm(path.basename(root).startsWith('plugin-eval-run-') ? root : result.projectDir, {
    recursive: true,
    force: true,
    maxRetries: 3,
  });
}

const rowOf = (task: RunTask, status: RunRowStatus, result?: AgentRunResult): RunRow => {
  const u = result?.usage;
  return {
    evalId: task.evalCase.id,
    evalName: evalNameOf(task.evalCase),
    configuration: task.configuration.name,
    runNumber: task.runNumber,
    status,
    ...(result?.infraError ? { infraKind: result.infraError.kind, infraMessage: result.infraError.message } : {}),
    ...(result?.agentError !== undefined ? { agentError: result.agentError } : {}),
    ...(u
      ? {
          tokens: u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens,
          costUsd: result!.costUsd,
          priced: result!.priced,
          durationMs: result!.durationMs,
        }
      : {}),
  };
};

export async function executeEvalsRun(prepared: PreparedEvalsRun, deps: ExecuteDeps): Promise<EvalsRunOutcome> {
  const { plan, suite } = prepared;
  const now = deps.now ?? (() => new Date());
  await makeDir(prepared.iteration.dir);
  if (!prepared.iteration.resumed) {
    await settlePlan(prepared.iteration, plan);
    await writeJsonAs(iterationPlanFile(prepared.iteration.dir), IterationPlan, plan);
  }
  // Before the new expectations are written over the ones the iteration's gradings were made against.
  const notes: string[] = prepared.iteration.resumed
    ? await setAsideStaleGradings(
        prepared.iteration.dir,
        suite.evals,
        plan.configurations.map((c) => c.name),
        plan.runs_per_configuration,
      )
    : [];
  await writeMetadata(prepared);
  const rows: RunRow[] = prepared.kept.map((t) => rowOf(t, 'kept'));
  let spent = 0;
  let unpriced = false;
  const agentTokens = { input: 0, output: 0 };
  let stop: { by: 'max-cost' | 'cancelled' | 'infrastructure'; reason: string } | undefined;
  const total = prepared.pending.length;
  const spend = new SpendLedger(deps.maxCostUsd);
  let done = 0;
  const finished = new Set<RunTask>();
  const finish = (task: RunTask, row: RunRow): void => {
    finished.add(task);
    rows.push(row);
    done++;
    deps.onRun?.({ done, total, row, spentUsd: unpriced ? null : spent });
  };
  type Started = { result: AgentRunResult; inputs: { from: string; to: string }[]; prompt: string; started: Date };
  const runOne = async (task: RunTask): Promise<Started> => {
    // What an earlier, failed attempt left behind is not part of this run.
    await rm(task.runDir, { recursive: true, force: true });
    const inputs = task.evalCase.files.map((f) => ({
      from: (resolveInputFile(suite.skillDir, f) as { path: string }).path,
      to: f,
    }));
    const prompt = promptFor(task.evalCase);
    const started = now();
    // A skill that cannot be installed, a shadowing skill: no run can succeed, so the batch stops and throws.
    const result = await deps.runner.run({
      prompt,
      install: installOf(task.configuration, suite),
      model: plan.model,
      maxTurns: plan.max_turns,
      timeoutMs: plan.timeout_ms,
      allowedTools: plan.allowed_tools,
      files: inputs,
      keepProject: true,
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    return { result, inputs, prompt, started };
  };
  const onDone = async (
    task: RunTask,
    { result, inputs, prompt, started }: Started,
  ): Promise<{ reason: string } | undefined> => {
    try {
      if (!result.priced) unpriced = true;
      spent += result.costUsd;
      agentTokens.input += result.usage?.inputTokens ?? 0;
      agentTokens.output += result.usage?.outputTokens ?? 0;
      if (isCancelledRun(result)) {
        finish(task, rowOf(task, 'not_run'));
        return { reason: 'cancelled' };
      }
      await writeRunFolder(
        task.runDir,
        {
          evalId: task.evalCase.id,
          evalName: evalNameOf(task.evalCase),
          configuration: task.configuration.name,
          runNumber: task.runNumber,
          prompt: task.evalCase.prompt,
          promptSent: prompt,
          inputs,
          ...(task.configuration.skill_path ? { skillPath: task.configuration.skill_path } : {}),
        },
        result,
        { started, ended: now() },
        plan.model,
      );
      finish(task, rowOf(task, result.status, result));
      return undefined;
    } finally {
      await removeProject(result);
    }
  };
  if (deps.maxCostUsd !== undefined)
    notes.push(
      `--max-cost counts what this command spends on agent ` +
        `runs${prepared.kept.length > 0 ? ' (not the runs kept from before)' : ''}`,
    );
  let pulled = 0;
  try {
    const batch = await runBatch({
      concurrency: Math.max(1, deps.concurrency ?? 4),
      ledger: spend,
      signal: deps.signal,
      next: () => prepared.pending[pulled++],
      run: runOne,
      costOf: (started) => runCostOf(started.result),
      isInfra: (started) => started.result.status === 'infra',
      counts: (started) => !isCancelledRun(started.result),
      onDone,
    });
    if (batch.by === 'infrastructure')
      stop = { by: 'infrastructure', reason: `${batch.reason}; the remaining runs were not started` };
    else if (batch.by !== 'done')
      stop = { by: batch.by === 'max-cost' ? 'max-cost' : 'cancelled', reason: batch.reason };
  } finally {
    // The runs not started (stopped, or the one that threw) are not run.
    for (const task of prepared.pending) if (!finished.has(task)) finish(task, rowOf(task, 'not_run'));
  }
  if (deps.maxCostUsd !== undefined && unpriced)
    notes.push("--max-cost could not be enforced: a run's model has no price, so the spend is unknown");
  rows.sort(
    (a, b) =>
      a.evalId - b.evalId ||
      plan.configurations.findIndex((c) => c.name === a.configuration) -
        plan.configurations.findIndex((c) => c.name === b.configuration) ||
      a.runNumber - b.runNumber,
  );
  const configurations = plan.configurations.map((c) => {
    const of = rows.filter((r) => r.configuration === c.name);
    const count = (s: RunRowStatus): number => of.filter((r) => r.status === s).length;
    return { name: c.name, ok: count('ok'), infra: count('infra'), notRun: count('not_run'), kept: count('kept') };
  });
  return {
    workspace: prepared.workspace,
    iteration: prepared.iteration.number,
    iterationDir: prepared.iteration.dir,
    plan,
    rows,
    configurations,
    ...(stop ? { stoppedBy: stop.by, stopReason: stop.reason } : {}),
    spentUsd: unpriced ? null : spent,
    agentTokens,
    notes,
    unmeasured: configurations.filter((c) => c.ok + c.kept === 0 && c.infra > 0).map((c) => c.name),
  };
}

/** prepare + execute, for library callers that need no estimate in between. */
export async function runEvals(options: EvalsRunOptions, deps: ExecuteDeps): Promise<EvalsRunOutcome> {
  return executeEvalsRun(await prepareEvalsRun(options), deps);
}
