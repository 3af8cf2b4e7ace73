/**
 * One skill's Monte Carlo measurement: prompts in, agent runs out, a summary of what was observed. Runs go
 * out `concurrency` at a time in a fixed schedule (positives and near misses alternate), each finished run is
 * saved before the next decision, and the run stops at N, when the stopping rule says more runs could not
 * change what is reported, when the cost cap is reached, or when infrastructure errors leave too little to
 * measure. What stopped it is always reported. Statistics and the stopping rule are passed in (pure
 * functions from src/monte-carlo/statistics.ts and adaptive.ts), and the runs go through the batch executor
 * (src/agent/batch.ts), which owns concurrency, the cost cap, the cancel and the infrastructure give-up.
 */
import { runBatch } from '../agent/batch.js';
import { DEFAULT_MIN_PROMPTS } from '../agent/defaults.js';
import { SpendLedger } from '../providers/spend.js';
import { budgeted } from '../providers/budgeted.js';
import { CancelledError } from '../errors.js';
import type { MonteCarloPlan } from '../model/plan.js';
import type { SkillDocument } from '../parse/skill.js';
import { emptyUsage, sumUsage, type UsageSummary } from '../providers/pricing.js';
import type { Provider } from '../providers/types.js';
import { mulberry32 } from '../stats/bootstrap.js';
import { gradeOutput } from './grade.js';
import { distinctPrompts, fewPromptsNote } from './prompt-screen.js';
import { generatePrompts, readPromptFile, type McPrompt } from './prompts.js';
import { stateKey, type McState, type McStateStore, type SavedRun } from './state.js';
import { createStoppingRule, type AdaptiveSettings, type StoppingRule } from './adaptive.js';
import type { McRunRecord, McStopReason } from './summary-types.js';
import type { AgentInstall, AgentRunner, AgentRunResult } from '../agent/types.js';

/** No adaptive stop before this many runs (the rule's own minimum, capped by N). */
export const ADAPTIVE_MIN_RUNS = 10;
/** A rate needs at least this many measured positive runs to be reported at all. */
export const MIN_MEASURED_POSITIVES = 5;

export interface McProgress {
  skill: string;
  runIndex: number;
  done: number;
  planned: number;
  activated: number;
  infra: number;
  costUsd: number | null;
  record: SavedRun;
}

export interface MonteCarloDeps {
  runner: AgentRunner;
  /** The judge: writes prompts when no file is given, grades activated positive outputs. */
  judge?: { provider: Provider; model: string };
  signal?: AbortSignal;
  /**
   * The run's cost ledger (src/providers/spend.ts), which the judge provider above already goes through; none: one of
   * this skill's own from `plan.maxCostUsd`, with the judge put through it here.
   */
  spend?: SpendLedger;
  /** Saved state (resume); none: nothing is saved. */
  store?: McStateStore;
  /** The adaptive rule's band hook: true once the badge band cannot change (see src/monte-carlo/adaptive.ts). */
  bandFixed?: AdaptiveSettings['bandFixed'];
  onRun?: (progress: McProgress) => void;
  /** Called once the prompts are ready, before the first run: what is planned and what a resume reuses. */
  onPlan?: (planned: { planned: number; prompts: number; resumed: number }) => void;
}

/** `prompts`: nothing was run, because too few of the judge's prompts were distinct real ones. */
export type StoppedBy = 'max-runs' | 'adaptive' | 'max-cost' | 'infrastructure' | 'cancelled' | 'prompts';

export interface MonteCarloOutcome {
  /** measured: a full measurement; partial: stopped by the cost cap; not-measured: nothing to report (reason). */
  status: 'measured' | 'partial' | 'not-measured';
  reason?: string;
  stoppedBy: StoppedBy;
  stopReason: string;
  /** Adaptive stops: which rule stopped it (precision, band-fixed). */
  adaptiveStop?: { reason: McStopReason; detail: string };
  prompts: McPrompt[];
  runs: SavedRun[];
  /** Runs reused from saved state (resume). */
  resumed: number;
  notes: string[];
  /** Prompt generation and grading calls. */
  judgeUsage: UsageSummary;
  /** Agent runs' own cost, null when a run's model had no price. */
  agentCostUsd: number | null;
  simulated: boolean;
}

