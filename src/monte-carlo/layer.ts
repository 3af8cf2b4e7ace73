/**
 * Layer 3's output for one skill: run the Monte Carlo measurement, summarise it, map it to dimensions, and
 * report every run so each figure can be traced. Loaded only when the layer runs.
 */
import { SpendLedger } from '../providers/spend.js';
import { budgeted, unbudgeted } from '../providers/budgeted.js';
import { emitTo } from '../events/sink.js';
import type { EventSink } from '../events/types.js';
import { runStaticLayer } from '../rules/static-layer.js';
import type { LayerOutput } from '../model/layer-output.js';
import type { DimensionName, Methodology } from '../model/dimensions.js';
import type { MonteCarloReport } from '../model/monte-carlo.js';
import type { MonteCarloPlan } from '../model/plan.js';
import type { LayerUsage } from '../model/result.js';
import type { SkillDocument } from '../parse/skill.js';
import { layerUsageOf, sumUsage, type UsageSummary } from '../providers/pricing.js';
import type { Provider } from '../providers/types.js';
import { arithmeticFor, compositeOf } from '../score/composite.js';
import { badgeFor } from '../score/grades.js';
import type { AdaptiveLook } from './adaptive.js';
import { createRunner } from '../agent/runners.js';
import { mcDimensionScores } from './dimension-scores.js';
import { agentRunsUsage, recordsOf, runMonteCarlo, type MonteCarloOutcome } from './run-monte-carlo.js';
import { stateKey, type McStateStore } from './state.js';
import { summariseRuns } from './statistics.js';
import type { McSummary } from './summary-types.js';
import type { AgentRunner } from '../agent/types.js';
import { measureUplift, type UpliftOutcome } from './uplift.js';
import { UpliftStateStore } from './uplift-state.js';
import { monotonicMs } from '../util/clock.js';

export interface MonteCarloLayerInput {
  plan: MonteCarloPlan;
  methodology: Methodology;
  runner: AgentRunner;
  judge?: { provider: Provider; model: string };
  signal?: AbortSignal;
  events?: EventSink;
  store?: McStateStore;
  /** The run's cost ledger (the judge provider above already goes through it). */
  spend?: SpendLedger;
  /** The judge layer's output for this skill (the adaptive stop's badge-band check holds it fixed). */
  earlier: readonly LayerOutput[];
}

/** The runner a plan names, when the caller gave none: the real agent, or the simulation over the judge's provider. */
export function defaultRunner(
  plan: MonteCarloPlan,
  judgeProvider: Provider | undefined,
  claudePath?: string,
): AgentRunner {
  // Each simulated run is counted whole by the cost ledger, so its calls do not go through it a second time.
  return createRunner(plan.runner, {
    model: plan.model,
    ...(judgeProvider === undefined ? {} : { provider: unbudgeted(judgeProvider) }),
    sandbox: plan.sandbox,
    claude: {
      maxTurns: plan.maxTurns,
      timeoutMs: plan.timeoutMs,
      allowedTools: plan.allowedTools,
      ...(claudePath === undefined ? {} : { executable: claudePath }),
    },
  });
}

/** What stopped the sampling, as the notes say it. */
const STOPPED_BY: Readonly<Record<MonteCarloOutcome['stoppedBy'], string>> = {
  'max-runs': 'N',
  adaptive: 'adaptive sampling',
  'max-cost': 'the cost cap',
  infrastructure: 'infrastructure errors',
  cancelled: 'cancellation',
  prompts: 'the prompt set (nothing ran)',
};

/** Dimensions Layer 3 measures when it measures anything (the others it leaves unmeasured, with reasons). */
const MEASURABLE: readonly DimensionName[] = [
  'triggering_accuracy',
  'output_quality',
  'robustness',
  'token_efficiency',
];

