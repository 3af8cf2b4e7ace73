/**
 * The CLI's providers: the library's (config/provider-setup.ts, built from the settings) with every call recorded
 * in the running command's usage ledger, so an `evals` or `judge` step in the results store carries its cost.
 */
import {
  makeProvider as makeSettingsProvider,
  type MadeProvider,
  type ProviderSetupOptions,
} from '../config/provider-setup.js';
import { recordingCommandUsage } from './command-usage.js';

export type { MadeProvider, ProviderSetupOptions };

export async function makeProvider(opts: ProviderSetupOptions): Promise<MadeProvider> {
  const made = await makeSettingsProvider(opts);
  return { ...made, provider: recordingCommandUsage(made.provider) };
}
