import {
  DEPTH_PLAN,
  LAYERS,
  RESULT_SCHEMA_VERSION,
  type Depth,
  type DimensionName,
  type LayerName,
  type Methodology,
} from '../model/dimensions.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { MonteCarloReport } from '../model/monte-carlo.js';
import type { ScoreResult } from '../model/result.js';
import type { LayerOutput } from '../model/layer-output.js';
import { VERSION } from '../version.js';
import { decideBadge, type BadgeEvidence } from './badge-policy.js';
import { arithmeticFor, compositeOf, type Composite } from './composite.js';
import { coverageOf } from './coverage.js';
import { scoreMeaning } from './score-meaning.js';
import { judgeTips, rankTips } from './tips.js';
import { pooledUplift } from './uplift.js';

export interface ResultInput {
  target: ScoreResult['target'];
  methodology: Methodology;
  depth: Depth;
  layers: LayerOutput[];
  /** Layers the plan asked for (default: the depth's). */
  layersRequested?: readonly LayerName[];
  /** Layers the depth asked for that could not run, with the reason. */
  layersNotRun: { name: LayerName; reason: string }[];
  penalty: number;
  /** The composite of `layers` and `penalty` in this methodology's arithmetic, when the caller has it already. */
  composite?: Composite;
  antiPatterns: ScoreResult['antiPatterns'];
  diagnostics: Diagnostic[];
  components?: ScoreResult['components'];
  /** Tips from the static checks' and rules' own gains (judge suggestions are added here). */
  tips?: ScoreResult['tips'];
  elo?: number | null;
  durationMs: number;
}

/**
 * The confidence label the layers that actually ran have earned (never the label of a layer that did not run).
 * Certified needs Monte Carlo to have measured: with its reports given, every skill it set out to measure must
 * have measured runs; one skill it could not measure (infrastructure errors) leaves the label at what the other
 * layers earned. A Monte Carlo report stopped by the cost cap measured what it reports, with wider intervals, and
 * keeps the label; a result with measurement gaps (`partial`: no badge, exit 3) is never Certified.
 */
export function confidenceLabel(
  depth: Depth,
  ran: readonly LayerName[],
  monteCarlo?: readonly MonteCarloReport[],
  partial = false,
): string {
  const mcMeasured =
    monteCarlo === undefined ||
    (monteCarlo.length > 0 && monteCarlo.every((r) => r.status !== 'not-measured' && r.sampling.measured > 0));
  if (ran.includes('monte_carlo') && mcMeasured && !partial)
    return DEPTH_PLAN[depth].confidence === 'Certified+' ? 'Certified+' : 'Certified';
  if (ran.includes('judge')) return 'Assessed';
  return 'Estimated';
}

/** A layer's notes, plus each dimension it tried and failed to measure (the blend may hide it otherwise). */
function notesOf(layer: LayerOutput): { notes?: string[] } {
  const notes = [
    ...(layer.notes ?? []),
    ...Object.entries(layer.unmeasured).map(([d, why]) => `${d} not measured by this layer: ${why}`),
  ];
  return notes.length > 0 ? { notes } : {};
}

/**
 * Every dimension a layer failed on (invalid replies after the repair request, provider failures that outlived
 * the retries, skills of a plugin whose judge failed). Any gap makes the result partial.
 */
export function measurementOf(layers: readonly LayerOutput[]): ScoreResult['measurement'] {
  const gaps = layers.flatMap((l) =>
    (Object.entries(l.failed ?? {}) as [DimensionName, string][]).map(([dimension, reason]) => ({
      layer: l.name,
      dimension,
      measured: l.measurements[dimension] !== undefined,
      reason,
    })),
  );
  return { status: gaps.length > 0 ? 'partial' : 'complete', gaps };
}

/** The static layer always counts as run; any other layer only when it measured something. */
function measuredSomething(layer: LayerOutput): boolean {
  return layer.name === 'static' || Object.keys(layer.measurements).length > 0;
}

/** Usage summed over the layers that called a model. */
export function totalUsage(layers: readonly LayerOutput[]): ScoreResult['usage'] {
  return sumUsage(layers.flatMap((l) => (l.usage ? [l.usage] : [])));
}

