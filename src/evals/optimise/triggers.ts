/**
 * Trigger evaluation (skill-creator's run_eval.py, measured honestly): each query of the eval set goes to the agent
 * `runsPerQuery` times with the skill installed, and a run counts as triggered when the runner saw the skill
 * activated anywhere in the run (src/agent/activation.ts), not only on the first tool call.
 *
 * What run_eval got wrong and this does not: a run that crashed, timed out or hit an API error measured nothing, so
 * it is an error of that query, never "not triggered" and never in trigger_rate's denominator; a query none of whose
 * runs measured anything has `pass: null` and is counted apart (summary.errors). The runs are scheduled round by
 * round (every query once, then every query again), so a cost cap or an early stop leaves each query with some runs.
 */
import { runBatch } from '../../agent/batch.js';
import { SpendLedger } from '../../providers/spend.js';
import { CancelledError, InputError } from '../../errors.js';
import { resolveModel } from '../../providers/models.js';
import { describeCost, priceCall } from '../../providers/pricing.js';
import { AGENT_RUNNER_TABLE, type AgentRunnerKind } from '../../model/runner-kinds.js';
import {
  agentRunsUsage,
  isCancelledRun,
  runCostOf,
  runTokensOf,
  type RunSpend,
} from '../../monte-carlo/run-monte-carlo.js';
import type { TriggerEvalSet } from '../../monte-carlo/prompts.js';
import type { AgentRunner, AgentRunResult } from '../../agent/types.js';
import type { TriggerQueryResult, TriggerSummary } from '../schemas/trigger-results.js';

export interface TriggerQuery {
  query: string;
  shouldTrigger: boolean;
}

/** skill-creator's defaults: 3 runs per query, threshold 0.5. */
export const DEFAULT_RUNS_PER_QUERY = 3;
export const DEFAULT_TRIGGER_THRESHOLD = 0.5;
/**
 * run_eval's 30 s counted a slow agent start as "not triggered". Here a timeout is an error, so too short a limit
 * shows up as errors, not as wrong answers; 90 s leaves room for the agent's start-up and a few turns.
 */
export const DEFAULT_TRIGGER_TIMEOUT_MS = 90_000;

/**
 * The eval set's entries with duplicates merged. run_eval merges a repeated query in silence (its results are keyed
 * by query text); kept apart here it would also let one query sit in both the train and the test set of the
 * description optimiser. So an exact repeat (same text after trimming, same label) is measured once, with a warning;
 * a repeat with the opposite label is bad input.
 */
export function mergeDuplicateQueries(
  items: TriggerEvalSet,
  file: string,
): { queries: TriggerQuery[]; warnings: string[] } {
  const seen = new Map<string, { shouldTrigger: boolean; entries: number[] }>();
  items.forEach((item, index) => {
    const known = seen.get(item.query);
    if (known === undefined) {
      seen.set(item.query, { shouldTrigger: item.should_trigger, entries: [index] });
      return;
    }
    if (known.shouldTrigger !== item.should_trigger) {
      throw new InputError(
        `${file}: [${index}].query repeats [${known.entries[0]}].query with the opposite ` +
          `should_trigger: ${JSON.stringify(item.query)}`,
        file,
      );
    }
    known.entries.push(index);
  });
  const warnings = [...seen]
    .filter(([, v]) => v.entries.length > 1)
    .map(
      ([query, v]) =>
        `${file}: entries ${v.entries.map((i) => `[${i}]`).join(', ')} are the same query; measured ` +
        `once: ${JSON.stringify(query)}`,
    );
  return { queries: [...seen].map(([query, v]) => ({ query, shouldTrigger: v.shouldTrigger })), warnings };
}

/**
 * run_eval's rule: a should-trigger query passes when its rate reaches the threshold, a should-not one when it stays
 * below.
 */
export function passes(shouldTrigger: boolean, rate: number, threshold: number): boolean {
  return shouldTrigger ? rate >= threshold : rate < threshold;
}

