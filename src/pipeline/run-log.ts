/**
 * The run log as a run builds it: discovery and its diagnostics, results handed over in target order whatever order
 * they finish in, failures, usage, reused results, progress events, status, and the end of the run. runPlan (here)
 * and the queue's runPlanOnQueue (src/queue/submit.ts) both build their ScoreRun through it, so a run through
 * workers logs exactly what a local run logs, by construction rather than by keeping two copies alike.
 */
import type { Dirent } from 'node:fs';
import type { SpendLedger } from '../providers/spend.js';
import { CancelledError } from '../errors.js';
import { emitTo } from '../events/sink.js';
import { applyRuleConfig, isIgnored, ruleSettings, type DisabledCounts } from '../rules/config/apply-rule-config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { LayerUsage, ScoreResult } from '../model/result.js';
import type { RunFailure, RunStatus, ScoreRun } from '../model/run.js';
import { discoverTargets, type Target } from '../parse/discover.js';
import { sumUsage } from '../score/build-result.js';
import { VERSION } from '../version.js';
import type { RunContext } from './context.js';
import type { ScorePlan } from './plan.js';
import { newRunId } from '../util/run-id.js';

/**
 * Targets asked about at once whether a stored result stands for them (RunContext.reuse): hashing files and a store
 * query.
 */
export const REUSE_CONCURRENCY = 32;

/** Usage summed over results (the same rule as a result's own usage over its layers). */
export function addRunUsage(total: LayerUsage | null, usage: LayerUsage | null): LayerUsage | null {
  if (usage === null) return total;
  return sumUsage(total === null ? [usage] : [total, usage]);
}

export class RunLogBuilder {
  readonly runId: string;
  readonly #plan: ScorePlan;
  readonly #ctx: RunContext;
  readonly #now: () => Date;
  readonly #startedAt: Date;
  readonly #results: ScoreResult[] = [];
  readonly #failures: RunFailure[] = [];
  readonly #reused: string[] = [];
  #diagnostics: Diagnostic[] = [];
  #disabled: DisabledCounts | undefined;
  #usage: LayerUsage | null = null;
  #partial = false;
  readonly #notScored: string[] = [];
  /** The run's cost ledger, when it has one: its summary goes into the log. */
  spend: SpendLedger | undefined;
  #done = 0;
  #total = 0;
  #release: (() => void) | undefined;
  #listed: Map<string, Dirent[]> | undefined;

  constructor(plan: ScorePlan, ctx: RunContext) {
    this.#plan = plan;
    this.#ctx = ctx;
    this.#now = ctx.now ?? (() => new Date());
    this.#startedAt = this.#now();
    this.runId = ctx.runId ?? newRunId();
  }

