/**
 * The judge an `evals` step uses (the analyst's notes, the comparator, the analyzer), from the resolved settings:
 * flags > environment > config file, as every command. `optional` steps (the analyst of `aggregate`) use a judge only
 * when one is configured (a provider named anywhere, or ANTHROPIC_API_KEY / OPENAI_API_KEY / OPENAI_BASE_URL set):
 * falling back to the Claude Code login on a machine without it would turn "no judge" into a failure.
 */
import { providerFlagSettings, providerOptionsFrom } from './provider-options.js';
import { Option, type Command } from 'commander';
import { resolveSettings } from '../config/resolve.js';
import { PluginEvalError } from '../errors.js';
import { environmentProvider } from '../providers/select.js';
import { EXIT } from './exit-codes.js';
import type { MadeProvider } from './judge-commands.js';

export interface JudgeFlags {
  provider?: string;
  model?: string;
  baseUrl?: string;
  requestTimeout?: string;
  cache?: boolean;
}

export function withJudgeFlags(command: Command): Command {
  return command
    .option('--provider <name>', 'judge provider: anthropic | openai | ollama | claude-code')
    .option('--model <model>', 'judge model (alias or id)')
    .option('--base-url <url>', 'API base URL of the provider')
    .option('--request-timeout <seconds>', 'seconds one model call attempt may take before it is cut and retried (default: 120; raise it for a slow local model)')
    .option('--no-cache', 'neither read nor write the response cache')
    .addOption(new Option('--output <format>', 'what to print').choices(['text', 'json']).default('text'));
}

export type JudgeChoice = { judge: MadeProvider } | { judge: undefined; reason: string };

export async function evalsJudge(flags: JudgeFlags, configFile: string | undefined, mode: 'optional' | 'required', env: NodeJS.ProcessEnv = process.env): Promise<JudgeChoice> {
  const { settings: s, provenance } = await resolveSettings({
    command: 'evals',
    given: providerFlagSettings(flags),
    ...(configFile !== undefined ? { config: configFile } : {}),
    env,
  });
  if (mode === 'optional' && s.provider === undefined && environmentProvider(env).variable === undefined) {
    return { judge: undefined, reason: 'no judge provider configured (no --provider, PLUGIN_EVAL_PROVIDER, config provider, ANTHROPIC_API_KEY or OPENAI_API_KEY)' };
  }
  const { makeProvider } = await import('./provider-setup.js');
  const judge = await makeProvider(providerOptionsFrom({ settings: s, provenance }));
  return { judge };
}

/**
 * A step that could not measure (every run of a configuration an infra failure, a judge reply unusable after the
 * repair request) says so in its own words and exits 3; anything else is passed on to the CLI's error handling.
 */
export function reportNotMeasured(error: unknown, step: string, ctx: { ui: { stderr(line: string): void }; setExit(code: number): void }): void {
  if (!(error instanceof PluginEvalError) || error.code !== 'NOT_MEASURED') throw error;
  ctx.ui.stderr(`plugin-eval: evals ${step}: ${error.message}`);
  ctx.setExit(EXIT.NOT_MEASURED);
}
