/**
 * RunContext: the live parts of a run, which a plan (./plan.ts) cannot carry: model providers, the
 * cancellation signal, the event sink, callbacks, the layer table and the clock. A worker that receives a
 * plan builds its own context; the library's `score(paths, options)` builds both from its options.
 */
import type { EventSink } from '../events/types.js';
import type { ScoreResult } from '../model/result.js';
import type { ScoreRun } from '../model/run.js';
import type { Target } from '../parse/discover.js';
import type { SpendLedger } from '../providers/spend.js';
import type { Provider } from '../providers/types.js';
import type { Provenance } from '../config/resolve.js';
import type { McStateStore } from '../monte-carlo/state.js';
import type { AgentRunner } from '../agent/types.js';
import type { Layer } from './layers/contract.js';
import type { ScorePlan } from './plan.js';

export interface RunContext {
  /** Model providers by use. The judge layer runs only when `judge` is present. */
  providers: { judge?: Provider };
  /** Runs the agent for the Monte Carlo layer; none: that layer reports itself not run. */
  agentRunner?: AgentRunner;
  /**
   * The Claude Code the real agent's runner starts (`--claude-path`): which program runs on this machine, so no part
   * of the plan (a queued job cannot name one).
   */
  claudePath?: string;
  /** Where the Monte Carlo layer saves each finished run (resume); none: nothing is saved. */
  monteCarloStore?: McStateStore;
  signal?: AbortSignal;
  /**
   * The run's cost ledger (src/providers/spend.ts): runPlan makes one from the plan's cap when none is given, and
   * every judge call and agent run of the run is counted and refused through it.
   */
  spend?: SpendLedger;
  /**
   * Worker threads a static-only run scores its targets on (default 'auto'): how the work is spread on this
   * machine, not what is measured, so it is no part of the plan. See ./scoring-threads.ts.
   */
  threads?: number | 'auto';
  /** Receives every event of the run (progress, calls, retries, failures); none: nothing is built or sent. */
  events?: EventSink;
  /**
   * The layer table the run iterates (default LAYER_TABLE): Monte Carlo, or a test's fake layer, is one more
   * entry here, with no other change.
   */
  layers?: readonly Layer[];
  /**
   * Asked before each target is scored (when present, for every target): a stored, finalised result that can stand
   * for it (score --only-changed), or undefined to score it. A reused result skips the layers and finalise, its
   * usage is not counted again, and the run log lists it under `reused`. The hook is store-agnostic: the CLI's
   * results store implements it (src/store/recorder.ts).
   */
  reuse?: (target: Target, plan: ScorePlan) => Promise<ScoreResult | undefined>;
  /**
   * Called once discovery has found the run's targets, before any is scored, with their count: the CLI sets its
   * process's heap growth for a large run here (src/cli/large-run-heap.ts).
   */
  onTargets?: (count: number) => void;
  /** Called after each target, for progress bars. */
  onProgress?: (done: number, total: number, target: Target) => void;
  /** Called with each finalised result, in target order (streaming reporters). */
  onResult?: (result: ScoreResult) => void;
  /** Keep results in the returned run (default true); false keeps memory flat on huge trees when streaming. */
  retainResults?: boolean;
  /** Where each setting came from, for the run log's `settings`. */
  provenance?: Provenance;
  /** The run's id (default: a random UUID). */
  runId?: string;
  /** Called once with the run log however the run ends, even when it then throws (cancelled, error). */
  onRunEnd?: (run: ScoreRun) => void;
  /** Wall clock (injectable for tests). */
  now?: () => Date;
}