  /** The plan's targets (ignorePatterns applied); discovery's diagnostics go into the log. */
  async discover(): Promise<Target[]> {
    const rules = ruleSettings(this.#plan.ruleConfig);
    const discovery = await discoverTargets(
      this.#plan.targets,
      rules?.ignore ? { ignore: (dir) => isIgnored(rules, dir) } : {},
    );
    const applied = applyRuleConfig(discovery.diagnostics, this.#plan.ruleConfig);
    this.#diagnostics = applied.diagnostics;
    if (applied.disabled.byConfig + applied.disabled.inline + applied.disabled.ignored > 0)
      this.#disabled = applied.disabled;
    this.#release = discovery.release;
    this.#listed = discovery.listed;
    this.#total = discovery.targets.length;
    emitTo(this.#ctx.events, { type: 'run.started', runId: this.runId, targets: this.#total });
    return discovery.targets;
  }

  /** Discovery's folder listings for the parse to take (Discovery.listed), handed over once. */
  takeListings(): Map<string, Dirent[]> | undefined {
    const listed = this.#listed;
    this.#listed = undefined;
    return listed;
  }

  /** One target finished (in whatever order): progress callback and event. */
  targetDone(target: Target, outcome: 'scored' | 'failed' | 'reused'): void {
    this.#done += 1;
    this.#ctx.onProgress?.(this.#done, this.#total, target);
    if (this.#ctx.events)
      emitTo(this.#ctx.events, {
        type: 'target.done',
        target: target.displayPath,
        done: this.#done,
        total: this.#total,
        outcome,
      });
  }

  /**
   * A finalised result, in target order. A reused one made no calls in this run: the run that measured it counted its
   * usage.
   */
  accept(result: ScoreResult, reused = false): void {
    if (reused) this.#reused.push(result.target.path);
    else this.#usage = addRunUsage(this.#usage, result.usage);
    // A rating that infrastructure kept from being measured makes the run partial too (exit 3), never a low rating.
    this.#partial ||= result.measurement.status === 'partial' || result.elo?.infrastructureFailure === true;
    this.#ctx.onResult?.(result);
    if (this.#ctx.retainResults !== false) this.#results.push(result);
  }

  /** A target that could not be scored at all. */
  fail(failure: RunFailure): void {
    this.#failures.push(failure);
  }

  /** A target not started because --max-cost was reached: the run is partial, and the log names it. */
  notScored(target: Target): void {
    this.#notScored.push(target.displayPath);
    this.#partial = true;
  }

  /**
   * The status of a run that got to its end: partial when a target failed, a result is partial or the cost cap stopped
   * it.
   */
  get finishedStatus(): 'success' | 'partial' {
    return this.#failures.length > 0 || this.#partial || this.spend?.reached === true ? 'partial' : 'success';
  }

  /** The run log as it stands. */
  log(status: RunStatus, error?: string): ScoreRun {
    return {
      schemaVersion: 1, // RUN_SCHEMA_VERSION (src/model/run.ts), as a literal so the scoring path never loads zod
      kind: 'score-run',
      runId: this.runId,
      status,
      tool: { name: 'plugin-eval', version: VERSION },
      plan: this.#plan,
      ...(this.#ctx.provenance ? { settings: this.#ctx.provenance } : {}),
      startedAt: this.#startedAt.toISOString(),
      finishedAt: this.#now().toISOString(),
      results: this.#results,
      failures: this.#failures,
      diagnostics: this.#diagnostics,
      ...(this.#disabled ? { disabledDiagnostics: this.#disabled } : {}),
      ...(error !== undefined ? { error } : {}),
      usage: this.#usage,
      ...(this.spend !== undefined && this.spend.maxCostUsd !== null
        ? { spend: { ...this.spend.summary(), notScored: [...this.#notScored] } }
        : {}),
      ...(this.#reused.length > 0 ? { reused: this.#reused } : {}),
    };
  }

  /**
   * End a run that threw: cancelled when the user stopped it (a CancelledError, or any error once the signal is
   * aborted, such as the AbortError of `signal.throwIfAborted()`), else error. Returns what to throw: a cancelled
   * run always throws CancelledError, which the CLI reports as Ctrl-C (exit 130).
   */
  endWithError(error: unknown): unknown {
    const cancelled = error instanceof CancelledError || this.#ctx.signal?.aborted === true;
    this.end(cancelled ? 'cancelled' : 'error', error instanceof Error ? error.message : String(error));
    return cancelled && !(error instanceof CancelledError) ? new CancelledError() : error;
  }

  /** End the run: the log with its final status, the end event, and `ctx.onRunEnd` (however the run ends). */
  end(status: RunStatus, error?: string): ScoreRun {
    this.#release?.();
    const run = this.log(status, error);
    emitTo(this.#ctx.events, {
      type: 'run.finished',
      runId: this.runId,
      status,
      ms: Date.parse(run.finishedAt) - this.#startedAt.getTime(),
    });
    this.#ctx.onRunEnd?.(run);
    return run;
  }
}

/**
 * Hands values over in index order whatever order they arrive in: a value waits only until every value before it
 * has arrived, and is let go once handed over (a streaming run keeps no finished result).
 */
export class InOrder<T> {
  readonly #slots: (T | undefined)[];
  readonly #hand: (value: T, index: number) => void;
  #next = 0;

  constructor(size: number, hand: (value: T, index: number) => void) {
    this.#slots = new Array<T | undefined>(size);
    this.#hand = hand;
  }

  /** Hand over every value that has arrived, in index order, skipping those still missing (a cancelled run). */
  flush(): void {
    for (let i = this.#next; i < this.#slots.length; i++) {
      const value = this.#slots[i];
      if (value === undefined) continue;
      this.#slots[i] = undefined;
      this.#hand(value, i);
    }
    this.#next = this.#slots.length;
  }

  put(index: number, value: T): void {
    this.#slots[index] = value;
    for (; this.#next < this.#slots.length && this.#slots[this.#next] !== undefined; this.#next++) {
      const ready = this.#slots[this.#next]!;
      this.#slots[this.#next] = undefined;
      this.#hand(ready, this.#next);
    }
  }
}
