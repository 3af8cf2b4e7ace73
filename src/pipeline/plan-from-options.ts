/** The plan and context the library's `score(paths, options)` runs, built from its options (no zod here). */
import { DEFAULT_AGENT_RUNNER, isAgentRunnerKind } from '../model/runner-kinds.js';
import { DEPTH_PLAN } from '../model/dimensions.js';
import type { RuleConfig } from '../rules/config/apply-rule-config.js';
import type { Depth } from '../model/dimensions.js';
import { DEFAULT_ELO_REFERENCES } from '../config/settings.js';
import {
  DEFAULT_ALLOWED_TOOLS,
  DEFAULT_MAX_TURNS,
  DEFAULT_MIN_PROMPTS,
  DEFAULT_TIMEOUT_MS,
} from '../agent/defaults.js';
import type { MonteCarloSetup, ScoreOptions } from './options.js';
import type { RunContext } from './context.js';
import type { ScorePlan } from './plan.js';

/** The "at least 5" reference skills of PluginEval's methodology. */

export function planFromOptions(paths: readonly string[], options: ScoreOptions = {}): ScorePlan {
  const depth = options.depth ?? 'quick';
  const judge = options.judge;
  return {
    planVersion: 1, // PLAN_SCHEMA_VERSION (src/model/plan.ts): the literal keeps zod out of the scoring path; the type checks it
    targets: [...paths],
    depth,
    methodology: options.methodology ?? 'default',
    layers: [...DEPTH_PLAN[depth].layers],
    judge: judge
      ? {
          provider: judge.description ?? judge.provider.name,
          baseURL: judge.provider.endpoint?.baseURL ?? null,
          model: judge.model,
          judgeModels: judge.judgeModels ?? [],
        }
      : null,
    // No judge model means no provider either: finalise then says Elo was not measured, so the model is never used.
    ...(options.elo
      ? {
          elo: {
            corpusDir: options.elo.corpusDir,
            model: options.elo.model ?? judge?.model ?? '',
            references: Math.max(1, options.elo.references ?? DEFAULT_ELO_REFERENCES),
            seed: options.elo.seed ?? 0,
          },
        }
      : {}),
    seeds: {},
    monteCarlo: monteCarloPlan(depth, options.monteCarlo),
    samples: {
      judge: judge?.judges && judge.judges > 0 ? judge.judges : 1,
      monteCarloRuns: DEPTH_PLAN[depth].layers.includes('monte_carlo')
        ? monteCarloRuns(depth, options.monteCarlo)
        : null,
    },
    budget: {
      materialTokens: judge?.budgetTokens ? judge.budgetTokens : null,
      maxCostUsd: options.maxCostUsd ?? options.monteCarlo?.maxCostUsd ?? null,
    },
    jobs: Math.max(1, options.jobs ?? 4),
    ...(options.ruleConfig ? { ruleConfig: planRuleConfig(options.ruleConfig) } : {}),
  };
}

/** N when none is given: the methodology's 50 at deep, 100 at thorough. */
export const MONTE_CARLO_RUNS: Readonly<Partial<Record<Depth, number>>> = { deep: 50, thorough: 100 };
export const MONTE_CARLO_PROMPTS = { positives: 10, negatives: 10 } as const;
export const DEFAULT_AGENT_MODEL = 'sonnet';

const monteCarloRuns = (depth: Depth, mc: MonteCarloSetup | undefined): number =>
  mc?.maxRuns ?? MONTE_CARLO_RUNS[depth] ?? 50;

function monteCarloPlan(depth: Depth, mc: MonteCarloSetup | undefined): ScorePlan['monteCarlo'] {
  if (!DEPTH_PLAN[depth].layers.includes('monte_carlo')) return null;
  return {
    // A runner handed in is what runs, whatever the settings say.
    runner:
      typeof mc?.runner === 'object'
        ? isAgentRunnerKind(mc.runner.name)
          ? mc.runner.name
          : DEFAULT_AGENT_RUNNER
        : (mc?.runner ?? DEFAULT_AGENT_RUNNER),
    model: mc?.model ?? DEFAULT_AGENT_MODEL,
    sandbox: mc?.sandbox ?? true,
    maxRuns: monteCarloRuns(depth, mc),
    adaptive: mc?.adaptive ?? true,
    ciWidth: mc?.ciWidth ?? 0.05,
    minPrompts: mc?.minPrompts ?? DEFAULT_MIN_PROMPTS,
    concurrency: Math.max(1, mc?.concurrency ?? 4),
    maxCostUsd: mc?.maxCostUsd ?? null,
    prompts: {
      file: mc?.promptsFile ?? null,
      positives: mc?.positives ?? MONTE_CARLO_PROMPTS.positives,
      negatives: mc?.negatives ?? MONTE_CARLO_PROMPTS.negatives,
    },
    maxTurns: mc?.maxTurns ?? DEFAULT_MAX_TURNS,
    timeoutMs: mc?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    allowedTools: [...(mc?.allowedTools ?? DEFAULT_ALLOWED_TOOLS)],
    ...(mc?.uplift ? { uplift: true } : {}),
    seed: mc?.seed ?? 1,
  };
}

export function contextFromOptions(options: ScoreOptions = {}): RunContext {
  return {
    providers: options.judge ? { judge: options.judge.provider } : {},
    ...(typeof options.monteCarlo?.runner === 'object' ? { agentRunner: options.monteCarlo.runner } : {}),
    ...(options.monteCarlo?.store ? { monteCarloStore: options.monteCarlo.store } : {}),
    ...(options.monteCarlo?.claudePath === undefined ? {} : { claudePath: options.monteCarlo.claudePath }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.threads !== undefined ? { threads: options.threads } : {}),
    ...(options.events ? { events: options.events } : {}),
    ...(options.layers ? { layers: options.layers } : {}),
    ...(options.reuse ? { reuse: options.reuse } : {}),
    ...(options.onTargets ? { onTargets: options.onTargets } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.onResult ? { onResult: options.onResult } : {}),
    ...(options.retainResults !== undefined ? { retainResults: options.retainResults } : {}),
    ...(options.provenance ? { provenance: options.provenance } : {}),
    ...(options.runId ? { runId: options.runId } : {}),
    ...(options.onRunEnd ? { onRunEnd: options.onRunEnd } : {}),
  };
}

/** The rule configuration as plan data (plain copies: a plan is serialised and sent as it is). */
function planRuleConfig(config: RuleConfig): NonNullable<ScorePlan['ruleConfig']> {
  return {
    ...(config.rules ? { rules: { ...config.rules } } : {}),
    ...(config.ignorePatterns ? { ignorePatterns: [...config.ignorePatterns] } : {}),
    ...(config.baseDir !== undefined ? { baseDir: config.baseDir } : {}),
  };
}
