import { ruleConfigOf, type RuleConfig } from '../lint/apply-rule-config.js';
import { resolveSettings, settingPath } from './resolve.js';
import type { Provenance } from './resolve.js';
import type { SettingKey } from './settings.js';
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
  /** `runner`: a kind from the settings, or a runner object of the caller's (left as given). */
  monteCarlo?: { maxRuns?: number; adaptive?: boolean; ciWidth?: number; maxCostUsd?: number; runner?: AgentRunnerKind | object; sandbox?: boolean; model?: string; promptsFile?: string };
  config?: string | false;
  provenance?: Provenance;
  ruleConfig?: RuleConfig;
}

/**
 * Where each setting sits in the options object, where its name there is not the setting's own (the Monte Carlo
 * set-up's model and prompts file; the judge's samples and budget). Everything else has the setting's name.
 */
const OPTION_PATHS: Readonly<Partial<Record<SettingKey, readonly [string, string]>>> = {
  judges: ['judge', 'judges'],
  budgetTokens: ['judge', 'budgetTokens'],
  maxRuns: ['monteCarlo', 'maxRuns'],
  adaptive: ['monteCarlo', 'adaptive'],
  ciWidth: ['monteCarlo', 'ciWidth'],
  runner: ['monteCarlo', 'runner'],
  sandbox: ['monteCarlo', 'sandbox'],
  agentModel: ['monteCarlo', 'model'],
  prompts: ['monteCarlo', 'promptsFile'],
};
const TOP_LEVEL: readonly SettingKey[] = ['methodology', 'depth', 'jobs', 'threads', 'maxCostUsd'];

/** The settings the caller gave in the options object (the Monte Carlo set-up's cap counts when the run's is absent). */
function givenSettings(options: LibraryScoreSettings): Partial<Record<SettingKey, unknown>> {
  const bag = options as Record<string, unknown>;
  const given: Partial<Record<SettingKey, unknown>> = {};
  for (const key of TOP_LEVEL) if (bag[key] !== undefined) given[key] = bag[key];
  for (const [key, [group, name]] of Object.entries(OPTION_PATHS) as [SettingKey, readonly [string, string]][]) {
    const value = (bag[group] as Record<string, unknown> | undefined)?.[name];
    // A runner object is the caller's own harness, not a setting.
    if (value !== undefined && !(key === 'runner' && typeof value === 'object')) given[key] = value;
  }
  if (given.maxCostUsd === undefined && options.monteCarlo?.maxCostUsd !== undefined) given.maxCostUsd = options.monteCarlo.maxCostUsd;
  return given;
}

/**
 * The library's `score(paths, options)`: options > PLUGIN_EVAL_* environment > the config file (found from the
 * working folder unless `options.config` is a path or false) > defaults. A judge is never built from the file:
 * the caller hands the provider in; its sample count and token budget come from the settings when not given.
 */
export async function resolveLibraryOptions<O extends LibraryScoreSettings>(options: O): Promise<O> {
  const resolved = await resolveSettings({
    command: 'library',
    given: givenSettings(options),
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
    ...(s.maxCostUsd !== undefined ? { maxCostUsd: s.maxCostUsd } : {}),
    ...(options.judge ? { judge: { ...options.judge, judges: s.judges, budgetTokens: s.budgetTokens } } : {}),
    monteCarlo: {
      ...options.monteCarlo,
      ...(s.maxRuns !== undefined ? { maxRuns: s.maxRuns } : {}),
      ...(s.adaptive !== undefined ? { adaptive: s.adaptive } : {}),
      ciWidth: s.ciWidth,
      ...(s.maxCostUsd !== undefined ? { maxCostUsd: s.maxCostUsd } : {}),
      ...(typeof options.monteCarlo?.runner === 'object' ? {} : { runner: s.runner }),
      sandbox: s.sandbox,
      model: s.agentModel,
      ...(s.prompts !== undefined ? { promptsFile: settingPath(resolved, 'prompts', s.prompts) } : {}),
    },
    provenance: { ...resolved.provenance, ...options.provenance },
    // The file's rule settings apply unless the caller passed its own.
    ...(options.ruleConfig === undefined && fileRules ? { ruleConfig: fileRules } : {}),
  };
}