export async function runMonteCarloLayer(skill: SkillDocument, input: MonteCarloLayerInput): Promise<LayerOutput> {
  const started = monotonicMs();
  const target = skill.displayPath;
  // One ledger for the runs with the skill and the runs without it, so both count against --max-cost.
  const spend = input.spend ?? new SpendLedger(input.plan.maxCostUsd);
  const judge =
    input.spend === undefined && input.judge
      ? { ...input.judge, provider: budgeted(input.judge.provider, spend) }
      : input.judge;
  const outcome = await runMonteCarlo(skill, input.plan, {
    runner: input.runner,
    ...(judge ? { judge } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.store ? { store: input.store } : {}),
    spend,
    bandFixed: bandFixedFor(skill, input),
    onRun: (p) =>
      emitTo(input.events, {
        type: 'agent.run',
        target,
        runIndex: p.runIndex,
        done: p.done,
        planned: p.planned,
        status: p.record.status,
        ...(p.record.infraKind ? { infraKind: p.record.infraKind } : {}),
        shouldTrigger: p.record.shouldTrigger,
        activated: p.record.activated,
        activatedSoFar: p.activated,
        infraSoFar: p.infra,
        costUsd: p.costUsd,
        ms: p.record.durationMs,
      }),
    onPlan: (planned) => emitTo(input.events, { type: 'agent.plan', target, ...planned }),
  });
  const summary = outcome.runs.length > 0 ? summarise(outcome, input.plan) : undefined;
  const skillName = skill.name ?? skill.dirName;
  const uplift = input.plan.uplift
    ? await measureUplift(input.plan, outcome, {
        runner: input.runner,
        judge,
        spend,
        signal: input.signal,
        skillName,
        ...(input.store
          ? { store: { state: new UpliftStateStore(input.store.folder), key: stateKey(skill.text, input.plan) } }
          : {}),
        onRun: (p) =>
          emitTo(input.events, {
            type: 'agent.run',
            phase: 'without-skill',
            target,
            runIndex: p.done - 1,
            done: p.done,
            planned: p.planned,
            status: p.result.status,
            ...(p.result.infraError ? { infraKind: p.result.infraError.kind } : {}),
            shouldTrigger: true,
            activated: false,
            activatedSoFar: 0,
            infraSoFar: p.infra,
            costUsd: spend.summary().unknownCost ? null : spend.spentUsd,
            ms: p.result.durationMs,
          }),
      })
    : undefined;
  return layerOutput(outcome, summary, input, monotonicMs() - started, skillName, uplift);
}

/**
 * Output quality rests on the judge's grades of activated positive runs. A run the judge was asked to grade and
 * gave no grade for (an unusable reply after the repair request, a provider failure) is a measurement failure,
 * never a low grade. When no run got a grade, the layer failed to measure the dimension (a gap: the result is
 * partial), as when infrastructure errors take the majority of runs; when some did, the others are counted apart
 * and said, as runs lost to infrastructure are. (No activated positive run at all is a property of the skill.)
 */
function gradingOf(
  outcome: MonteCarloOutcome,
  input: MonteCarloLayerInput,
): { none: boolean; text: string } | undefined {
  if (input.judge === undefined) return undefined;
  const asked = outcome.runs.filter(
    (r) => r.status === 'ok' && r.shouldTrigger && r.activated && r.agentError === undefined,
  );
  const ungraded = asked.filter((r) => r.quality === null);
  if (ungraded.length === 0) return undefined;
  const why = ungraded[0]?.gradeNote ?? 'no grade';
  return ungraded.length === asked.length
    ? { none: true, text: `the judge graded none of the ${asked.length} activated positive run(s): ${why}` }
    : {
        none: false,
        text:
          `${ungraded.length} of ${asked.length} activated positive run(s) got no grade from the judge (counted ` +
          `apart; the quality rests on the other ${asked.length - ungraded.length}): ${why}`,
      };
}

function summarise(outcome: MonteCarloOutcome, plan: MonteCarloPlan): McSummary {
  return summariseRuns(recordsOf(outcome.runs), {
    planned: plan.maxRuns,
    seed: plan.seed,
    ...(plan.adaptive
      ? {
          adaptive: outcome.adaptiveStop
            ? { stopReason: outcome.adaptiveStop.reason, stopDetail: outcome.adaptiveStop.detail }
            : {},
        }
      : {}),
  });
}