export interface TriggerProgress {
  done: number;
  planned: number;
  triggered: number;
  errors: number;
  costUsd: number | null;
}

export interface EvaluateTriggersOptions {
  runner: AgentRunner;
  /** The agent's model. */
  model: string;
  runsPerQuery: number;
  threshold: number;
  timeoutMs: number;
  concurrency: number;
  maxTurns?: number;
  allowedTools?: readonly string[];
  /** Start no run once this many USD are spent (runs in flight finish). */
  maxCostUsd?: number;
  /**
   * The cost ledger the runs are counted in (one across the iterations of description optimisation); default: one from
   * `maxCostUsd`.
   */
  spend?: SpendLedger;
  /**
   * Paths of the skill folder left out of the installed copy (the eval set and its folder: the agent must not find the
   * labels).
   */
  exclude?: readonly string[];
  signal?: AbortSignal;
  onRun?: (progress: TriggerProgress) => void;
}

export interface TriggerRun extends RunSpend {
  queryIndex: number;
  status: 'ok' | 'infra';
  activated: boolean;
  evidence?: string;
  infraMessage?: string;
}

export interface TriggerEvaluation {
  results: TriggerQueryResult[];
  summary: TriggerSummary;
  runs: TriggerRun[];
  /** USD the agent runs cost; null when a model had no price. */
  costUsd: number | null;
  warnings: string[];
  runner: string;
  simulated: boolean;
}

/** What a set of query results scores: passed / failed among the measured, and the unmeasured apart. */
export function summarise(results: readonly TriggerQueryResult[]): TriggerSummary {
  return {
    total: results.length,
    passed: results.filter((r) => r.pass === true).length,
    failed: results.filter((r) => r.pass === false).length,
    errors: results.filter((r) => r.pass === null).length,
    error_runs: results.reduce((n, r) => n + r.errors, 0),
  };
}

