/** The plan and context the library's `score(paths, options)` runs, built from its options (no zod here). */
import { DEPTH_PLAN } from '../model/dimensions.js';
import type { RuleConfig } from '../lint/apply-rule-config.js';
import type { ScoreOptions } from './options.js';
import type { RunContext } from './context.js';
import type { ScorePlan } from './plan.js';

/** The seed's "at least 5" reference skills. */
export const DEFAULT_ELO_REFERENCES = 5;

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
      ? { elo: { corpusDir: options.elo.corpusDir, model: options.elo.model ?? judge?.model ?? '', references: Math.max(1, options.elo.references ?? DEFAULT_ELO_REFERENCES), seed: options.elo.seed ?? 0 } }
      : {}),
    seeds: {},
    samples: { judge: judge?.judges && judge.judges > 0 ? judge.judges : 1, monteCarloRuns: null },
    budget: { materialTokens: judge?.budgetTokens ? judge.budgetTokens : null },
    jobs: Math.max(1, options.jobs ?? 4),
    ...(options.ruleConfig ? { ruleConfig: planRuleConfig(options.ruleConfig) } : {}),
  };
}

export function contextFromOptions(options: ScoreOptions = {}): RunContext {
  return {
    providers: options.judge ? { judge: options.judge.provider } : {},
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.events ? { events: options.events } : {}),
    ...(options.layers ? { layers: options.layers } : {}),
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