/** The prompt of run `i`: the stopping rule's schedule says which kind, and which of that kind in turn. */
export function scheduledPrompt(
  prompts: readonly McPrompt[],
  order: readonly number[],
  rule: StoppingRule,
  i: number,
): number {
  const { shouldTrigger, ordinal } = rule.schedule(i);
  const ofKind = order.filter((p) => prompts[p]!.shouldTrigger === shouldTrigger);
  return ofKind[ordinal % ofKind.length]!;
}

/** A seeded shuffle of the prompt indices, so which prompts a short run covers does not follow the file's order. */
export function promptOrder(count: number, seed: number): number[] {
  const random = mulberry32(seed);
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

const toRecord = (r: SavedRun): McRunRecord => ({
  promptIndex: r.promptIndex,
  shouldTrigger: r.shouldTrigger,
  status: r.status,
  activated: r.activated,
  ...(r.agentError !== undefined ? { agentError: r.agentError } : {}),
  ...(r.infraKind !== undefined ? { infraKind: r.infraKind } : {}),
  quality: r.quality,
  tokens: r.tokens,
  costUsd: r.costUsd,
  durationMs: r.durationMs,
});

export function recordsOf(runs: readonly SavedRun[]): McRunRecord[] {
  return [...runs].sort((a, b) => a.runIndex - b.runIndex).map(toRecord);
}

async function preparePrompts(
  skill: SkillDocument,
  plan: MonteCarloPlan,
  deps: MonteCarloDeps,
): Promise<
  { prompts: McPrompt[]; notes: string[]; usage: UsageSummary } | { failed: string; by: StoppedBy; usage: UsageSummary }
> {
  if (plan.prompts.file !== null) {
    const { prompts, repeated } = distinctPrompts(await readPromptFile(plan.prompts.file));
    return {
      prompts,
      notes: [
        `prompts from ${plan.prompts.file}`,
        ...(repeated > 0 ? [`${repeated} repeated prompt(s) in ${plan.prompts.file} counted once`] : []),
      ],
      usage: emptyUsage(),
    };
  }
  if (deps.judge === undefined)
    return {
      failed: 'no prompts: give --prompts FILE, or a judge provider to write them',
      by: 'infrastructure',
      usage: emptyUsage(),
    };
  const generated = await generatePrompts(deps.judge.provider, skill, {
    model: deps.judge.model,
    positives: plan.prompts.positives,
    negatives: plan.prompts.negatives,
    minPrompts: plan.minPrompts ?? DEFAULT_MIN_PROMPTS,
    ...(deps.signal ? { signal: deps.signal } : {}),
  });
  const usage = generated.usage;
  if (!generated.ok) return { failed: generated.reason, by: generated.screened ? 'prompts' : 'infrastructure', usage };
  return {
    prompts: generated.prompts,
    notes: [
      `${generated.prompts.filter((p) => p.shouldTrigger).length} positive ` +
        `and ${generated.prompts.filter((p) => !p.shouldTrigger).length} near-miss prompts written ` +
        `by ${deps.judge.model}`,
      ...generated.notes,
    ],
    usage,
  };
}

/** What a run spent: all the ledger needs of it (Monte Carlo's saved runs, trigger evals' runs). */
export type RunSpend = Pick<
  SavedRun,
  | 'priced'
  | 'usageReported'
  | 'costUsd'
  | 'durationMs'
  | 'inputTokens'
  | 'outputTokens'
  | 'cacheReadTokens'
  | 'cacheWriteTokens'
  | 'cached'
>;

/** A run's tokens and what part of them came from the response cache, as a run record keeps them. */
export function runTokensOf(
  result: Pick<AgentRunResult, 'usage' | 'cached'>,
): Pick<RunSpend, 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheWriteTokens' | 'cached'> {
  const u = result.usage;
  const c = result.cached;
  return {
    inputTokens: u.inputTokens,
    outputTokens: u.outputTokens,
    cacheReadTokens: u.cacheReadTokens,
    cacheWriteTokens: u.cacheWriteTokens,
    ...(c
      ? {
          cached: {
            all: c.all,
            inputTokens: c.inputTokens,
            outputTokens: c.outputTokens,
            cacheReadTokens: c.cacheReadTokens,
            cacheWriteTokens: c.cacheWriteTokens,
          },
        }
      : {}),
  };
}

