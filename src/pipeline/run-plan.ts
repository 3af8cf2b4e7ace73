/**
 * runPlan(plan, ctx): discover the plan's targets, score each (parse -> layers -> blend and composite),
 * finalise, and return the typed run log. Failures to read a target are failures of the run, never
 * exceptions; what stops a run (cancellation, a provider no call can reach) is thrown after the run log
 * (status cancelled or error) is handed to `ctx.onRunEnd`.
 */
import type { Dirent } from 'node:fs';
import pLimit from 'p-limit';
import { runCostCap, SpendLedger } from '../providers/spend.js';
import { budgeted } from '../providers/budgeted.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ScoreResult } from '../model/result.js';
import type { RunFailure, ScoreRun } from '../model/run.js';
import type { Target } from '../parse/discover.js';
import { parsePlugin } from '../parse/plugin.js';
import { dropDiscovered, parseLoneSkill, type SiblingListings } from '../parse/skill.js';
import type { AssembledResult } from '../score/build-result.js';
import type { RunContext } from './context.js';
import { finalise, finaliseAlone, finaliseUnrated, needsWholeRun } from './finalise.js';
import type { LayerRunContext } from './layers/contract.js';
import type { ScorePlan } from './plan.js';
import { InOrder, REUSE_CONCURRENCY, RunLogBuilder } from './run-log.js';
import { scoringThreadsFor, type ScoringThreads } from './scoring-threads.js';
import { assemblePlugin } from './score-plugin.js';
import { assembleSkill } from './score-skill.js';
import { selectLayers, type LayerSelection } from './layers/select.js';

/** Lets timers, I/O callbacks and signals (Ctrl-C) run before the next target is scored. */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A target that could not be scored at all (unreadable SKILL.md, file too large...). */
export interface ScoreFailure {
  target: Target;
  diagnostics: Diagnostic[];
}

/** A target whose stored result stands for it (score --only-changed): handed over as stored, never finalised again. */
interface ReusedResult {
  reused: ScoreResult;
}

/** A target not started because the run's --max-cost was reached. */
interface NotScored {
  notScored: Target;
}

/**
 * The context the run's layers and finalise see: the cost ledger (the caller's, or one from the plan's cap), and
 * the judge provider counted and refused through it.
 */
export function withSpendLedger(plan: ScorePlan, ctx: RunContext): RunContext & { spend: SpendLedger } {
  const spend = ctx.spend ?? new SpendLedger(runCostCap(plan));
  const judge = ctx.providers.judge;
  return {
    ...ctx,
    spend,
    providers: judge === undefined ? ctx.providers : { ...ctx.providers, judge: budgeted(judge, spend) },
  };
}

/** Folder listings shared by the skills of one run (parse/skill.ts SiblingListings). */
export type ListingCache = SiblingListings;

/**
 * Parse and score one target; a target that cannot be read at all is a failure, not an exception. `discovered`:
 * discovery's folder listings (Discovery.listed), on the thread that discovered the targets.
 */
export async function assembleTarget(
  target: Target,
  selection: LayerSelection,
  ctx: LayerRunContext,
  listings: ListingCache,
  discovered?: Map<string, Dirent[]>,
): Promise<AssembledResult | ScoreFailure> {
  if (target.kind === 'plugin')
    return assemblePlugin(await parsePlugin(target.dir, { displayPath: target.displayPath }), selection, ctx);
  const parsed = await parseLoneSkill(target.dir, target.displayPath, listings, target.root, discovered);
  if (!parsed.ok) return { target, diagnostics: parsed.diagnostics };
  return assembleSkill(parsed.skill, selection, ctx);
}

export function runFailureOf(failure: ScoreFailure): RunFailure {
  const first = failure.diagnostics.find((d) => d.severity === 'error') ?? failure.diagnostics[0];
  return {
    target: { path: failure.target.displayPath, kind: failure.target.kind },
    reason: first ? first.message : 'could not be read',
    diagnostics: failure.diagnostics,
  };
}

export { addRunUsage } from './run-log.js';

