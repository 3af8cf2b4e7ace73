/**
 * runPlan(plan, ctx): discover the plan's targets, score each (parse -> layers -> blend and composite),
 * finalise, and return the typed run log. Failures to read a target are failures of the run, never
 * exceptions; what stops a run (cancellation, a provider no call can reach) is thrown after the run log
 * (status cancelled or error) is handed to `ctx.onRunEnd`.
 */
import path from 'node:path';
import pLimit from 'p-limit';
import { CancelledError } from '../errors.js';
import { emitTo } from '../events/sink.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { LayerUsage, ScoreResult } from '../model/result.js';
import type { RunFailure, RunStatus, ScoreRun } from '../model/run.js';
import { applyRuleConfig, isIgnored, ruleSettings, type DisabledCounts } from '../lint/apply-rule-config.js';
import { discoverTargets, type Target } from '../parse/discover.js';
import { parsePlugin } from '../parse/plugin.js';
import { listPaths, parseSkill } from '../parse/skill.js';
import { sumUsage, type AssembledResult } from '../score/build-result.js';
import { VERSION } from '../version.js';
import type { RunContext } from './context.js';
import { finalise, finaliseAlone, needsWholeRun } from './finalise.js';
import type { LayerRunContext } from './layer.js';
import type { ScorePlan } from './plan.js';
import { assemblePlugin } from './score-plugin.js';
import { assembleSkill } from './score-skill.js';
import { selectLayers, type LayerSelection } from './select-layers.js';

/** A target that could not be scored at all (unreadable SKILL.md, file too large...). */
export interface ScoreFailure {
  target: Target;
  diagnostics: Diagnostic[];
}

/** A target whose stored result stands for it (score --only-changed): handed over as stored, never finalised again. */
interface ReusedResult {
  reused: ScoreResult;
}

/** Folder listings shared by the skills of one run: sibling skills in one folder list their parent once, not once each. */
export type ListingCache = Map<string, Promise<Set<string>>>;