/** Run every query `runsPerQuery` times with `install` (a skill folder, the real SKILL.md) and tally what happened. */
export async function evaluateTriggers(
  install: { dir: string; name: string },
  queries: readonly TriggerQuery[],
  options: EvaluateTriggersOptions,
): Promise<TriggerEvaluation> {
  const runs: TriggerRun[] = [];
  const warnings = new Set<string>();
  const planned = queries.length * options.runsPerQuery;
  const spent = (): number | null => agentRunsUsage(runs).costUsd;
  const spend = options.spend ?? new SpendLedger(options.maxCostUsd);
  const schedule: number[] = [];
  for (let round = 0; round < options.runsPerQuery; round++) for (let q = 0; q < queries.length; q++) schedule.push(q);
  let scheduled = 0;

  const runOnce = (queryIndex: number): Promise<AgentRunResult> => {
    const query = queries[queryIndex]!;
    // A skill that cannot be installed or is shadowed throws: no run can measure it, so the batch stops and says why.
    return options.runner.run({
      prompt: query.query,
      install: {
        kind: 'skill',
        dir: install.dir,
        name: install.name,
        ...(options.exclude ? { exclude: options.exclude } : {}),
      },
      model: options.model,
      timeoutMs: options.timeoutMs,
      ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
      ...(options.allowedTools === undefined ? {} : { allowedTools: options.allowedTools }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  };
  const onDone = (queryIndex: number, result: AgentRunResult): undefined => {
    // A run stopped by Ctrl-C measured nothing and is not an error of the query: it was not run.
    if (isCancelledRun(result)) return undefined;
    for (const w of result.warnings ?? []) warnings.add(w);
    runs.push({
      queryIndex,
      status: result.status,
      activated: result.status === 'ok' && result.activated,
      ...(result.activationEvidence === undefined ? {} : { evidence: result.activationEvidence }),
      ...(result.infraError === undefined
        ? {}
        : { infraMessage: `${result.infraError.kind}: ${result.infraError.message}` }),
      priced: result.priced,
      ...(result.usageReported === false ? { usageReported: false } : {}),
      costUsd: result.costUsd,
      durationMs: result.durationMs,
      ...runTokensOf(result),
    });
    options.onRun?.({
      done: runs.length,
      planned,
      triggered: runs.filter((r) => r.activated).length,
      errors: runs.filter((r) => r.status === 'infra').length,
      costUsd: spent(),
    });
    return undefined;
  };

  const batch = await runBatch({
    concurrency: options.concurrency,
    ledger: spend,
    signal: options.signal,
    next: () => schedule[scheduled++],
    run: runOnce,
    costOf: runCostOf,
    isInfra: (result) => result.status === 'infra',
    counts: (result) => !isCancelledRun(result),
    onDone,
  });
  const stop =
    batch.by === 'infrastructure'
      ? `stopped: ${batch.reason}; the remaining runs were not started`
      : batch.by === 'max-cost'
        ? `${batch.reason}; the remaining runs were not started`
        : undefined;
  if (options.signal?.aborted) throw new CancelledError('the trigger runs were cancelled');
  if (stop !== undefined) warnings.add(stop);
  const usage = agentRunsUsage(runs);
  // Why the cost is unknown (a model without a price, runs whose server reported no usage), never a bare null.
  if (runs.length > 0 && usage.costUsd === null) {
    warnings.add(
      `agent cost ${describeCost(usage)}${spend.maxCostUsd !== null ? '; --max-cost could not be enforced' : ''}`,
    );
  }

  const results = queries.map((query, index) =>
    resultOf(
      query,
      runs.filter((r) => r.queryIndex === index),
      options,
    ),
  );
  return {
    results,
    summary: summarise(results),
    runs,
    costUsd: spent(),
    warnings: [...warnings],
    runner: options.runner.name,
    simulated: options.runner.simulated,
  };
}

function resultOf(
  query: TriggerQuery,
  runs: readonly TriggerRun[],
  options: EvaluateTriggersOptions,
): TriggerQueryResult {
  const measured = runs.filter((r) => r.status === 'ok');
  const triggers = measured.filter((r) => r.activated).length;
  const rate = measured.length === 0 ? null : triggers / measured.length;
  return {
    query: query.query,
    should_trigger: query.shouldTrigger,
    trigger_rate: rate,
    triggers,
    runs: measured.length,
    pass: rate === null ? null : passes(query.shouldTrigger, rate, options.threshold),
    errors: runs.length - measured.length,
    error_messages: runs.flatMap((r) => (r.infraMessage === undefined ? [] : [r.infraMessage])),
    not_run: options.runsPerQuery - runs.length,
    evidence: measured.flatMap((r) => (r.activated && r.evidence !== undefined ? [r.evidence] : [])),
  };
}

/**
 * What the runs will cost before any starts (an upper bound, from the same per-run assumptions as Monte Carlo's
 * estimate): the real agent sends its ~18k-token system prompt with each of about three requests; the simulation
 * makes one short routing call.
 */
export function estimateTriggerRuns(input: {
  runs: number;
  runner: AgentRunnerKind;
  model: string;
  skillTokens?: number;
}): { runs: number; costUsd: number | null; assumptions: string } {
  const row = AGENT_RUNNER_TABLE[input.runner];
  const requests = row.routingRequestsPerRun;
  const perRequest = row.promptTokensPerRequest + (input.skillTokens ?? 500);
  const priced = priceCall(resolveModel(input.model), {
    inputTokens: input.runs * requests * perRequest,
    outputTokens: input.runs * requests * row.routingOutputTokensPerRequest,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
  });
  return {
    runs: input.runs,
    costUsd: priced.priced ? priced.costUsd : null,
    assumptions:
      `${requests} request${requests === 1 ? '' : 's'} per run of ~${Math.round(perRequest / 1000)}k input ` +
      `tokens, uncached (prompt caching makes the real cost lower)`,
  };
}
