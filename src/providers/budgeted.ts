/**
 * A provider whose calls go through the run's cost ledger (src/providers/spend.ts): the outermost wrapper of the
 * judge's stack for a run with --max-cost, so every call of the run is asked for before it starts and counted when it
 * ends.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import type { SpendLedger } from './spend.js';
import type { CompletionRequest, CompletionResult, Provider, ProviderEndpoint } from './types.js';

/**
 * Calls through the ledger: refused with CostCapReachedError once the cap is reached, and
 * each finished call's cost counted (a cache hit costs 0; a failed call is counted at 0, its cost unknown to us).
 */
export class BudgetedProvider implements Provider {
  readonly name: string;
  readonly endpoint: ProviderEndpoint | undefined;
  readonly concurrency: number | undefined;
  readonly #inner: Provider;
  readonly #ledger: SpendLedger;
  /**
   * A call is asked for when it is about to be sent, not when it is issued: the judge issues a skill's calls all at
   * once and the reliability layer queues them, so asking at issue would let every queued call through after the cap.
   * As many slots as the provider sends at once (default 4, the reliability layer's default).
   */
  readonly #slots: LimitFunction;

  /** The provider underneath, for work the ledger counts as a whole elsewhere (an agent run made of several calls). */
  get inner(): Provider {
    return this.#inner;
  }

  constructor(inner: Provider, ledger: SpendLedger) {
    this.#inner = inner;
    this.#ledger = ledger;
    this.#slots = pLimit(inner.concurrency ?? 4);
    this.concurrency = inner.concurrency;
    this.name = inner.name;
    this.endpoint = inner.endpoint;
  }

  complete<T = string>(request: CompletionRequest<T>): Promise<CompletionResult<T>> {
    return this.#slots(() => this.#complete(request));
  }

  async #complete<T>(request: CompletionRequest<T>): Promise<CompletionResult<T>> {
    this.#ledger.beginOrThrow();
    let cost: number | null = 0;
    try {
      const result = await this.#inner.complete(request);
      cost = result.cached ? 0 : result.priced && result.usageReported ? result.costUsd : null;
      return result;
    } finally {
      this.#ledger.end(cost);
    }
  }
}

/** The provider without the ledger: for a runner whose runs the ledger counts whole (the messages runner). */
export function unbudgeted(provider: Provider): Provider {
  return provider instanceof BudgetedProvider ? provider.inner : provider;
}

/** The provider as the run should use it: through the ledger when a cap is set, as it is otherwise. */
export function budgeted(provider: Provider, ledger: SpendLedger | undefined): Provider {
  return ledger === undefined || ledger.maxCostUsd === null ? provider : new BudgetedProvider(provider, ledger);
}
