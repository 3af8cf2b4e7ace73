/**
 * Layer 3, Monte Carlo with the agent, as a table entry. It runs after the judge (`after`), so its adaptive
 * stop can ask whether more runs could still move the composite across a badge line. The agent runner, the
 * statistics and the SDKs load only when the layer runs.
 */
import { AGENT_RUNNER_TABLE } from '../../model/runner-kinds.js';
import type { DimensionName } from '../../model/dimensions.js';
import type { Layer } from './contract.js';
import { mergeLayerOutputs } from './merge.js';

/**
 * Dimensions PluginEval's methodology blends from Monte Carlo (src/monte-carlo/dimension-scores.ts says which it can
 * measure).
 */
export const MONTE_CARLO_DIMENSIONS: readonly DimensionName[] = [
  'triggering_accuracy',
  'orchestration_fitness',
  'output_quality',
  'scope_calibration',
  'token_efficiency',
  'robustness',
];

export const NO_AGENT_RUNNER =
  'the messages runner (a simulation of the agent) needs a model provider and none was given; dimensions Monte Carlo measures stay unmeasured';
export const NO_PROMPTS =
  'the Monte Carlo layer needs prompts: give --prompts FILE, or a judge provider to write them; dimensions it measures stay unmeasured';

export const MONTE_CARLO_LAYER: Layer = {
  name: 'monte_carlo',
  dimensions: MONTE_CARLO_DIMENSIONS,
  after: ['judge'],
  wants(plan, ctx) {
    const mc = plan.monteCarlo;
    if (mc === undefined || mc === null) return { reason: `depth ${plan.depth} does not run Monte Carlo` };
    // The real agent's runner is built when the layer runs; the simulation calls the judge's provider.
    if (
      ctx.agentRunner === undefined &&
      AGENT_RUNNER_TABLE[mc.runner].needsProvider &&
      ctx.providers.judge === undefined
    )
      return { reason: NO_AGENT_RUNNER };
    if (mc.prompts.file === null && ctx.providers.judge === undefined) return { reason: NO_PROMPTS };
    return true;
  },
  async run(skill, { plan, run, earlier }) {
    const mc = plan.monteCarlo;
    if (mc === undefined || mc === null) throw new Error('the Monte Carlo layer ran without a plan (wants() said no)');
    const { runMonteCarloLayer, defaultRunner } = await import('../../monte-carlo/layer.js');
    return runMonteCarloLayer(skill, {
      plan: mc,
      methodology: plan.methodology,
      runner: run.agentRunner ?? defaultRunner(mc, run.providers.judge, run.claudePath),
      ...(run.providers.judge && plan.judge
        ? { judge: { provider: run.providers.judge, model: plan.judge.model } }
        : {}),
      ...(run.signal ? { signal: run.signal } : {}),
      ...(run.events ? { events: run.events } : {}),
      ...(run.monteCarloStore ? { store: run.monteCarloStore } : {}),
      ...(run.spend ? { spend: run.spend } : {}),
      earlier: earlier ?? [],
    });
  },
  mergePlugin: (perSkill) => mergeLayerOutputs('monte_carlo', perSkill),
};
