/**
 * Measured uplift: each positive Monte Carlo run is made again without the skill (same runner, sandbox, model,
 * turns, tools and timeout; nothing installed), and the judge toolkit's pairwise comparison judges the two outputs
 * in both orders. A verdict that changes with the order is a tie. A run without the skill that fails for
 * infrastructure reasons, or a comparison the judge could not make in both orders, is unmeasured: never a loss.
 * The runs go through the batch executor with the run's cost ledger, so they count against --max-cost, and each
 * finished comparison is saved for a resume (uplift-state.ts).
 */
import { runBatch } from '../agent/batch.js';
import type { AgentRunner, AgentRunResult } from '../agent/types.js';
import { CancelledError } from '../errors.js';
import { comparePair } from '../judge/kit/pairwise.js';
import type { MonteCarloPlan } from '../model/plan.js';
import type { Uplift, UpliftComparison } from '../model/uplift.js';
import { emptyUsage, sumUsage, type UsageSummary } from '../providers/pricing.js';
import type { SpendLedger } from '../providers/spend.js';
import type { Provider } from '../providers/types.js';
import { upliftOf } from '../score/uplift.js';
import {
  agentRunsUsage,
  isCancelledRun,
  runCostOf,
  runTokensOf,
  type MonteCarloOutcome,
  type RunSpend,
} from './run-monte-carlo.js';
import type { SavedComparison, UpliftStateStore } from './uplift-state.js';

export interface UpliftDeps {
  runner: AgentRunner;
  judge?: { provider: Provider; model: string } | undefined;
  /** The run's cost ledger: the runs without the skill are begun and ended in it like every agent run. */
  spend: SpendLedger;
  signal?: AbortSignal | undefined;
  /** The skill's name, kept with each comparison (a plugin pools its skills' comparisons). */
  skillName: string;
  /** Saved comparisons (resume) under the Monte Carlo state's key; none: nothing is saved. */
  store?: { state: UpliftStateStore; key: string } | undefined;
  /** One run without the skill finished: progress. */
  onRun?: (progress: { done: number; planned: number; infra: number; result: AgentRunResult }) => void;
}

export interface UpliftOutcome {
  uplift: Uplift;
  /** The runs without the skill, for the usage ledger. */
  usage: UsageSummary;
  notes: string[];
}

const notMeasured = (reason: string): UpliftOutcome => ({
  uplift: upliftOf([], { none: reason }),
  usage: emptyUsage(),
  notes: [],
});

interface Pair {
  runIndex: number;
  prompt: string;
  output: string;
}

/** The positive runs with an answer to compare: measured, made with the skill installed. */
function pairable(outcome: MonteCarloOutcome): Pair[] {
  return outcome.runs.flatMap((r) =>
    r.shouldTrigger && r.status === 'ok' && r.output !== undefined
      ? [{ runIndex: r.runIndex, prompt: outcome.prompts[r.promptIndex]?.query ?? '', output: r.output }]
      : [],
  );
}

const spendOf = (result: AgentRunResult): SavedComparison['run'] => ({
  ...runTokensOf(result),
  priced: result.priced,
  ...(result.usageReported === false ? { usageReported: false } : {}),
  costUsd: result.costUsd,
  durationMs: result.durationMs,
});