/** Parse and score one target; a target that cannot be read at all is a failure, not an exception. */
export async function assembleTarget(target: Target, selection: LayerSelection, ctx: LayerRunContext, listings: ListingCache): Promise<AssembledResult | ScoreFailure> {
  if (target.kind === 'plugin') return assemblePlugin(await parsePlugin(target.dir, { displayPath: target.displayPath }), selection, ctx);
  const skillsDir = path.dirname(target.dir);
  let siblings = listings.get(skillsDir);
  if (!siblings) listings.set(skillsDir, (siblings = listPaths(skillsDir)));
  const parsed = await parseSkill(target.dir, { displayPath: target.displayPath, context: { skillsDir, siblings: await siblings } });
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

/** Usage summed over results (the same rule as a result's own usage over its layers). */
export function addRunUsage(total: LayerUsage | null, usage: LayerUsage | null): LayerUsage | null {
  if (usage === null) return total;
  return sumUsage(total === null ? [usage] : [total, usage]);
}

export async function runPlan(plan: ScorePlan, ctx: RunContext): Promise<ScoreRun> {
  const now = ctx.now ?? (() => new Date());
  const startedAt = now();
  // The Web Crypto global, not node:crypto: importing that costs ~9 ms of a one-skill CLI run.
  const runId = ctx.runId ?? globalThis.crypto.randomUUID();
  const sink = ctx.events;
  const results: ScoreResult[] = [];
  const failures: RunFailure[] = [];
  let diagnostics: Diagnostic[] = [];
  let disabledDiagnostics: DisabledCounts | undefined;
  let usage: LayerUsage | null = null;
  let partial = false;
  const reused: string[] = [];
  const log = (status: RunStatus, error?: string): ScoreRun => ({
    schemaVersion: 1, // RUN_SCHEMA_VERSION (src/model/run.ts), as a literal so the scoring path never loads zod
    kind: 'score-run',
    runId,
    status,
    tool: { name: 'plugin-eval', version: VERSION },
    plan,
    ...(ctx.provenance ? { settings: ctx.provenance } : {}),
    startedAt: startedAt.toISOString(),
    finishedAt: now().toISOString(),
    results,
    failures,
    diagnostics,
    ...(disabledDiagnostics ? { disabledDiagnostics } : {}),
    ...(error !== undefined ? { error } : {}),
    usage,
    ...(reused.length > 0 ? { reused } : {}),
  });
  const end = (run: ScoreRun): ScoreRun => {
    emitTo(sink, { type: 'run.finished', runId, status: run.status, ms: Date.parse(run.finishedAt) - startedAt.getTime() });
    ctx.onRunEnd?.(run);
    return run;
  };

  try {
    const rules = ruleSettings(plan.ruleConfig);
    const discovery = await discoverTargets(plan.targets, rules?.ignore ? { ignore: (dir) => isIgnored(rules, dir) } : {});
    const targets = discovery.targets;
    const applied = applyRuleConfig(discovery.diagnostics, plan.ruleConfig);
    diagnostics = applied.diagnostics;
    const disabledCount = applied.disabled.byConfig + applied.disabled.inline + applied.disabled.ignored;
    if (disabledCount > 0) disabledDiagnostics = applied.disabled;
    emitTo(sink, { type: 'run.started', runId, targets: targets.length });
    const selection = selectLayers(plan, ctx);
    const lctx: LayerRunContext = { plan, run: ctx };
    const wholeRun = needsWholeRun(plan);
    const held: (AssembledResult | ReusedResult)[] = [];
    const retain = ctx.retainResults !== false;
    const accept = (result: ScoreResult, wasReused = false) => {
      // A reused result made no calls in this run: its usage was counted by the run that measured it.
      if (wasReused) reused.push(result.target.path);
      else usage = addRunUsage(usage, result.usage);
      // A rating that infrastructure kept from being measured makes the run partial too (exit 3), never a low rating.
      partial ||= result.measurement.status === 'partial' || result.elo?.infrastructureFailure === true;
      ctx.onResult?.(result);
      if (retain) results.push(result);
    };
    const limit = pLimit(plan.jobs);
    const listings: ListingCache = new Map();
    let done = 0;
    // Results are handed over in target order whatever order the jobs finish in: a finished target waits only
    // until every target before it has finished, then it is finalised, handed over and (when not retained) let go.
    const finished: (AssembledResult | ScoreFailure | ReusedResult | undefined)[] = new Array(targets.length);
    let nextToHand = 0;
    const handOver = () => {
      for (; nextToHand < targets.length && finished[nextToHand] !== undefined; nextToHand++) {
        const outcome = finished[nextToHand]!;
        finished[nextToHand] = undefined;
        if ('reused' in outcome) {
          if (wholeRun) held.push(outcome);
          else accept(outcome.reused, true);
        } else if ('badgeEvidence' in outcome) {
          if (wholeRun) held.push(outcome);
          else accept(finaliseAlone(outcome));
        } else {
          failures.push(runFailureOf(outcome));
        }
      }
    };
    await Promise.all(
      targets.map((target, i) =>
        limit(async () => {
          ctx.signal?.throwIfAborted();
          const stored = ctx.reuse ? await ctx.reuse(target, plan) : undefined;
          const outcome = stored !== undefined ? { reused: stored } : await assembleTarget(target, selection, lctx, listings);
          done += 1;
          ctx.onProgress?.(done, targets.length, target);
          if (sink) emitTo(sink, { type: 'target.done', target: target.displayPath, done, total: targets.length, outcome: 'reused' in outcome ? 'reused' : 'badgeEvidence' in outcome ? 'scored' : 'failed' });
          finished[i] = outcome;
          handOver();
        }),
      ),
    );
    if (wholeRun) {
      const finalised = await finalise({ plan, results: held.filter((h): h is AssembledResult => !('reused' in h)) }, ctx);
      let next = 0;
      // Target order, reused results in their places among the freshly rated ones.
      for (const h of held) accept('reused' in h ? h.reused : finalised[next++]!, 'reused' in h);
    }
    return end(log(failures.length > 0 || partial ? 'partial' : 'success'));
  } catch (error) {
    const cancelled = error instanceof CancelledError || ctx.signal?.aborted === true;
    end(log(cancelled ? 'cancelled' : 'error', error instanceof Error ? error.message : String(error)));
    throw error;
  }
}
