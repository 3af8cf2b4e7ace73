/**
 * The Monte Carlo flags of `score` and `certify` and the settings they set. Kept apart from the set-up
 * (./monte-carlo-options.ts, loaded only when a run's depth has Monte Carlo), so a static run loads none of it.
 */
import type { Command } from 'commander';
import { SETTINGS, type SettingKey, type SettingsCommand } from '../config/settings.js';
import { addSettings } from './setting-flags.js';

export interface MonteCarloFlags {
  mcN?: string;
  adaptive?: boolean;
  uplift?: boolean;
  ciWidth?: string;
  mcMinPrompts?: string;
  maxCost?: string;
  runner?: string;
  sandbox?: boolean;
  agentModel?: string;
  prompts?: string;
  dryRun?: boolean;
  resume?: string;
}

/**
 * Settings that only matter when Monte Carlo runs (rows marked `monteCarlo`): left out of the settings line of other
 * runs.
 */
export const MONTE_CARLO_SETTINGS: readonly SettingKey[] = SETTINGS.filter((spec) => spec.monteCarlo).map(
  (spec) => spec.key,
);

/** The Monte Carlo settings score and certify take from the command line: those of them with a flag. */
export const MONTE_CARLO_FLAG_SETTINGS: readonly SettingKey[] = SETTINGS.filter(
  (spec) => spec.monteCarlo && spec.flag !== undefined,
).map((spec) => spec.key);

export function addMonteCarloOptions(cmd: Command, command: SettingsCommand): Command {
  return addSettings(cmd, command, MONTE_CARLO_FLAG_SETTINGS)
    .option('--dry-run', 'print the planned runs, model calls and estimated cost, then stop')
    .option('--resume <run-id>', 'continue an interrupted run: finished agent runs are reused from its saved state');
}
