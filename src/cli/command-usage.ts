/**
 * What one command's model calls used, by provider and model. Every provider the CLI builds (provider-setup.ts,
 * the one mapping from settings to a provider) records its calls into the ledger of the command that is running,
 * so an `evals` or `judge` step recorded in the results store (record-other-run.ts) carries its tokens, cost,
 * provider and models; agent runs, which run outside the providers, are noted by their command (noteAgentUsage).
 * A new ledger per command: tests run many commands in one process.
 */
import { UsageLedger } from '../providers/pricing.js';
import type { CompletionRequest, CompletionResult, Provider } from '../providers/types.js';

/** Agent runs' usage (they run outside the providers): the runner, the model, their tokens and cost. */
export interface AgentUsage {
  runner: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** null: a run's model had no price. */
  costUsd: number | null;
}

let current = new UsageLedger();
let agents: AgentUsage[] = [];

/** A fresh ledger for the command about to run. */
export function startCommandUsage(): UsageLedger {
  current = new UsageLedger();
  agents = [];
  return current;
}

/** What the command's agent runs used (evals run), said once by the command when they are done. */
export function noteAgentUsage(usage: AgentUsage): void {
  agents.push(usage);
}

/** The agent usage noted for the running command. */
export function agentUsage(): readonly AgentUsage[] {
  return agents;
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