export async function measureUplift(
  plan: MonteCarloPlan,
  outcome: MonteCarloOutcome,
  deps: UpliftDeps,
): Promise<UpliftOutcome> {
  if (deps.runner.simulated)
    return notMeasured('the messages runner simulates only the routing decision and answers nothing without a skill');
  if (deps.judge === undefined) return notMeasured('no judge provider to compare the outputs');
  if (outcome.status === 'not-measured')
    return notMeasured(`the runs with the skill were not measured (${outcome.reason ?? outcome.stopReason})`);
  const pairs = pairable(outcome);
  if (pairs.length === 0)
    return notMeasured('no measured positive run kept its answer (a run resumed from an older saved state keeps none)');
  const judge = deps.judge;
  const store = deps.store;
  const saved = new Map((store ? await store.state.load(store.key) : []).map((c) => [c.runIndex, c]));
  // Kept in the order of the runs with the skill, so the seeded interval does not depend on which run finished first.
  const slots: (UpliftComparison | undefined)[] = pairs.map((p) => saved.get(p.runIndex)?.comparison);
  const kept: SavedComparison[] = pairs.flatMap((p) => saved.get(p.runIndex) ?? []);
  const spent: RunSpend[] = kept.map((c) => c.run);
  let judgeUsage = sumUsage([emptyUsage(), ...kept.map((c) => c.judge)]);
  const todo = pairs.flatMap((p, index) => (saved.has(p.runIndex) ? [] : [index]));
  let done = 0;
  let infra = 0;
  let next = 0;

  const compare = async (
    pair: Pair,
    without: AgentRunResult,
  ): Promise<{ comparison: UpliftComparison; usage: UsageSummary }> => {
    const base = { prompt: pair.prompt, skill: deps.skillName };
    const unmeasured = (reason: string, usage = emptyUsage()) => ({
      comparison: {
        ...base,
        status: 'unmeasured' as const,
        reason,
        preference: null,
        consistent: null,
        confidence: null,
      },
      usage,
    });
    if (without.status === 'infra') {
      infra++;
      return unmeasured(
        `the run without the skill failed (${without.infraError?.kind ?? 'unknown'}: ${without.infraError?.message ?? 'no detail'})`,
      );
    }
    const verdict = await comparePair(
      judge.provider,
      { prompt: pair.prompt, responseA: pair.output, responseB: without.output },
      { model: judge.model, passes: 2, ...(deps.signal ? { signal: deps.signal } : {}) },
    );
    // A verdict from one order alone has not had its position bias checked: it is not a measurement.
    if (verdict.status !== 'judged' || verdict.gaps.length > 0)
      return unmeasured(
        `the judge gave no verdict in both orders (${verdict.gaps[0] ?? verdict.reason ?? 'unmeasured'})`,
        verdict.cost,
      );
    return {
      comparison: {
        ...base,
        status: 'judged',
        preference: verdict.winner === 'A' ? 1 : verdict.winner === 'B' ? -1 : 0,
        consistent: verdict.consistent,
        confidence: verdict.confidence,
      },
      usage: verdict.cost,
    };
  };

  const batch = await runBatch({
    concurrency: plan.concurrency,
    ledger: deps.spend,
    signal: deps.signal,
    next: () => (next < todo.length ? todo[next++] : undefined),
    run: async (index: number) => ({
      index,
      result: await deps.runner.run({
        prompt: pairs[index]!.prompt,
        install: { kind: 'none' },
        model: plan.model,
        maxTurns: plan.maxTurns,
        timeoutMs: plan.timeoutMs,
        allowedTools: plan.allowedTools,
        ...(deps.signal ? { signal: deps.signal } : {}),
      }),
    }),
    costOf: (done) => runCostOf(done.result),
    isInfra: (done) => done.result.status === 'infra',
    counts: (done) => !isCancelledRun(done.result),
    onDone: async (_index, { index, result }) => {
      if (isCancelledRun(result)) return undefined;
      const pair = pairs[index]!;
      const run = spendOf(result);
      const { comparison, usage } = await compare(pair, result);
      spent.push(run);
      judgeUsage = sumUsage([judgeUsage, usage]);
      slots[index] = comparison;
      // Only a judged comparison is saved: one lost to infrastructure is made again by a resume.
      if (store && comparison.status === 'judged') {
        kept.push({ runIndex: pair.runIndex, comparison, run, judge: usage });
        await store.state.save(store.key, kept);
      }
      done++;
      deps.onRun?.({ done, planned: todo.length, infra, result });
      return undefined;
    },
  });
  if (deps.signal?.aborted) throw new CancelledError('the runs without the skill were cancelled');
  const records = slots.filter((r): r is UpliftComparison => r !== undefined);
  const notes: string[] = [];
  if (todo.length < pairs.length)
    notes.push(`uplift resumed: ${pairs.length - todo.length} comparison(s) reused from the saved state`);
  if (batch.by !== 'done' && batch.by !== 'cancelled' && done < todo.length)
    notes.push(
      `uplift: ${done} of ${todo.length} run(s) without the skill made before ${
        batch.by === 'max-cost' ? 'the cost cap' : 'infrastructure errors'
      } stopped them (${batch.reason})`,
    );
  const uplift = upliftOf(records, { seed: plan.seed });
  return { uplift, usage: sumUsage([agentRunsUsage(spent), judgeUsage]), notes };
}
