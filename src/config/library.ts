import { ruleConfigOf, type RuleConfig } from '../lint/apply-rule-config.js';
import { resolveSettings, settingPath } from './resolve.js';
import type { Provenance } from './resolve.js';
import type { AgentRunnerKind } from '../agent/runner-kinds.js';
import type { Depth, Methodology } from '../model/dimensions.js';

/** The part of the library's ScoreOptions the resolver reads and fills (structural, so config/ needs nothing from api/). */
export interface LibraryScoreSettings {
  methodology?: Methodology;
  depth?: Depth;
  jobs?: number;
  threads?: number | 'auto';
  /** --max-cost for the whole run (the Monte Carlo set-up's `maxCostUsd` is the same setting). */
  maxCostUsd?: number;
  judge?: { judges?: number; budgetTokens?: number };
  monteCarlo?: { maxRuns?: number; adaptive?: boolean; ciWidth?: number; maxCostUsd?: number; runnerKind?: AgentRunnerKind; model?: string; promptsFile?: string };
  config?: string | false;
  provenance?: Provenance;
  ruleConfig?: RuleConfig;
}

/**
 * The library's `score(paths, options)`: options > PLUGIN_EVAL_* environment > the config file (found from the
 * working folder unless `options.config` is a path or false) > defaults. A judge is never built from the file:
 * the caller hands the provider in; its sample count and token budget come from the settings when not given.
 */
export async function resolveLibraryOptions<O extends LibraryScoreSettings>(options: O): Promise<O> {
  const resolved = await resolveSettings({
    command: 'library',
    given: {
      ...(options.methodology !== undefined ? { methodology: options.methodology } : {}),
      ...(options.depth !== undefined ? { depth: options.depth } : {}),
      ...(options.jobs !== undefined ? { jobs: options.jobs } : {}),
      ...(options.threads !== undefined ? { threads: options.threads } : {}),
      ...(options.judge?.judges !== undefined ? { judges: options.judge.judges } : {}),
      ...(options.judge?.budgetTokens !== undefined ? { budgetTokens: options.judge.budgetTokens } : {}),
      ...monteCarloGiven(options.monteCarlo),
      ...(options.maxCostUsd !== undefined ? { maxCost: options.maxCostUsd } : {}),
    },
    ...(options.config !== undefined ? { config: options.config } : {}),
  });
  const s = resolved.settings;
  const fileRules = ruleConfigOf(s, resolved.configFile);
  return {
    ...options,
    methodology: s.methodology,
    depth: s.depth,
    jobs: s.jobs,
    threads: s.threads,
    ...(s.maxCost !== undefined ? { maxCostUsd: s.maxCost } : {}),
    ...(options.judge ? { judge: { ...options.judge, judges: s.judges, budgetTokens: s.budgetTokens } } : {}),
    monteCarlo: {
      ...options.monteCarlo,
      ...(s.mcN !== undefined ? { maxRuns: s.mcN } : {}),
      ...(s.adaptive !== undefined ? { adaptive: s.adaptive } : {}),
      ciWidth: s.ciWidth,
      ...(s.maxCost !== undefined ? { maxCostUsd: s.maxCost } : {}),
      runnerKind: s.runner,
      sandbox: s.sandbox,
      model: s.agentModel,
      ...(s.prompts !== undefined ? { promptsFile: settingPath(resolved, 'prompts', s.prompts) } : {}),
    },
    provenance: { ...resolved.provenance, ...options.provenance },
    // The file's rule settings apply unless the caller passed its own.
    ...(options.ruleConfig === undefined && fileRules ? { ruleConfig: fileRules } : {}),
  };
}

function monteCarloGiven(mc: LibraryScoreSettings['monteCarlo']): Record<string, unknown> {
  if (mc === undefined) return {};
  return {
    ...(mc.maxRuns !== undefined ? { mcN: mc.maxRuns } : {}),
    ...(mc.adaptive !== undefined ? { adaptive: mc.adaptive } : {}),
    ...(mc.ciWidth !== undefined ? { ciWidth: mc.ciWidth } : {}),
    ...(mc.maxCostUsd !== undefined ? { maxCost: mc.maxCostUsd } : {}),
    ...(mc.runnerKind !== undefined ? { runner: mc.runnerKind } : {}),
    ...(mc.model !== undefined ? { agentModel: mc.model } : {}),
    ...(mc.promptsFile !== undefined ? { prompts: mc.promptsFile } : {}),
  };
}
