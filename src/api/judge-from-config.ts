/**
 * Providers and the judge from the settings, for library callers as the CLI makes them: options > PLUGIN_EVAL_*
 * environment > the config file (found from the working folder unless `config` is a path or false) > defaults,
 * then selection, retries, concurrency, request timeout, prices and the response cache (config/provider-setup.ts).
 */
import {
  makeProvider,
  providerOptionsFrom,
  type MadeProvider,
  type ProviderSetupOptions,
} from '../config/provider-setup.js';
import { resolveSettings, type ResolvedSettings } from '../config/resolve.js';
import { JUDGE_PROVIDER_SETTINGS } from '../config/settings.js';
import type { JudgeSetup } from '../pipeline/options.js';

/**
 * The provider and judge settings a caller may give; each is named as in the settings table (docs/configuration.md).
 */
export interface ProviderFromConfigOptions {
  provider?: string;
  model?: string;
  judgeModels?: string[];
  judges?: number;
  baseUrl?: string;
  concurrency?: number;
  /** Seconds one model call attempt may take. */
  requestTimeout?: number;
  budgetTokens?: number;
  cache?: boolean;
  /** A config file, false for none, undefined to look for plugin-eval.config.json from `cwd` up. */
  config?: string | false;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Where the warning of a failing response cache goes; default stderr. */
  warn?: (line: string) => void;
}

async function resolveProviderSettings(options: ProviderFromConfigOptions): Promise<ResolvedSettings> {
  const bag = options as Record<string, unknown>;
  return resolveSettings({
    command: 'judge',
    given: Object.fromEntries(
      JUDGE_PROVIDER_SETTINGS.filter((key) => bag[key] !== undefined).map((key) => [key, bag[key]]),
    ),
    givenAsOptions: true,
    ...(options.config !== undefined ? { config: options.config } : {}),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.env !== undefined ? { env: options.env } : {}),
  });
}

/** The judge setup the settings ask for, from a made provider: the panel, the samples and the token budget too. */
export async function judgeSetupFrom(
  resolved: ResolvedSettings,
  make: (opts: ProviderSetupOptions) => Promise<MadeProvider> = makeProvider,
  warn?: (line: string) => void,
): Promise<JudgeSetup> {
  const s = resolved.settings;
  const made = await make({ ...providerOptionsFrom(resolved), ...(warn ? { warn } : {}) });
  return {
    provider: made.provider,
    model: made.model,
    description: made.description,
    ...(s.judgeModels && s.judgeModels.length > 1 ? { judgeModels: s.judgeModels } : {}),
    judges: s.judges,
    budgetTokens: s.budgetTokens,
  };
}

/**
 * A provider as the CLI builds one from the same settings (`score(paths, { judge })` takes `judgeFromConfig` whole).
 */
export async function providerFromConfig(options: ProviderFromConfigOptions = {}): Promise<MadeProvider> {
  const resolved = await resolveProviderSettings(options);
  return makeProvider({ ...providerOptionsFrom(resolved), ...(options.warn ? { warn: options.warn } : {}) });
}

/** The judge setup for `score(paths, { judge })`, from the settings as `score --depth standard` makes it. */
export async function judgeFromConfig(options: ProviderFromConfigOptions = {}): Promise<JudgeSetup> {
  return judgeSetupFrom(await resolveProviderSettings(options), makeProvider, options.warn);
}
