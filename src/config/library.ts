import { ruleConfigOf, type RuleConfig } from '../rules/config/apply-rule-config.js';
import { resolveSettings, settingPath } from './resolve.js';
import type { Provenance } from './resolve.js';
import { SETTINGS, type SettingKey, type SettingSpec } from './settings.js';
import type { AgentRunnerKind } from '../model/runner-kinds.js';
import type { Depth, Methodology } from '../model/dimensions.js';

/**
 * The part of the library's ScoreOptions the resolver reads and fills (structural, so config/ needs nothing from api/).
 */
export interface LibraryScoreSettings {
  methodology?: Methodology;
  depth?: Depth;
  jobs?: number;
  threads?: number | 'auto';
  /** --max-cost for the whole run (the Monte Carlo set-up's `maxCostUsd` is the same setting). */
  maxCostUsd?: number;
  judge?: { judges?: number; budgetTokens?: number };
  /** `runner`: a kind from the settings, or a runner object of the caller's (left as given). */
  monteCarlo?: {
    maxRuns?: number;
    adaptive?: boolean;
    uplift?: boolean;
    ciWidth?: number;
    minPrompts?: number;
    maxCostUsd?: number;
    runner?: AgentRunnerKind | object;
    sandbox?: boolean;
    model?: string;
    promptsFile?: string;
  };
  config?: string | false;
  provenance?: Provenance;
  ruleConfig?: RuleConfig;
}

/** The settings the library takes, each from the options path its row names (`library`). */
const LIBRARY_SETTINGS = SETTINGS.filter(
  (spec): spec is SettingSpec & { library: readonly string[] } => spec.library !== undefined,
);

function valueAt(bag: unknown, at: readonly string[]): unknown {
  return at.reduce<unknown>(
    (node, name) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[name] : undefined),
    bag,
  );
}

/**
 * The settings the caller gave in the options object (the Monte Carlo set-up's cap counts when the run's is absent).
 */
function givenSettings(options: LibraryScoreSettings): Partial<Record<SettingKey, unknown>> {
  const given: Partial<Record<SettingKey, unknown>> = {};
  for (const spec of LIBRARY_SETTINGS) {
    const value = valueAt(options, spec.library);
    // A runner object is the caller's own harness, not a setting.
    if (value !== undefined && !(spec.key === 'runner' && typeof value === 'object')) given[spec.key] = value;
  }
  if (given.maxCostUsd === undefined && options.monteCarlo?.maxCostUsd !== undefined)
    given.maxCostUsd = options.monteCarlo.maxCostUsd;
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
  const out: Record<string, unknown> = {
    ...(options as Record<string, unknown>),
    monteCarlo: { ...options.monteCarlo },
  };
  if (options.judge) out.judge = { ...options.judge };
  for (const spec of LIBRARY_SETTINGS) {
    const [group, name] = spec.library.length === 2 ? spec.library : [undefined, spec.library[0]!];
    const value =
      spec.key === 'prompts' && s.prompts !== undefined ? settingPath(resolved, 'prompts', s.prompts) : s[spec.key];
    const target = (group === undefined ? out : out[group]) as Record<string, unknown> | undefined;
    // No judge given: none is made from settings. A runner object stays the caller's.
    if (value === undefined || target === undefined || (spec.key === 'runner' && typeof target.runner === 'object'))
      continue;
    target[name!] = value;
  }
  if (s.maxCostUsd !== undefined) (out.monteCarlo as Record<string, unknown>).maxCostUsd = s.maxCostUsd;
  return {
    ...(out as O),
    provenance: { ...resolved.provenance, ...options.provenance },
    // The file's rule settings apply unless the caller passed its own.
    ...(options.ruleConfig === undefined && fileRules ? { ruleConfig: fileRules } : {}),
  };
}
