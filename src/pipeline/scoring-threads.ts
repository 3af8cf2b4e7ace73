/**
 * Scoring on threads. A static-only run (no layer that calls a model or runs the agent) is CPU work on one
 * thread, so a run of many targets spreads them over the main thread and worker threads, each running the same
 * assembleTarget (./scoring-thread.ts). What comes back is plain data (structured clone) and goes through
 * the main thread's in-order hand-over, finalise, reporters and store exactly as a result scored there does:
 * the output is the same byte for byte (test/pipeline/scoring-threads.test.ts compares every corpus target).
 *
 * A worker that dies (out of memory, a crash) costs no target: what it had in hand is scored on the main thread,
 * and so is everything left once no worker is. Cancelling stops the workers at once; results already handed
 * over stay in the run log (status cancelled), as on the main thread.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type * as WorkerThreads from 'node:worker_threads';
import { InputError } from '../errors.js';
import type { EventSink, RunEvent } from '../events/types.js';
import type { Target } from '../parse/discover.js';
import type { AssembledResult } from '../score/build-result.js';
import type { ScorePlan } from './plan.js';
import type { ScoreFailure } from './run-plan.js';
import type { LayerSelection } from './layers/select.js';

/**
 * Below this many targets, 'auto' scores on the main thread alone. Each worker pays the start-up a one-skill process
 * pays (loading the code, compiling the phrase patterns, V8 warming up) before it is as quick as the main thread, and
 * on the 2-core reference machine two workers against the main thread alone (medians of 5, store off) took
 * 849 / 692 ms for 64 corpus skills, 1,294 / 1,175 ms for 150, 2,383 / 2,396 ms for 400, 3,724 / 3,968 ms for
 * 600 and 4,713 / 5,334 ms for 1,000. At 380 skills (store on) the main thread and one worker used 5.0 s of CPU
 * against 3.9 s on the main thread alone, run side by side. `--threads N` asks for workers on smaller runs (more
 * cores gain sooner).
 */
export const AUTO_THREADS_MIN_TARGETS = 500;
/** 'auto' scores on at most this many threads (the main thread one of them), however many cores the machine has. */
export const AUTO_THREADS_MAX = 8;
/**
 * Targets a worker holds at once: one scored, the rest waiting. The main thread tops workers up only between the
 * targets it scores itself (a few ms each), so each worker has a few in hand and never idles for its next message.
 */
const IN_FLIGHT_PER_WORKER = 4;
/**
 * Each worker's heap. A worker keeps nothing between targets (~17 MB live), but V8 lets an unbounded heap grow
 * with the garbage scoring makes: 2,000 skills on two workers peaked at 273-311 MB unbounded, 224-226 MB with
 * these limits, and took no longer (8.3-8.6 s against 8.5 s). The young generation is 8 MB, not 16: beside a
 * large run's fixed heap growth (src/cli/large-run-heap.ts) that took 5,000 skills on threads auto from 228-234
 * to 220 MB peak RSS, CPU within the spread (docs/performance.md). The price is scavenges: with 8 MB a worker
 * collects its young generation ~3x as often as the main thread (32 MB) and scores a target 0.73-0.80 ms slower
 * than the main thread of the same run; with 32 MB, 0.25-0.50 ms slower for ~25 MB more peak RSS. A target too big
 * for them ends its worker (out of memory) and is scored on the main thread, whose heap is not capped; a
 * replacement worker starts.
 */
export const WORKER_HEAP_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 } as const;

export type TargetOutcome = AssembledResult | ScoreFailure;

/**
 * node:worker_threads, loaded with the first worker: every run goes through runPlan, and one that starts no worker
 * (every one-skill run) would otherwise pay ~1.7 ms to load it.
 */
let workerThreads: typeof WorkerThreads | undefined;
const loadWorkerThreads = (): typeof WorkerThreads =>
  (workerThreads ??= createRequire(import.meta.url)('node:worker_threads') as typeof WorkerThreads);

/** What each worker is started with: everything it needs to score as the main thread would. */
export interface ScoringThreadData {
  plan: ScorePlan;
  /** The main thread's layer selection, so every result lists the same layers not run with the same reasons. */
  notRun: LayerSelection['notRun'];
  /** Whether the run has an event sink: the worker then sends each target's events with its outcome. */
  events: boolean;
}

export interface ScoringTask {
  id: number;
  target: Target;
}

export type ScoringReply =
  | { id: number; outcome: TargetOutcome; events: (RunEvent & { at: number })[] }
  | { id: number; error: { name: string; message: string; stack?: string } };

/**
 * The worker entry beside this module: `scoring-thread.js` in the library (dist/pipeline/), `scoring-thread.cjs`
 * in the CLI bundle (dist/bin/, where every chunk is a .cjs). Run from source (tests under vitest) there is none.
 */