function layerOutput(
  outcome: MonteCarloOutcome,
  summary: McSummary | undefined,
  input: MonteCarloLayerInput,
  durationMs: number,
  skillName: string,
  uplift: UpliftOutcome | undefined,
): LayerOutput {
  const measurements: LayerOutput['measurements'] = {};
  const unmeasured: LayerOutput['unmeasured'] = {};
  const failed: NonNullable<LayerOutput['failed']> = {};
  const gradingNotes: string[] = [];
  const label = outcome.simulated ? " (messages runner: a simulation of the agent's routing, not the agent)" : '';
  if (outcome.status === 'not-measured' || summary === undefined) {
    const reason = `Monte Carlo not measured: ${outcome.reason ?? 'no run measured'}`;
    for (const d of MEASURABLE) failed[d] = reason;
    for (const d of MEASURABLE) unmeasured[d] = reason;
  } else {
    const dims = mcDimensionScores(summary);
    for (const [d, m] of Object.entries(dims.measurements) as [
      DimensionName,
      NonNullable<(typeof dims.measurements)[DimensionName]>,
    ][]) {
      measurements[d] = {
        score: m.score,
        evidence: label ? [...m.evidence, `runner: ${input.runner.name}${label}`] : m.evidence,
        ciLow: m.ciLow,
        ciHigh: m.ciHigh,
      };
      if (outcome.status === 'partial') failed[d] = `measured only in part: ${outcome.reason ?? outcome.stopReason}`;
    }
    Object.assign(unmeasured, dims.unmeasured);
    const grading = gradingOf(outcome, input);
    if (grading?.none) failed.output_quality = grading.text;
    else if (grading) gradingNotes.push(`output_quality: ${grading.text}`);
  }
  const report = { skill: skillName, ...reportOf(outcome, summary, input, uplift) };
  return {
    name: 'monte_carlo',
    score: summary?.mcScore ?? 0,
    durationMs,
    measurements,
    unmeasured,
    failed,
    antiPatterns: [],
    subScores: {},
    usage: usageOf(outcome, input, uplift),
    notes: [
      ...(outcome.simulated
        ? [
            `simulated: the messages runner reproduces only the routing decision with one model call; these ` +
              `figures describe a simulation of the agent, not the agent`,
          ]
        : []),
      `stopped by ${STOPPED_BY[outcome.stoppedBy]}: ${outcome.stopReason}`,
      ...outcome.notes,
      ...(summary?.notes ?? []),
      ...gradingNotes,
      ...(uplift?.notes ?? []),
      ...(uplift?.uplift.status === 'not-measured' ? [`uplift not measured: ${uplift.uplift.reason}`] : []),
    ],
    monteCarlo: [report],
  };
}

/**
 * Agent runs and judge calls (prompt generation, grading) in one total, under the usage ledger's rules, with the
 * runs without the skill and their comparisons when the uplift was measured.
 */
function totalUsage(outcome: MonteCarloOutcome, uplift: UpliftOutcome | undefined): UsageSummary {
  return sumUsage([agentRunsUsage(outcome.runs), outcome.judgeUsage, ...(uplift ? [uplift.usage] : [])]);
}

function usageOf(
  outcome: MonteCarloOutcome,
  input: MonteCarloLayerInput,
  uplift: UpliftOutcome | undefined,
): LayerUsage {
  const judged = (outcome.judgeUsage.calls > 0 || (uplift?.usage.calls ?? 0) > 0) && input.judge !== undefined;
  // Each agent run counts as one call here (it makes several model requests of its own).
  return layerUsageOf(totalUsage(outcome, uplift), {
    provider: [input.runner.name, ...(input.judge ? [input.judge.provider.name] : [])].join('; '),
    models: [...new Set([input.plan.model, ...(judged ? [input.judge!.model] : [])])],
  });
}

