/**
 * The command line of Layer 3 (`score --depth deep|thorough`, `certify`), loaded only when a run has it: the
 * library's set-up from the resolved settings (pipeline/monte-carlo-setup.ts), the cost estimate printed before any
 * agent runs (`--dry-run` stops there), the saved state that `--resume RUN_ID` continues, and the progress line (runs,
 * activations, cost, ETA).
 */
import { AGENT_RUNNER_TABLE } from '../model/runner-kinds.js';
import { existsSync, readdirSync } from 'node:fs';
import type { ResolvedSettings } from '../config/resolve.js';
import type { MonteCarloFlags } from './monte-carlo-flags.js';
import { UNSANDBOXED_WARNING } from '../agent/sandbox/bubblewrap.js';
import { UsageError } from '../errors.js';
import { DEPTH_PLAN } from '../model/dimensions.js';
import { discoverTargets } from '../parse/discover.js';
import type { MonteCarloPlan } from '../model/plan.js';
import type { MonteCarloSetup } from '../pipeline/options.js';
import { planFromOptions } from '../pipeline/plan-from-options.js';
import { monteCarloSetupFrom } from '../pipeline/monte-carlo-setup.js';
import { formatCost } from '../providers/pricing.js';
import type { ProviderKind } from '../providers/types.js';
import { estimateElo, estimateMonteCarlo, type McEstimate } from '../monte-carlo/estimate.js';
import { pluginSkillNames } from '../agent/project.js';
import { newRunId } from '../util/run-id.js';

export interface MonteCarloCli {
  setup: MonteCarloSetup;
  /** The plan the setup makes (what the estimate is of). */
  plan: MonteCarloPlan;
  runId: string;
  folder: string;
  estimate: McEstimate;
  /**
   * Said with the plan: a setting the run chose for the user (the messages runner's model on an OpenAI-compatible
   * server).
   */
  note?: string;
}

/**
 * The Monte Carlo setup of a run, or undefined when its depth does not run Layer 3; `--resume` continues a saved run.
 */
export async function monteCarloCli(
  resolved: ResolvedSettings,
  flags: MonteCarloFlags,
  input: { paths: readonly string[]; judgeModel: string | undefined; judgeKind?: ProviderKind },
): Promise<MonteCarloCli | undefined> {
  const s = resolved.settings;
  if (!DEPTH_PLAN[s.depth].layers.includes('monte_carlo')) {
    if (flags.resume !== undefined)
      throw new UsageError(
        `--resume applies to Monte Carlo runs (--depth deep or thorough, or certify); depth ${s.depth} runs none`,
      );
    if (flags.dryRun && !DEPTH_PLAN[s.depth].layers.includes('judge'))
      throw new UsageError(
        `--dry-run applies to runs that call a model (--depth standard, deep or thorough, or certify); ` +
          `depth ${s.depth} makes no call`,
      );
    return undefined;
  }
  if (flags.resume !== undefined && !/^[\w.-]{1,100}$/.test(flags.resume))
    throw new UsageError(`--resume ${flags.resume}: not a run id (the id printed when the run started)`);
  const runId = flags.resume ?? newRunId();
  const { setup, folder, stateDir, note } = await monteCarloSetupFrom(resolved, {
    runId,
    judgeModel: input.judgeModel,
    ...(input.judgeKind ? { judgeKind: input.judgeKind } : {}),
  });
  if (flags.resume !== undefined && (!existsSync(folder) || readdirSync(folder).length === 0)) {
    throw new UsageError(
      `--resume ${runId}: no saved Monte Carlo state in ${folder} (runs save their state in ${stateDir}/<run id>/)`,
    );
  }
  const plan = planFromOptions(input.paths, { depth: s.depth, monteCarlo: setup }).monteCarlo!;
  // Before the judge spends anything: an install without the Agent SDK stops here, saying how to add it.
  if (!flags.dryRun) await (await import('../agent/runners.js')).runnerReady(plan.runner);
  const skills = await countSkills(input.paths);
  return {
    setup,
    plan,
    runId,
    folder,
    estimate: estimateMonteCarlo({ skills, plan, judgeModel: input.judgeModel }),
    ...(note ? { note } : {}),
  };
}

export async function countSkills(paths: readonly string[]): Promise<number> {
  const { targets } = await discoverTargets(paths);
  let skills = 0;
  for (const t of targets) {
    // A plugin's skills are the ones its Monte Carlo runs install (the agent runner's own listing).
    skills += t.kind === 'skill' ? 1 : pluginSkillNames(t.dir).length;
  }
  return skills;
}

export function estimateLines(
  mc: MonteCarloCli,
  options: { dryRun: boolean; elo?: { references: number; judgeModel: string | undefined } },
): string[] {
  const { estimate: e, plan } = mc;
  const row = AGENT_RUNNER_TABLE[plan.runner];
  const runner = row.simulated ? `the ${plan.runner} runner (${row.label})` : row.label;
  return [
    ...(mc.note ? [mc.note] : []),
    ...(plan.sandbox || !row.usesTools ? [] : [`plugin-eval: warning: ${UNSANDBOXED_WARNING}`]),
    `plugin-eval: Monte Carlo plan: ${e.skills} skill${e.skills === 1 ? '' : 's'} x N = ${plan.maxRuns} = up ` +
      `to ${e.runs - e.upliftRuns} runs of ${runner}${e.upliftRuns > 0 ? ` (and up to ${e.upliftRuns} without the skill, for the uplift)` : ''} with ${plan.model}, about ${e.modelCalls} model calls, ${plan.concurrency} ` +
      `at once${plan.adaptive ? '; adaptive sampling may stop earlier' : ''}`,
    `plugin-eval: estimated cost at ` +
      `most ${e.costUsd === null ? 'unknown (a model has no price)' : formatCost(e.costUsd, 2)} ` +
      `(${e.assumptions})${plan.maxCostUsd !== null ? `; --max-cost ${formatCost(plan.maxCostUsd, 2)} stops it sooner` : ''}`,
    ...(options.elo ? [eloLine(e.skills, options.elo)] : []),
    options.dryRun
      ? 'plugin-eval: dry run: no agent was run'
      : `plugin-eval: run id ${mc.runId}: finished runs are saved in ${mc.folder} (an interrupted run continues ` +
        `with --resume ${mc.runId})`,
  ];
}

function eloLine(skills: number, elo: { references: number; judgeModel: string | undefined }): string {
  const e = estimateElo({ skills, ...elo });
  const cost =
    e.costUsd === null ? 'cost unknown (no price for the judge model)' : `estimated ${formatCost(e.costUsd, 2)} more`;
  return (
    `plugin-eval: Elo: up to ${elo.references} reference matchups per skill, each judged in both orders: up ` +
    `to ${e.calls} judge calls, ${cost}`
  );
}