export function scoringThreadEntry(): string | undefined {
  const here = import.meta.url;
  // Only the bundle's file is spelt as a relative module path: the packaging test follows quoted './x.cjs' names
  // from the bin to check that every shipped chunk is reachable and every reachable one shipped.
  const file = fileURLToPath(
    here.endsWith('.cjs') ? new URL('./scoring-thread.cjs', here) : new URL('scoring-thread.js', here),
  );
  return existsSync(file) ? file : undefined;
}

/**
 * How many workers a run uses beside the main thread, which scores too; 0: none (the main thread alone). The
 * setting counts scoring threads, the main thread included: 'auto' is the machine's cores, so on two cores one
 * worker and the main thread score, and no third thread competes with them for the cores. Threads only ever help
 * a static-only run: a layer that waits on a model or the agent is spread by --jobs and the providers'
 * concurrency instead.
 */
export function workerCountFor(
  setting: number | 'auto' | undefined,
  targets: number,
  staticOnly: boolean,
  cores = availableParallelism(),
): number {
  if (!staticOnly || targets < 2) return 0;
  const wanted =
    setting === undefined || setting === 'auto'
      ? targets >= AUTO_THREADS_MIN_TARGETS
        ? Math.min(cores, AUTO_THREADS_MAX)
        : 1
      : setting;
  return wanted <= 1 ? 0 : Math.min(wanted, targets) - 1;
}

/**
 * The pool a run scores on, or undefined for the main thread. 'auto' without a worker entry (run from source)
 * is the main thread; a number of threads asked for without one is an error the user can act on.
 */
export function scoringThreadsFor(
  setting: number | 'auto' | undefined,
  targets: number,
  selection: LayerSelection,
  options: Omit<ScoringThreadsOptions, 'workers' | 'data'> & { plan: ScorePlan },
): ScoringThreads | undefined {
  const workers = workerCountFor(setting, targets, selection.measuring.length === 0);
  if (workers === 0) return undefined;
  const entry = options.entry ?? scoringThreadEntry();
  if (entry === undefined && (setting === undefined || setting === 'auto')) return undefined;
  const { plan, ...rest } = options;
  return new ScoringThreads({
    ...rest,
    workers,
    mainScores: true,
    data: { plan, notRun: selection.notRun, events: options.events !== undefined },
    ...(entry !== undefined ? { entry } : {}),
  });
}

interface Pending {
  task: ScoringTask;
  resolve: (outcome: TargetOutcome) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: WorkerThreads.Worker;
  inFlight: Map<number, Pending>;
}

export interface ScoringThreadsOptions {
  workers: number;
  data: ScoringThreadData;
  /** Scores a target on the main thread: its share of the run (mainScores), and what a dead worker had in hand. */
  fallback: (target: Target) => Promise<TargetOutcome>;
  /** The main thread scores targets too, one at a time, between handing targets out and taking results in. */
  mainScores?: boolean;
  events?: EventSink;
  signal?: AbortSignal;
  /** The worker script (default: scoringThreadEntry()). */
  entry?: string;
  /** Each worker's heap limits (default WORKER_HEAP_LIMITS). */
  resourceLimits?: { maxOldGenerationSizeMb?: number; maxYoungGenerationSizeMb?: number };
}

export class ScoringThreads {
  readonly size: number;
  readonly #options: ScoringThreadsOptions;
  readonly #slots: Slot[] = [];
  readonly #waiting: Pending[] = [];
  readonly #entry: string;
  #nextId = 0;
  #closed = false;
  /** The main thread is scoring a target of the pool's (mainScores). */
  #mainBusy = false;
  /** Workers started so far for the pool's size (replacements apart): one more each time all are busy. */
  #launched = 0;
  /** Workers started in place of one that died; bounded, so a worker that keeps dying cannot loop. */
  #replacements = 0;
  /** Workers kept dying: the rest of the run is scored on the main thread. */
  #gaveUp = false;
  readonly #onAbort = () => this.#stop(this.#options.signal?.reason);

