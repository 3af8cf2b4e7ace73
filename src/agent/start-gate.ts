/**
 * Takes turns for agent start-ups. A Claude Code session spends about half a CPU-second starting (loading its
 * bundle, reading settings, skills and plugins, building the first request) and then mostly waits on the model.
 * When more sessions start at once than there are cores, they time-slice: every start takes longer and costs more
 * CPU, and the sessions then wait on the model together while the cores idle. The gate lets at most `size`
 * sessions be starting at a time, which staggers them (bench:mc at concurrency 8 on 2 quiet cores, against no
 * turns: ~14% less wall time, ~8% less agent CPU); sessions that have started run side by side as before, so the
 * number in flight is still the caller's concurrency. Which run gets which prompt, and what a run observes, do not
 * depend on the order of start-ups.
 */
import { availableParallelism } from 'node:os';

/** Gives back a turn; calling it again does nothing. */
export type ReleaseTurn = () => void;

/**
 * A turn not given back this long after it was taken is given back anyway, so one agent stuck starting delays
 * the others by this much at most (a healthy start takes well under a second).
 */
export const DEFAULT_MAX_HOLD_MS = 5_000;

export class StartGate {
  readonly size: number;
  readonly maxHoldMs: number;
  #starting = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number, options: { maxHoldMs?: number } = {}) {
    this.size = Math.max(1, Math.floor(size));
    this.maxHoldMs = options.maxHoldMs ?? DEFAULT_MAX_HOLD_MS;
  }

  /** Sessions holding a turn now (for tests and diagnostics). */
  get starting(): number {
    return this.#starting;
  }

  /** Sessions waiting for a turn (for tests and diagnostics). */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Wait for a turn. When `signal` aborts first, resolves without a turn (the release does nothing), so the
   * caller sees the abort where it already looks for it instead of handling a second kind of failure.
   */
  enter(signal?: AbortSignal): Promise<ReleaseTurn> {
    if (signal?.aborted) return Promise.resolve(() => {});
    if (this.#starting < this.size) return Promise.resolve(this.#take());
    return new Promise<ReleaseTurn>((resolve) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve(this.#take());
      };
      const onAbort = (): void => {
        const at = this.#waiting.indexOf(grant);
        if (at >= 0) this.#waiting.splice(at, 1);
        resolve(() => {});
      };
      this.#waiting.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  #take(): ReleaseTurn {
    this.#starting += 1;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      clearTimeout(cap);
      this.#starting -= 1;
      // The turn passes straight to the next waiter, so a start-up never waits while a turn is free.
      this.#waiting.shift()?.();
    };
    // Nothing waits on this timer: it must not keep the process alive.
    const cap = setTimeout(release, this.maxHoldMs);
    cap.unref();
    return release;
  }
}

let shared: StartGate | undefined;

/** One gate for every Claude runner of this process: their agents share the machine's cores. */
export function sharedStartGate(): StartGate {
  return (shared ??= new StartGate(availableParallelism()));
}