/** Usage records summed (a result's layers, a run's results): the one rule for every total a user sees. */
export function sumUsage(usages: readonly NonNullable<ScoreResult['usage']>[]): ScoreResult['usage'] {
  if (usages.length === 0) return null;
  const sum = (
    k:
      | 'calls'
      | 'cachedCalls'
      | 'unpricedCalls'
      | 'unreportedCalls'
      | 'cachedUnreportedCalls'
      | 'inputTokens'
      | 'outputTokens'
      | 'cacheReadTokens'
      | 'cacheWriteTokens'
      | 'cachedInputTokens'
      | 'cachedOutputTokens',
  ) => usages.reduce((n, u) => n + (u[k] ?? 0), 0);
  const providers = [...new Set(usages.flatMap((u) => (u.provider ? u.provider.split('; ') : [])))];
  // The ledger's rule for unknown costs (unpriced models, usage not reported) holds for the total too: one unknown part
  // makes the sum unknown.
  const costs = usages.map((u) => u.costUsd);
  return {
    ...(providers.length > 0 ? { provider: providers.join('; ') } : {}),
    models: [...new Set(usages.flatMap((u) => u.models))],
    calls: sum('calls'),
    cachedCalls: sum('cachedCalls'),
    unpricedCalls: sum('unpricedCalls'),
    // Only when some part had them: a total of records that all reported usage keeps its earlier shape.
    ...(usages.some((u) => (u.unreportedCalls ?? 0) > 0) ? { unreportedCalls: sum('unreportedCalls') } : {}),
    ...(usages.some((u) => (u.cachedUnreportedCalls ?? 0) > 0)
      ? { cachedUnreportedCalls: sum('cachedUnreportedCalls') }
      : {}),
    inputTokens: sum('inputTokens'),
    outputTokens: sum('outputTokens'),
    cacheReadTokens: sum('cacheReadTokens'),
    cacheWriteTokens: sum('cacheWriteTokens'),
    cachedInputTokens: sum('cachedInputTokens'),
    cachedOutputTokens: sum('cachedOutputTokens'),
    costUsd: costs.some((c) => c === null)
      ? null
      : Math.round(costs.reduce<number>((n, c) => n + (c ?? 0), 0) * 1e9) / 1e9,
  };
}

/**
 * A result before its badge: the badge is decided after all targets (`finalise`), where Elo and corpus-relative badges
 * live.
 */
export type UnbadgedResult = Omit<ScoreResult, 'composite'> & {
  composite: Omit<ScoreResult['composite'], 'badge' | 'badgeDecision'>;
};

export interface AssembledResult {
  result: UnbadgedResult;
  /** What the badge policy decides from (elo filled in by a finalise step that rates targets against a corpus). */
  badgeEvidence: BadgeEvidence;
  /** A skill's folder (absolute), which finalise rates against the corpus; absent for a plugin. */
  skillDir?: string;
}