/**
 * The agent runs under the usage ledger's rules: each run one call with its tokens and cost, an unpriced run
 * makes the total's cost unknown (null). Tokens answered from the response cache are the ledger's cached
 * tokens, never charged ones, and a run served wholly from the cache is a cached call. Summed with the judge
 * calls' usage, it is what the layer spent.
 */
export function agentRunsUsage(runs: readonly RunSpend[]): UsageSummary {
  return sumUsage(
    runs.map((r) => {
      const c = r.cached;
      // A run with a call whose server reported no token counts: tokens and cost unknown (a hit spent nothing still).
      if (r.usageReported === false) {
        return {
          ...emptyUsage(),
          calls: 1,
          cachedCalls: c?.all ? 1 : 0,
          unpricedCalls: r.priced ? 0 : 1,
          unreportedCalls: c?.all ? 0 : 1,
          cachedUnreportedCalls: c?.all ? 1 : 0,
          costUsd: c?.all ? 0 : null,
          latencyMs: r.durationMs,
        };
      }
      return {
        calls: 1,
        cachedCalls: c?.all ? 1 : 0,
        failedCalls: 0,
        unpricedCalls: r.priced ? 0 : 1,
        unreportedCalls: 0,
        cachedUnreportedCalls: 0,
        inputTokens: r.inputTokens - (c?.inputTokens ?? 0),
        outputTokens: r.outputTokens - (c?.outputTokens ?? 0),
        cacheReadTokens: r.cacheReadTokens - (c?.cacheReadTokens ?? 0),
        cacheWriteTokens: r.cacheWriteTokens - (c?.cacheWriteTokens ?? 0),
        cachedInputTokens: c ? c.inputTokens + c.cacheReadTokens + c.cacheWriteTokens : 0,
        cachedOutputTokens: c?.outputTokens ?? 0,
        costUsd: r.priced ? r.costUsd : null,
        latencyMs: r.durationMs,
      };
    }),
  );
}

/**
 * What one agent run cost the ledger: null when unknown (an unpriced model, no usage reported), 0 when served from the
 * cache.
 */
export const runCostOf = (
  result: Pick<AgentRunResult, 'priced' | 'usageReported' | 'costUsd' | 'cached'>,
): number | null => (result.cached?.all ? 0 : result.priced && result.usageReported !== false ? result.costUsd : null);

/**
 * A run stopped by a cancel (Ctrl-C) measured nothing: not a run of the workload, neither made nor an infrastructure
 * failure.
 */
export const isCancelledRun = (result: Pick<AgentRunResult, 'status' | 'infraError'>): boolean =>
  result.status === 'infra' && result.infraError?.kind === 'cancelled';

const costOf = (runs: readonly SavedRun[], judge: UsageSummary): number | null =>
  sumUsage([agentRunsUsage(runs), judge]).costUsd;