function reportOf(
  outcome: MonteCarloOutcome,
  s: McSummary | undefined,
  input: MonteCarloLayerInput,
  uplift: UpliftOutcome | undefined,
): MonteCarloReport {
  const total = totalUsage(outcome, uplift);
  const positives = outcome.prompts.filter((p) => p.shouldTrigger).length;
  const infraByKind: Record<string, number> = {};
  for (const r of outcome.runs)
    if (r.status === 'infra') infraByKind[r.infraKind ?? 'unknown'] = (infraByKind[r.infraKind ?? 'unknown'] ?? 0) + 1;
  const emptyRate = { rate: null, successes: 0, trials: 0, low: null, high: null, method: 'wilson' as const };
  const measured = outcome.runs.filter((r) => r.status === 'ok').length;
  return {
    runner: input.runner.name,
    simulated: outcome.simulated,
    model: input.plan.model,
    status: outcome.status,
    ...(outcome.reason ? { reason: outcome.reason } : {}),
    sampling: {
      mode: input.plan.adaptive ? 'adaptive' : 'fixed',
      planned: input.plan.maxRuns,
      done: outcome.runs.length,
      measured,
      infra: outcome.runs.length - measured,
      infraByKind,
      stoppedBy: outcome.stoppedBy,
      stopReason: outcome.stopReason,
      savedRuns: outcome.stoppedBy === 'adaptive' ? Math.max(0, input.plan.maxRuns - outcome.runs.length) : 0,
      resumed: outcome.resumed,
    },
    prompts: {
      positives,
      negatives: outcome.prompts.length - positives,
      source: outcome.prompts[0]?.source ?? 'generated',
    },
    activation: s?.activation ?? emptyRate,
    falseActivation: s?.falseActivation ?? emptyRate,
    precision: s?.precision ?? null,
    recall: s?.recall ?? null,
    f1: s?.f1 ?? null,
    quality: s?.quality ?? { n: 0, mean: null, cv: null, low: null, high: null },
    failure: s?.failure ?? { ...emptyRate, method: 'clopper-pearson' },
    tokens: s?.tokens ?? { median: null, q1: null, q3: null, iqr: null, outliers: 0 },
    efficiencyNorm: s?.efficiencyNorm ?? null,
    mcScore: s?.mcScore ?? null,
    costUsd: total.costUsd,
    ...(total.unreportedCalls > 0 ? { unreportedCalls: total.unreportedCalls } : {}),
    durationMs: outcome.runs.reduce((a, r) => a + r.durationMs, 0),
    notes: [...outcome.notes, ...(s?.notes ?? []), ...(uplift?.notes ?? [])],
    ...(uplift ? { uplift: uplift.uplift } : {}),
    runs: outcome.runs.map((r) => ({
      runIndex: r.runIndex,
      prompt: outcome.prompts[r.promptIndex]?.query ?? '',
      shouldTrigger: r.shouldTrigger,
      status: r.status,
      ...(r.infraKind ? { infraKind: r.infraKind } : {}),
      ...(r.infraMessage ? { infraMessage: r.infraMessage } : {}),
      activated: r.activated,
      ...(r.activationEvidence ? { activationEvidence: r.activationEvidence } : {}),
      ...(r.agentError ? { agentError: r.agentError } : {}),
      quality: r.quality,
      ...(r.gradeNote ? { gradeNote: r.gradeNote } : {}),
      tokens: r.tokens,
      costUsd: r.costUsd,
      durationMs: r.durationMs,
      toolCalls: r.toolCalls,
    })),
  };
}

/**
 * The adaptive rule's band hook: with the static and judge measurements held, the composite is computed with
 * each Monte Carlo dimension at the low and at the high end of its interval; when both land in the same badge
 * band, more runs (which only narrow those intervals) cannot move the badge, and sampling may stop.
 */
function bandFixedFor(skill: SkillDocument, input: MonteCarloLayerInput): (look: AdaptiveLook) => boolean {
  let base: ReturnType<typeof runStaticLayer> | undefined;
  return (look) => {
    base ??= runStaticLayer(skill, input.methodology);
    const dims = mcDimensionScores(look.summary());
    const at = (end: 'low' | 'high'): number => {
      const measurements: LayerOutput['measurements'] = {};
      for (const [d, m] of Object.entries(dims.measurements) as [
        DimensionName,
        NonNullable<(typeof dims.measurements)[DimensionName]>,
      ][]) {
        measurements[d] = { score: end === 'low' ? (m.ciLow ?? m.score) : (m.ciHigh ?? m.score), evidence: [] };
      }
      const layer: LayerOutput = {
        name: 'monte_carlo',
        score: 0,
        durationMs: 0,
        measurements,
        unmeasured: {},
        antiPatterns: [],
        subScores: {},
      };
      return compositeOf([base!, ...input.earlier, layer], base!.penalty, arithmeticFor(input.methodology)).score;
    };
    return badgeFor(at('low')) === badgeFor(at('high'));
  };
}
