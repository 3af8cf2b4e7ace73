/**
 * Description optimisation (skill-creator's run_loop, with its holes closed): split the eval set (stratified, seeded),
 * then up to N iterations of: evaluate the current description on train and test with the agent (a copy of the skill
 * folder whose SKILL.md has that description and the real body), stop when no train query fails, else ask the improver
 * for a new description given the TRAIN failures and the history of TRAIN results (optimize-improver.ts). The best
 * description is the one with the highest test score, ties to the earliest.
 *
 * Infrastructure errors: a description whose test (or train) set was not fully measured has no score for that set;
 * it is reported, never ranked as worse, and cannot be best. When the original cannot be scored on the test set,
 * nothing can be compared: the loop stops there and the outcome is `not-measured`.
 */
import { SpendLedger } from '../../providers/spend.js';
import type { SkillDocument } from '../../parse/skill.js';
import { describeCost, sumUsage, emptyUsage, type UsageSummary } from '../../providers/pricing.js';
import type { Provider } from '../../providers/types.js';
import { proposeDescription, stratifiedSplit, type AttemptSummary, type TrainFailure } from './optimize-improver.js';
import type { OptimizeIteration, OptimizeResults, SetScore } from '../schemas/optimize-results.js';
import type { TriggerQueryResult } from '../schemas/trigger-results.js';
import { candidateCopy } from './skill-description.js';
import {
  evaluateTriggers,
  summarise,
  type EvaluateTriggersOptions,
  type TriggerProgress,
  type TriggerQuery,
} from './triggers.js';

export const DEFAULT_ITERATIONS = 5;
export const DEFAULT_HOLDOUT = 0.4;
export const DEFAULT_SEED = 42;

export interface OptimizeOptions {
  skill: SkillDocument;
  skillName: string;
  queries: readonly TriggerQuery[];
  holdout: number;
  seed: number;
  iterations: number;
  /** How each description is evaluated; `maxCostUsd` is the budget of the whole loop. */
  trigger: Omit<EvaluateTriggersOptions, 'onRun'>;
  improver: { provider: Provider; model: string };
  warnings?: readonly string[];
  onRun?: (iteration: number, progress: TriggerProgress) => void;
  onIteration?: (iteration: OptimizeIteration) => void;
}

function setScore(results: readonly TriggerQueryResult[]): SetScore {
  const s = summarise(results);
  return {
    passed: s.passed,
    failed: s.failed,
    errors: s.errors,
    total: s.total,
    score: s.errors === 0 && s.total > 0 ? s.passed / s.total : null,
  };
}

const split = (queries: readonly TriggerQuery[]) =>
  queries.map((q) => ({ query: q.query, should_trigger: q.shouldTrigger }));

export async function optimizeDescription(options: OptimizeOptions): Promise<OptimizeResults> {
  const { skill, trigger } = options;
  const { train, test } = stratifiedSplit(options.queries, options.holdout, options.seed);
  const all = [...train, ...test];
  const iterations: OptimizeIteration[] = [];
  const warnings = new Set(options.warnings ?? []);
  let agentCost: number | null = 0;
  let improverUsage: UsageSummary = emptyUsage();
  let current = skill.description;
  let stopReason = `${options.iterations} iteration(s) done`;
  const record = (it: OptimizeIteration): void => {
    iterations.push(it);
    options.onIteration?.(it);
  };

  // One ledger for the whole loop: every iteration's runs count against the one --max-cost.
  const spend = trigger.spend ?? new SpendLedger(trigger.maxCostUsd);
  while (iterations.length < options.iterations) {
    const n = iterations.length + 1;
    if (spend.reached) {
      stopReason = spend.reason;
      break;
    }
    // The original is installed as an untouched copy; candidates differ from it in the description only.
    const copy = await candidateCopy(skill, n === 1 ? undefined : current);
    let evaluation;
    try {
      evaluation = await evaluateTriggers({ dir: copy.dir, name: options.skillName }, all, {
        ...trigger,
        spend,
        ...(options.onRun ? { onRun: (p: TriggerProgress) => options.onRun!(n, p) } : {}),
      });
    } finally {
      await copy.dispose();
    }
    for (const w of evaluation.warnings) warnings.add(`iteration ${n}: ${w}`);
    agentCost = agentCost === null || evaluation.costUsd === null ? null : agentCost + evaluation.costUsd;
    const results = evaluation.results.map((r, i) => ({
      ...r,
      set: i < train.length ? ('train' as const) : ('test' as const),
    }));
    const trainResults = results.filter((r) => r.set === 'train');
    const trainScore = setScore(trainResults);
    const testScore = setScore(results.filter((r) => r.set === 'test'));
    const evaluated: OptimizeIteration = {
      iteration: n,
      status: 'evaluated',
      description: current,
      chars: current.length,
      train: trainScore,
      test: testScore,
      results,
      agent_cost_usd: evaluation.costUsd,
    };
    record(evaluated);
    if (n === 1 && testScore.score === null) {
      stopReason = `the original description could not be scored on the test set (${testScore.errors} test queries not measured), so no candidate can be compared with it`;
      break;
    }
    if (trainScore.errors === 0 && trainScore.failed === 0) {
      stopReason = `no train failures at iteration ${n}`;
      break;
    }
    if (iterations.length >= options.iterations) break;
    // Improve until a usable description comes back or the iterations run out; a failed proposal is an iteration.
    for (;;) {
      const proposal = await proposeDescription(
        options.improver.provider,
        options.improver.model,
        {
          skillName: options.skillName,
          skillBody: skill.body,
          currentDescription: current,
          trainPassed: trainScore.passed,
          trainTotal: trainScore.total,
          failures: trainFailures(trainResults),
          history: historyOf(iterations.filter((it) => it !== evaluated)),
        },
        trigger.signal,
      );
      improverUsage = sumUsage([improverUsage, proposal.usage]);
      if (proposal.ok) {
        current = proposal.description;
        break;
      }
      const failed = proposal.description ?? current;
      record({
        iteration: iterations.length + 1,
        status: 'failed',
        description: failed,
        chars: failed.length,
        train: null,
        test: null,
        results: [],
        reason: proposal.reason,
        agent_cost_usd: 0,
      });
      if (iterations.length >= options.iterations) break;
    }
  }
  // An unknown improver cost says why (a model without a price, replies without usage), as the agent runs' do.
  if (improverUsage.costUsd === null) warnings.add(`improver cost ${describeCost(improverUsage)}`);
  return resultsOf(options, {
    train,
    test,
    iterations,
    stopReason,
    warnings: [...warnings],
    agentCost,
    improverCost: improverUsage.costUsd,
  });
}