/** One target's result with everything but its badge. */
export function assembleResult(input: ResultInput): AssembledResult {
  const composite = input.composite ?? compositeOf(input.layers, input.penalty, arithmeticFor(input.methodology));
  const score = composite.score;
  // A layer that measured nothing (every judged dimension failed) neither counts as run nor earns its confidence label.
  const ran = LAYERS.filter((l) => input.layers.some((x) => x.name === l && measuredSomething(x)));
  const elo = input.elo ?? null;
  const measurement = measurementOf(input.layers);
  const meaning = scoreMeaning({ layersRun: ran, methodology: input.methodology });
  const coverage = coverageOf(composite.dimensions);
  const badgeEvidence: BadgeEvidence = {
    methodology: input.methodology,
    composite: score,
    elo,
    coverage,
    layersRun: ran,
    // What each layer fed into the blend (a measurement with a zero blend weight measures nothing).
    measuredBy: Object.fromEntries(
      ran.map((l) => [l, composite.dimensions.filter((d) => d.layers[l] !== undefined).map((d) => d.name)]),
    ),
    antiPatterns: input.antiPatterns,
    gaps: measurement.gaps.length,
  };
  const uplift = pooledUplift(
    input.layers.find((l) => l.name === 'monte_carlo')?.monteCarlo?.map((r) => r.uplift) ?? [],
  );
  const result: UnbadgedResult = {
    schemaVersion: RESULT_SCHEMA_VERSION,
    tool: { name: 'plugin-eval', version: VERSION },
    target: input.target,
    methodology: input.methodology,
    depth: input.depth,
    layersRequested: [...(input.layersRequested ?? DEPTH_PLAN[input.depth].layers)],
    layersRun: ran,
    layersNotRun: input.layersNotRun,
    ...(uplift ? { uplift } : {}),
    composite: {
      score,
      rawScore: composite.rawScore,
      penalty: input.penalty,
      confidenceLabel: confidenceLabel(
        input.depth,
        ran,
        input.layers.find((l) => l.name === 'monte_carlo')?.monteCarlo,
        measurement.status === 'partial',
      ),
      ciLow: composite.ciLow,
      ciHigh: composite.ciHigh,
      elo,
      coverage,
    },
    ...(meaning ? { scoreMeaning: meaning } : {}),
    measurement,
    dimensions: composite.dimensions,
    layers: input.layers.map((l) => ({
      name: l.name,
      score: l.score,
      durationMs: l.durationMs,
      dimensionsMeasured: Object.keys(l.measurements) as ScoreResult['dimensions'][number]['name'][],
      subScores: l.subScores,
      antiPatterns: l.antiPatterns,
      ...(l.usage ? { usage: l.usage } : {}),
      ...notesOf(l),
      ...(l.judges !== undefined ? { judges: l.judges } : {}),
      ...(l.kappa !== undefined ? { kappa: l.kappa } : {}),
      ...(l.monteCarlo !== undefined ? { monteCarlo: l.monteCarlo } : {}),
    })),
    antiPatterns: input.antiPatterns,
    usage: totalUsage(input.layers),
    // A plugin's judge layer is a mean over its skills and carries no suggestion of its own.
    tips: rankTips([
      ...(input.tips ?? []),
      ...(input.target.kind === 'skill'
        ? judgeTips(composite.dimensions, input.layers, input.penalty, { kind: 'skill', path: input.target.path })
        : []),
    ]),
    ...(input.components ? { components: input.components } : {}),
    diagnostics: input.diagnostics,
    durationMs: input.durationMs,
  };
  return { result, badgeEvidence };
}

/**
 * The result with its badge decided (the composite's keys keep their published order); `eloFailed`: badge-policy.ts.
 */
export function finaliseResult(
  { result, badgeEvidence }: AssembledResult,
  elo: number | null = badgeEvidence.elo,
  eloFailed = false,
): ScoreResult {
  const badgeDecision = decideBadge({ ...badgeEvidence, elo, eloFailed });
  const c = result.composite;
  return {
    ...result,
    composite: {
      // Nothing measured has no composite: null, never a 0 a threshold or a ranking could mistake for a score.
      score: c.coverage.share <= 0 ? null : c.score,
      rawScore: c.rawScore,
      penalty: c.penalty,
      badge: badgeDecision.badge,
      // Certify's rating lost to failed calls leaves the result without a badge: not Certified either.
      confidenceLabel:
        eloFailed && c.confidenceLabel.startsWith('Certified')
          ? confidenceLabel(result.depth, result.layersRun, undefined, true)
          : c.confidenceLabel,
      ciLow: c.ciLow,
      ciHigh: c.ciHigh,
      elo,
      coverage: c.coverage,
      badgeDecision,
      ...(c.coverage.share <= 0 ? { notScored: NOT_SCORED_REASON } : {}),
    },
  };
}

/** Why a result with no measured dimension has no composite. */
export const NOT_SCORED_REASON = 'nothing to score: no layer measured any dimension';

/** One target's finished result, badge decided on its own evidence (no corpus to rate it against). */
export function buildResult(input: ResultInput): ScoreResult {
  return finaliseResult(assembleResult(input));
}