export async function runPlan(plan: ScorePlan, given: RunContext): Promise<ScoreRun> {
  const ctx = withSpendLedger(plan, given);
  const log = new RunLogBuilder(plan, ctx);
  log.spend = ctx.spend;
  let threads: ScoringThreads | undefined;
  const wholeRun = needsWholeRun(plan);
  const held: (AssembledResult | ReusedResult)[] = [];
  let inOrder: InOrder<AssembledResult | ScoreFailure | ReusedResult | NotScored> | undefined;
  // Set once the run has stopped: a target still in flight then may not count or hand over anything.
  let stopped = false;
  try {
    const targets = await log.discover();
    ctx.onTargets?.(targets.length);
    const selection = selectLayers(plan, ctx);
    const lctx: LayerRunContext = { plan, run: ctx };
    const listings: ListingCache = new Map();
    const discovered = log.takeListings();
    const scoreHere = (target: Target) => assembleTarget(target, selection, lctx, listings, discovered);
    threads = scoringThreadsFor(ctx.threads, targets.length, selection, {
      plan,
      fallback: scoreHere,
      ...(ctx.events ? { events: ctx.events } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    const limit = pLimit(threads ? threads.capacity : plan.jobs);
    // A finished target is finalised and handed over once every target before it has been (then let go).
    inOrder = new InOrder<AssembledResult | ScoreFailure | ReusedResult | NotScored>(targets.length, (outcome) => {
      if ('notScored' in outcome) log.notScored(outcome.notScored);
      else if ('reused' in outcome) {
        if (wholeRun) held.push(outcome);
        else log.accept(outcome.reused, true);
      } else if ('badgeEvidence' in outcome) {
        if (wholeRun) held.push(outcome);
        else log.accept(finaliseAlone(outcome));
      } else {
        log.fail(runFailureOf(outcome));
      }
    });
    const finish = (i: number, outcome: AssembledResult | ScoreFailure | ReusedResult | NotScored) => {
      if (stopped) return;
      if (targets[i]!.kind === 'skill') dropDiscovered(discovered, targets[i]!.dir);
      log.targetDone(targets[i]!, 'reused' in outcome ? 'reused' : 'badgeEvidence' in outcome ? 'scored' : 'failed');
      inOrder!.put(i, outcome);
    };
    // Whether a stored result stands is asked wider than targets are scored (hashing is I/O, and the store answers
    // many targets in one query); a target that needs scoring then waits for one of the plan's jobs.
    const reuseLimit = pLimit(REUSE_CONCURRENCY);
    const storedFor = (target: Target) =>
      ctx.reuse
        ? reuseLimit(() => {
            ctx.signal?.throwIfAborted();
            return ctx.reuse!(target, plan);
          })
        : Promise.resolve(undefined);
    const scoreOne = async (target: Target, i: number) => {
      const stored = await storedFor(target);
      if (stored !== undefined) return finish(i, { reused: stored });
      return limit(async () => {
        // A static-only target is scored without any real I/O wait, so without this a whole marketplace runs as one
        // chain of microtasks and Ctrl-C (a macrotask) is only seen once every target is done.
        if (ctx.signal) await yieldToEventLoop();
        ctx.signal?.throwIfAborted();
        // Once the cap is reached a target not yet started would only have its calls refused: it is listed instead.
        if (ctx.spend.reached) return finish(i, { notScored: target });
        finish(i, await (threads ? threads.assemble(target) : scoreHere(target)));
      });
    };
    // A fixed set of runners takes the targets in order, each one target at a time, so the run holds promises and
    // closures for the targets in progress only, not for every target from the start (~1 KB each, which the main
    // thread's heap grows by a multiple of). Enough runners that neither the lookups nor the scoring wait for one.
    let nextTarget = 0;
    const runners = Math.min(targets.length, limit.concurrency + (ctx.reuse ? REUSE_CONCURRENCY : 0));
    await Promise.all(
      Array.from({ length: runners }, async () => {
        while (!stopped && nextTarget < targets.length) {
          const i = nextTarget++;
          await scoreOne(targets[i]!, i);
        }
      }),
    );
    if (wholeRun) {
      const finalised = await finalise(
        { plan, results: held.filter((h): h is AssembledResult => !('reused' in h)) },
        ctx,
      );
      let next = 0;
      // Target order, reused results in their places among the freshly rated ones.
      for (const h of held.splice(0)) log.accept('reused' in h ? h.reused : finalised[next++]!, 'reused' in h);
    }
    return log.end(log.finishedStatus);
  } catch (error) {
    stopped = true;
    // Stopped by the user: every target that finished is kept (printed, recorded), not only those whose predecessors
    // had finished too; a skill not yet rated against the corpus keeps its result and gets no badge.
    if (ctx.signal?.aborted === true) {
      inOrder?.flush();
      for (const h of held.splice(0)) log.accept('reused' in h ? h.reused : await finaliseUnrated(h), 'reused' in h);
    }
    throw log.endWithError(error);
  } finally {
    await threads?.close();
  }
}
