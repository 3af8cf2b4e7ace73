/**
 * The run's one cost ledger: every model call and agent run of a run (judge calls at every depth, prompt writing,
 * grading, agent runs, Elo matchups) is counted here, and `--max-cost` is enforced here alone. A call asks before
 * it starts (`begin`) and is refused once the spend has reached the cap, so a run overspends by at most what the
 * calls already in flight cost. Refused work is reported as not measured (the run is partial), never as a score.
 */
import { PluginEvalError, ProviderError } from '../errors.js';

/** What the ledger says about the run at its end (the run log's `spend`). */
export interface SpendSummary {
  /** The cap (`--max-cost`), null when none was set. */
  maxCostUsd: number | null;
  /** USD spent by priced calls and runs. */
  spentUsd: number;
  /** Calls and agent runs counted (finished, refused ones apart). */
  calls: number;
  /** Some call's cost is unknown (a model without a price, no usage reported): the cap cannot be enforced on it. */
  unknownCost: boolean;
  /** The cap was reached and later work was refused. */
  reached: boolean;
  /** Calls or runs under way when the cap was reached, the one that reached it included: what may overshoot it. */
  inFlightWhenReached: number;
  /** Calls or runs refused because the cap was reached. */
  refused: number;
}

/** Work refused because `--max-cost` was reached: not measured, never a property of the skill. */
export class CostCapReachedError extends ProviderError {
  constructor(reason: string) {
    super(reason, { retryable: false });
    this.name = 'CostCapReachedError';
  }
}

export const isCostCapReached = (error: unknown): error is CostCapReachedError => error instanceof CostCapReachedError;

export class SpendLedger {
  readonly maxCostUsd: number | null;
  #spent = 0;
  #calls = 0;
  #inFlight = 0;
  #unknown = false;
  #reachedWith: number | undefined;
  #refused = 0;

  constructor(maxCostUsd: number | null | undefined) {
    if (maxCostUsd !== null && maxCostUsd !== undefined && !(maxCostUsd > 0))
      throw new PluginEvalError('INPUT', `--max-cost must be above 0 (got ${maxCostUsd})`);
    this.maxCostUsd = maxCostUsd ?? null;
  }

  get spentUsd(): number {
    return this.#spent;
  }

  /** True once the spend has reached the cap: no further call or run starts. */
  get reached(): boolean {
    return this.#reachedWith !== undefined;
  }

  /** Why work stops, in words (for notes, reasons and stderr). */
  get reason(): string {
    return `--max-cost $${this.maxCostUsd ?? 0} reached ($${this.#spent.toFixed(4)} spent)`;
  }

  /** Ask to start one call or run: false (and counted as refused) once the cap is reached. */
  begin(): boolean {
    if (this.reached) {
      this.#refused += 1;
      return false;
    }
    this.#inFlight += 1;
    return true;
  }

  /** A call or run begun with `begin` ended; `costUsd` null: its cost is unknown (unpriced, or usage not reported). */
  end(costUsd: number | null): void {
    // Counted while still in flight, so the call that reaches the cap is one of those said to be under way.
    this.#count(costUsd);
    this.#inFlight = Math.max(0, this.#inFlight - 1);
  }

  /** Spend counted without `begin` (work that cannot be refused, such as a run's own prompt writing). */
  add(costUsd: number | null): void {
    this.#count(costUsd);
  }

  /** Begin, or throw CostCapReachedError. */
  beginOrThrow(): void {
    if (!this.begin()) throw new CostCapReachedError(`${this.reason}: not started`);
  }

  summary(): SpendSummary {
    return {
      maxCostUsd: this.maxCostUsd,
      spentUsd: this.#spent,
      calls: this.#calls,
      unknownCost: this.#unknown,
      reached: this.reached,
      inFlightWhenReached: this.#reachedWith ?? 0,
      refused: this.#refused,
    };
  }

  #count(costUsd: number | null): void {
    this.#calls += 1;
    if (costUsd === null) this.#unknown = true;
    else this.#spent += costUsd;
    if (this.maxCostUsd !== null && this.#reachedWith === undefined && this.#spent >= this.maxCostUsd)
      this.#reachedWith = this.#inFlight;
  }
}

/** The cap a plan sets on its whole run: `budget.maxCostUsd`, or (plans written before it) the Monte Carlo one. */
export function runCostCap(plan: {
  budget: { maxCostUsd?: number | null | undefined };
  monteCarlo?: { maxCostUsd: number | null } | null | undefined;
}): number | null {
  return plan.budget.maxCostUsd ?? plan.monteCarlo?.maxCostUsd ?? null;
}