/** The measured train failures: an unmeasured query is not a failure and is not shown to the improver. */
function trainFailures(results: readonly TriggerQueryResult[]): TrainFailure[] {
  return results
    .filter((r) => r.pass === false)
    .map((r) => ({ query: r.query, shouldTrigger: r.should_trigger, triggers: r.triggers, runs: r.runs }));
}

/** Earlier iterations as the improver sees them: TRAIN scores only (never a test score or a test query). */
export function historyOf(iterations: readonly OptimizeIteration[]): AttemptSummary[] {
  return iterations.map((it) => ({
    description: it.description,
    trainPassed: it.train?.score === null || it.train === null ? null : it.train.passed,
    trainTotal: it.train?.total ?? 0,
    ...(it.status === 'failed'
      ? { note: `rejected: ${it.reason ?? 'unusable'}` }
      : it.train?.score === null
        ? { note: 'some requests could not be measured' }
        : {}),
  }));
}

/** Highest test score among the scored iterations, ties to the earliest. */
export function bestIteration(iterations: readonly OptimizeIteration[]): OptimizeIteration {
  let best = iterations[0]!;
  for (const it of iterations) {
    const score = it.test?.score;
    const bestScore = best.test?.score;
    if (score === null || score === undefined) continue;
    if (bestScore === null || bestScore === undefined || score > bestScore) best = it;
  }
  return best;
}

function resultsOf(
  options: OptimizeOptions,
  run: {
    train: TriggerQuery[];
    test: TriggerQuery[];
    iterations: OptimizeIteration[];
    stopReason: string;
    warnings: string[];
    agentCost: number | null;
    improverCost: number | null;
  },
): OptimizeResults {
  const original = run.iterations[0]!;
  const best = bestIteration(run.iterations);
  const originalScore = original.test?.score ?? null;
  const bestScore = best.test?.score ?? null;
  return {
    skill_name: options.skillName,
    skill_path: options.skill.dir,
    status: originalScore === null ? 'not-measured' : 'measured',
    stop_reason: run.stopReason,
    original_description: options.skill.description,
    original_test_score: originalScore,
    best_description: best.description,
    best_iteration: best.iteration,
    best_test_score: bestScore,
    improved: originalScore !== null && bestScore !== null && bestScore > originalScore,
    applied: false,
    settings: {
      holdout: options.holdout,
      seed: options.seed,
      max_iterations: options.iterations,
      runs_per_query: options.trigger.runsPerQuery,
      threshold: options.trigger.threshold,
      timeout_ms: options.trigger.timeoutMs,
      runner: options.trigger.runner.name,
      simulated: options.trigger.runner.simulated,
      agent_model: options.trigger.model,
      improver_model: options.improver.model,
    },
    split: { train: split(run.train), test: split(run.test) },
    iterations: run.iterations,
    cost: { agent_usd: run.agentCost, improver_usd: run.improverCost },
    warnings: run.warnings,
  };
}