  constructor(options: ScoringThreadsOptions) {
    const entry = options.entry ?? scoringThreadEntry();
    if (entry === undefined)
      throw new InputError(
        'scoring on worker threads needs the built package (no scoring-thread.js beside the pipeline): run `npm ' +
          'run build`, or pass --threads 1',
      );
    this.#options = options;
    this.#entry = entry;
    this.size = options.workers;
    options.signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  /** Workers started so far, replacements included. */
  get started(): number {
    return this.#launched + this.#replacements;
  }

  /** Targets worth handing over at once: enough that no worker waits, few enough to keep memory flat. */
  get capacity(): number {
    return (this.size * IN_FLIGHT_PER_WORKER + (this.#options.mainScores === true ? 1 : 0)) * 2;
  }

  /** Score one target on a worker (or on the main thread when none is left). */
  assemble(target: Target): Promise<TargetOutcome> {
    if (this.#closed) return Promise.reject(this.#options.signal?.reason ?? new Error('scoring threads closed'));
    this.#grow();
    if (this.#slots.length === 0 && this.#options.mainScores !== true) return this.#options.fallback(target);
    return new Promise<TargetOutcome>((resolve, reject) => {
      this.#waiting.push({ task: { id: this.#nextId++, target }, resolve, reject });
      this.#dispatch();
    });
  }

  /** Stops every worker. Safe to call more than once. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#options.signal?.removeEventListener('abort', this.#onAbort);
    const slots = this.#slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /**
   * Workers start as work arrives, one more whenever every running one is busy: a run whose targets are nearly all
   * reused from the store (--only-changed) starts one or none.
   */
  #grow(): void {
    if (this.#gaveUp || this.#launched >= this.size || !this.#slots.every((s) => s.inFlight.size > 0)) return;
    if (this.#launched === 0)
      this.#options.events?.({
        type: 'threads.started',
        workers: this.size,
        ...(this.#options.mainScores === true ? { mainThread: true } : {}),
        at: Date.now(),
      });
    this.#launched += 1;
    this.#start();
  }

  /** Starts a worker; one that cannot even be created (no threads left on the machine) ends the pool's growth. */
  #start(): void {
    let worker: WorkerThreads.Worker;
    try {
      worker = new (loadWorkerThreads().Worker)(this.#entry, {
        workerData: this.#options.data,
        resourceLimits: this.#options.resourceLimits ?? WORKER_HEAP_LIMITS,
      });
    } catch (error) {
      this.#gaveUp = true;
      this.#options.events?.({
        type: 'thread.lost',
        reason: `it could not start (${error instanceof Error ? error.message : String(error)})`,
        targets: [],
        at: Date.now(),
      });
      return;
    }
    const slot: Slot = { worker, inFlight: new Map() };
    let reason = 'it exited';
    worker.on('message', (reply: ScoringReply) => this.#settle(slot, reply));
    // An uncaught error (out of memory included) ends the worker; 'exit' follows and hands its targets over.
    worker.on(
      'error',
      (error: Error & { code?: string }) =>
        (reason = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out of memory' : error.message),
    );
    worker.on('exit', () => this.#lost(slot, reason));
    this.#slots.push(slot);
  }

  /**
   * Hands waiting targets out, least-loaded worker first (an idle worker gets one before any gets a second); what
   * the workers cannot take, the main thread scores when it is free.
   */
  #dispatch(): void {
    for (let depth = 1; depth <= IN_FLIGHT_PER_WORKER; depth++) {
      for (const slot of this.#slots) {
        if (this.#waiting.length === 0) return;
        if (slot.inFlight.size >= depth) continue;
        const pending = this.#waiting.shift()!;
        slot.inFlight.set(pending.task.id, pending);
        slot.worker.postMessage(pending.task);
      }
    }
    if (this.#options.mainScores === true && !this.#mainBusy && this.#waiting.length > 0) this.#scoreOnMain();
  }

  /**
   * Scores the next waiting target on the main thread. It starts from a fresh macrotask, so the workers' replies
   * and the run's own I/O (printing, recording) are taken in first, and hands out again when done.
   */
  #scoreOnMain(): void {
    this.#mainBusy = true;
    setImmediate(() => {
      const pending = this.#closed ? undefined : this.#waiting.shift();
      if (pending === undefined) {
        this.#mainBusy = false;
        return;
      }
      void this.#options
        .fallback(pending.task.target)
        .then(pending.resolve, pending.reject)
        .finally(() => {
          this.#mainBusy = false;
          this.#dispatch();
        });
    });
  }

  #settle(slot: Slot, reply: ScoringReply): void {
    const pending = slot.inFlight.get(reply.id);
    if (pending === undefined) return;
    slot.inFlight.delete(reply.id);
    if ('error' in reply) {
      // A bug, not a property of the machine: the same error the main thread would have thrown.
      const error = new Error(reply.error.message);
      error.name = reply.error.name;
      if (reply.error.stack !== undefined) error.stack = reply.error.stack;
      pending.reject(error);
    } else {
      if (this.#options.events) for (const event of reply.events) this.#options.events(event);
      pending.resolve(reply.outcome);
    }
    this.#dispatch();
  }

  /** A worker ended while the run still needed it: its targets are scored here, and another worker starts. */
  #lost(slot: Slot, reason: string): void {
    const at = this.#slots.indexOf(slot);
    if (at === -1) return;
    this.#slots.splice(at, 1);
    const orphans = [...slot.inFlight.values()];
    this.#options.events?.({
      type: 'thread.lost',
      reason,
      targets: orphans.map((p) => p.task.target.displayPath),
      at: Date.now(),
    });
    if (this.#replacements < this.size) {
      this.#replacements += 1;
      this.#start();
    } else this.#gaveUp = true;
    if (this.#slots.length === 0) orphans.push(...this.#waiting.splice(0));
    for (const pending of orphans) this.#options.fallback(pending.task.target).then(pending.resolve, pending.reject);
    this.#dispatch();
  }

  #stop(reason: unknown): void {
    const pending = [...this.#waiting.splice(0), ...this.#slots.flatMap((s) => [...s.inFlight.values()])];
    void this.close();
    for (const p of pending) p.reject(reason);
  }
}
