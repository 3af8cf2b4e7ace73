/**
 * The judge an `evals` step uses (the analyst's notes, the comparator, the analyzer), from the resolved settings:
 * flags > environment > config file, as every command. `optional` steps (the analyst of `aggregate`) use a judge only
 * when one is configured (a provider named anywhere, or ANTHROPIC_API_KEY / OPENAI_API_KEY / OPENAI_BASE_URL set):
 * falling back to the Claude Code login on a machine without it would turn "no judge" into a failure.
 */
import { providerOptionsFrom } from '../config/provider-setup.js';
import { addSettings, PROVIDER_FLAG_SETTINGS, typedSettings } from './setting-flags.js';
import { Option, type Command } from 'commander';
import { resolveSettings } from '../config/resolve.js';
import { PluginEvalError } from '../errors.js';
import { environmentProvider } from '../providers/select.js';
import { EXIT } from './exit-codes.js';
import type { MadeProvider } from './commands/judge.js';
import { DEFAULT_SUMMARY_OUTPUT, SUMMARY_OUTPUTS } from '../reporters/summary-output.js';

export interface JudgeFlags {
  provider?: string;
  model?: string;
  baseUrl?: string;
  requestTimeout?: string;
  cache?: boolean;
}

export function withJudgeFlags(command: Command): Command {
  return addSettings(command, 'evals', PROVIDER_FLAG_SETTINGS, {
    provider: 'judge provider: anthropic | openai | ollama | claude-code',
    model: 'judge model (alias or id)',
    baseUrl: 'API base URL of the provider',
  }).addOption(
    new Option('--output <format>', 'what to print').choices(SUMMARY_OUTPUTS).default(DEFAULT_SUMMARY_OUTPUT),
  );
}

export type JudgeChoice = { judge: MadeProvider } | { judge: undefined; reason: string };

export async function evalsJudge(
  flags: JudgeFlags,
  configFile: string | undefined,
  mode: 'optional' | 'required',
  env: NodeJS.ProcessEnv = process.env,
): Promise<JudgeChoice> {
  const { settings: s, provenance } = await resolveSettings({
    command: 'evals',
    given: typedSettings(flags, PROVIDER_FLAG_SETTINGS),
    ...(configFile !== undefined ? { config: configFile } : {}),
    env,
  });
  if (mode === 'optional' && s.provider === undefined && environmentProvider(env).variable === undefined) {
    return {
      judge: undefined,
      reason:
        'no judge provider configured (no --provider, PLUGIN_EVAL_PROVIDER, config provider, ANTHROPIC_API_KEY ' +
        'or OPENAI_API_KEY)',
    };
  }
  const { makeProvider } = await import('./provider-setup.js');
  const judge = await makeProvider(providerOptionsFrom({ settings: s, provenance }));
  return { judge };
}

/**
 * A step that could not measure (every run of a configuration an infra failure, a judge reply unusable after the
 * repair request) says so in its own words and exits 3; anything else is passed on to the CLI's error handling.
 */
export function reportNotMeasured(
  error: unknown,
  step: string,
  ctx: { ui: { stderr(line: string): void }; setExit(code: number): void },
): void {
  if (!(error instanceof PluginEvalError) || error.code !== 'NOT_MEASURED') throw error;
  ctx.ui.stderr(`plugin-eval: evals ${step}: ${error.message}`);
  ctx.setExit(EXIT.NOT_MEASURED);
}
