/**
 * What one command's model calls used, by provider and model. Every provider the CLI builds (provider-setup.ts,
 * the one mapping from settings to a provider) records its calls into the ledger of the command that is running,
 * so an `evals` or `judge` step recorded in the results store (record-other-run.ts) carries its tokens, cost,
 * provider and models. A new ledger per command: tests run many commands in one process.
 */
import { UsageLedger } from '../providers/pricing.js';
import type { CompletionRequest, CompletionResult, Provider } from '../providers/types.js';

let current = new UsageLedger();

/** A fresh ledger for the command about to run. */
export function startCommandUsage(): UsageLedger {
  current = new UsageLedger();
  return current;
}

/** The ledger of the running command. */
export function commandUsage(): UsageLedger {
  return current;
}

/** The provider, with each finished call recorded in the ledger of the command it was built for. */
export function recordingCommandUsage(provider: Provider): Provider {
  const ledger = current;
  return {
    name: provider.name,
    ...(provider.endpoint ? { endpoint: provider.endpoint } : {}),
    async complete<T = string>(request: CompletionRequest<T>): Promise<CompletionResult<T>> {
      const result = await provider.complete(request);
      ledger.record(result);
      return result;
    },
  };
}