export async function runMonteCarlo(
  skill: SkillDocument,
  plan: MonteCarloPlan,
  given: MonteCarloDeps,
): Promise<MonteCarloOutcome> {
  const spend = given.spend ?? new SpendLedger(plan.maxCostUsd);
  const deps: MonteCarloDeps =
    given.spend !== undefined || given.judge === undefined
      ? given
      : { ...given, judge: { ...given.judge, provider: budgeted(given.judge.provider, spend) } };
  const name = skill.name ?? skill.dirName;
  const key = stateKey(skill.text, plan);
  const stored = deps.store ? await deps.store.load(key) : undefined;
  // A run lost to infrastructure measured nothing: a resume runs it again (an outage is why one resumes).
  const retried = stored ? stored.runs.filter((r) => r.status === 'infra').length : 0;
  const saved = stored && retried > 0 ? { ...stored, runs: stored.runs.filter((r) => r.status !== 'infra') } : stored;
  const notes: string[] = [];
  let judgeUsage = emptyUsage();
  let prompts: McPrompt[];
  if (saved) {
    prompts = saved.prompts;
    notes.push(
      ...saved.promptNotes,
      `resumed: ${saved.runs.length} finished run(s) reused from the saved ` +
        `state${retried > 0 ? `; ${retried} run(s) that failed for infrastructure reasons run again` : ''}`,
    );
  } else {
    const prepared = await preparePrompts(skill, plan, deps);
    judgeUsage = prepared.usage;
    if ('failed' in prepared) {
      return {
        status: 'not-measured',
        reason: prepared.failed,
        stoppedBy: prepared.by,
        stopReason: prepared.failed,
        prompts: [],
        runs: [],
        resumed: 0,
        notes,
        judgeUsage,
        agentCostUsd: 0,
        simulated: deps.runner.simulated,
      };
    }
    prompts = prepared.prompts;
    notes.push(...prepared.notes);
  }
  const state: McState = saved ?? {
    version: 1,
    skill: skill.displayPath,
    key,
    prompts,
    promptNotes: [...notes],
    runs: [],
    judgeCostUsd: judgeUsage.costUsd,
  };
  const order = promptOrder(prompts.length, plan.seed);
  const hasNegatives = prompts.some((p) => !p.shouldTrigger);
  const rule = createStoppingRule({
    maxRuns: plan.maxRuns,
    ciWidth: plan.ciWidth,
    minRuns: Math.min(ADAPTIVE_MIN_RUNS, plan.maxRuns),
    minPrompts: plan.minPrompts ?? DEFAULT_MIN_PROMPTS,
    ratio: hasNegatives ? { positive: 1, negative: 1 } : { positive: 1, negative: 0 },
    seed: plan.seed,
    ...(deps.bandFixed ? { bandFixed: deps.bandFixed } : {}),
  });
  if (!hasNegatives) notes.push('no near-miss prompts: false activation, precision and F1 are not measured');
  const few = fewPromptsNote(prompts, rule.settings.minPrompts, hasNegatives);
  if (plan.adaptive && few) notes.push(few);
  const runs: SavedRun[] = [...state.runs];
  const resumed = runs.length;
  const doneIndices = new Set(runs.map((r) => r.runIndex));
  type McStop = { by: StoppedBy; reason: string; adaptiveStop?: MonteCarloOutcome['adaptiveStop'] };
  // The loop's own rule (the batch executor owns the cost cap, the give-up and the cancel): N runs, or the adaptive
  // stop.
  const decide = (): McStop | undefined => {
    if (runs.length >= plan.maxRuns) return { by: 'max-runs', reason: `N = ${plan.maxRuns} runs done` };
    if (!plan.adaptive) return undefined;
    const decision = rule.decide(recordsOf(runs));
    return decision.action === 'stop' && decision.reason !== 'max-runs'
      ? { by: 'adaptive', reason: decision.detail, adaptiveStop: { reason: decision.reason, detail: decision.detail } }
      : undefined;
  };
  if (spend.maxCostUsd !== null && spend.summary().unknownCost)
    notes.push('--max-cost cannot be enforced: a model in this run has no price, so the spend is unknown');
  // A ledger already spent (by an earlier skill of the run) or a resumed run already done starts nothing.
  let stop: McStop | undefined = spend.reached ? { by: 'max-cost', reason: spend.reason } : decide();
  deps.onPlan?.({ planned: plan.maxRuns, prompts: prompts.length, resumed });

  // A skill of a plugin runs with the whole plugin installed (its sibling skills, agents and commands compete for
  // the request, as they do for a user); a lone skill runs alone.
  const install: AgentInstall =
    skill.context.pluginRoot !== undefined
      ? { kind: 'plugin', dir: skill.context.pluginRoot }
      : { kind: 'skill', dir: skill.dir, name };
  const candidates = [...new Set([name, skill.dirName])];
  let next = 0;
  const runOne = async (
    runIndex: number,
  ): Promise<{ runIndex: number; promptIndex: number; result: AgentRunResult }> => {
    const promptIndex = scheduledPrompt(prompts, order, rule, runIndex);
    const result = await deps.runner.run({
      prompt: prompts[promptIndex]!.query,
      install,
      model: plan.model,
      maxTurns: plan.maxTurns,
      timeoutMs: plan.timeoutMs,
      allowedTools: plan.allowedTools,
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    return { runIndex, promptIndex, result };
  };
  const onDone = async ({
    runIndex,
    promptIndex,
    result,
  }: Awaited<ReturnType<typeof runOne>>): Promise<McStop | undefined> => {
    const prompt = prompts[promptIndex]!;
    // What the runner says of every run (unsandboxed, what the install left out, the siblings it listed), once each.
    for (const warning of result.warnings ?? []) if (!notes.includes(warning)) notes.push(warning);
    if (isCancelledRun(result)) return undefined;
    const activation = activationOfCandidate(result, install, candidates);
    let quality: number | null = null;
    let gradeNote: string | undefined;
    if (activation.activated && prompt.shouldTrigger && result.agentError === undefined) {
      if (deps.judge) {
        const grade = await gradeOutput(
          deps.judge.provider,
          { prompt: prompt.query, output: result.output, skillName: name },
          { model: deps.judge.model, ...(deps.signal ? { signal: deps.signal } : {}) },
        );
        quality = grade.quality;
        if (grade.reason) gradeNote = grade.reason;
        judgeUsage = sumUsage([judgeUsage, grade.usage]);
      } else gradeNote = 'not graded: no judge provider';
    }
    const u = result.usage;
    const record: SavedRun = {
      runIndex,
      promptIndex,
      shouldTrigger: prompt.shouldTrigger,
      status: result.status,
      ...(result.infraError ? { infraKind: result.infraError.kind, infraMessage: result.infraError.message } : {}),
      activated: activation.activated,
      ...(activation.evidence ? { activationEvidence: activation.evidence } : {}),
      ...(result.agentError !== undefined ? { agentError: result.agentError } : {}),
      quality,
      ...(gradeNote ? { gradeNote } : {}),
      tokens: u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens,
      ...runTokensOf(result),
      costUsd: result.costUsd,
      priced: result.priced,
      ...(result.usageReported === false ? { usageReported: false } : {}),
      durationMs: result.durationMs,
      toolCalls: result.toolCalls.length,
      ...(plan.uplift && prompt.shouldTrigger && result.status === 'ok' ? { output: result.output } : {}),
    };
    runs.push(record);
    state.runs = runs;
    state.judgeCostUsd = judgeUsage.costUsd;
    if (deps.store) await deps.store.save(state);
    deps.onRun?.({
      skill: skill.displayPath,
      runIndex,
      done: runs.length,
      planned: plan.maxRuns,
      activated: runs.filter((r) => r.activated).length,
      infra: runs.filter((r) => r.status === 'infra').length,
      costUsd: costOf(runs, judgeUsage),
      record,
    });
    return decide();
  };

  if (!stop) {
    // Runs already under way finish and count: the intervals used stay valid whenever the sampling stops. A run
    // that throws (a skill that cannot be installed, a judge no call can reach) stops the starting and is thrown.
    const batch = await runBatch({
      concurrency: plan.concurrency,
      ledger: spend,
      signal: deps.signal,
      next: ({ inFlight }) => {
        if (runs.length + inFlight >= plan.maxRuns) return undefined;
        while (doneIndices.has(next)) next++;
        return next++;
      },
      run: runOne,
      costOf: (done) => runCostOf(done.result),
      isInfra: (done) => done.result.status === 'infra',
      counts: (done) => !isCancelledRun(done.result),
      onDone: (_runIndex, done) => onDone(done),
      counted: { made: runs.length, infra: runs.filter((r) => r.status === 'infra').length },
    });
    if (batch.by === 'infrastructure')
      stop = { by: 'infrastructure', reason: `${batch.reason} (${kinds(runs.slice(0, batch.atStop.made))})` };
    else if (batch.by === 'max-cost') stop = { by: 'max-cost', reason: batch.reason };
    else if (batch.by === 'requested') stop = batch.request;
    else stop = decide();
  }
  if (deps.signal?.aborted)
    throw new CancelledError('the Monte Carlo runs were cancelled; finished runs are saved (--resume continues them)');
  const adaptiveStop = stop?.adaptiveStop;
  const final = stop ?? { by: 'max-runs' as const, reason: `N = ${plan.maxRuns} runs done` };
  const measuredPositives = runs.filter((r) => r.status === 'ok' && r.shouldTrigger).length;
  let status: MonteCarloOutcome['status'] = final.by === 'max-cost' ? 'partial' : 'measured';
  let reason: string | undefined = final.by === 'max-cost' ? final.reason : undefined;
  if (final.by === 'infrastructure') {
    status = 'not-measured';
    reason = `too many infrastructure errors: ${final.reason}`;
  } else if (measuredPositives < MIN_MEASURED_POSITIVES) {
    status = 'not-measured';
    reason = `only ${measuredPositives} positive run(s) measured (at least ${MIN_MEASURED_POSITIVES} are needed)${final.by === 'max-cost' ? `; ${final.reason}` : ''}`;
  }
  return {
    status,
    ...(reason ? { reason } : {}),
    stoppedBy: final.by,
    stopReason: final.reason,
    ...(adaptiveStop ? { adaptiveStop } : {}),
    prompts,
    runs: [...runs].sort((a, b) => a.runIndex - b.runIndex),
    resumed,
    notes,
    judgeUsage,
    agentCostUsd: agentRunsUsage(runs).costUsd,
    simulated: deps.runner.simulated,
  };
}

/**
 * Whether this run activated the skill under test. With a plugin installed, the runner's own `activated` means
 * "some skill of the plugin": only a call naming this skill (by its name or its folder) counts here.
 */
export function activationOfCandidate(
  result: AgentRunResult,
  install: AgentInstall,
  candidates: readonly string[],
): { activated: boolean; evidence?: string } {
  if (result.status !== 'ok') return { activated: false };
  if (install.kind === 'skill')
    return {
      activated: result.activated,
      ...(result.activationEvidence ? { evidence: result.activationEvidence } : {}),
    };
  const hit = result.activatedSkills.find((s) => candidates.includes(s));
  if (hit === undefined) return { activated: false };
  const evidence =
    result.activationEvidence !== undefined && result.activationEvidence.includes(hit)
      ? result.activationEvidence
      : `the run activated ${hit} (skills activated: ${result.activatedSkills.join(', ')})`;
  return { activated: true, evidence };
}

function kinds(runs: readonly SavedRun[]): string {
  const counts = new Map<string, number>();
  for (const r of runs)
    if (r.status === 'infra') counts.set(r.infraKind ?? 'unknown', (counts.get(r.infraKind ?? 'unknown') ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
}
