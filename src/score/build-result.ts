import { DEPTH_PLAN, DISQUALIFYING_ANTI_PATTERNS, LAYERS, RESULT_SCHEMA_VERSION, type Depth, type LayerName, type Methodology } from '../model/dimensions.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ScoreResult } from '../model/result.js';
import type { LayerOutput } from '../layers/types.js';
import { VERSION } from '../version.js';
import { compositeOf } from './composite.js';
import { badgeFor } from './grades.js';
import { judgeTips, rankTips } from './tips.js';

export interface ResultInput {
  target: ScoreResult['target'];
  methodology: Methodology;
  depth: Depth;
  layers: LayerOutput[];
  /** Layers the depth asked for that could not run, with the reason. */
  layersNotRun: { name: LayerName; reason: string }[];
  penalty: number;
  antiPatterns: ScoreResult['antiPatterns'];
  diagnostics: Diagnostic[];
  components?: ScoreResult['components'];
  /** Simulated tips from the static checks and rules (judge suggestions are added here). */
  tips?: ScoreResult['tips'];
  elo?: number | null;
  durationMs: number;
}

/** The confidence label the layers that actually ran have earned (never the label of a layer that did not run). */
export function confidenceLabel(depth: Depth, ran: readonly LayerName[]): string {
  if (ran.includes('monte_carlo')) return DEPTH_PLAN[depth].confidence === 'Certified+' ? 'Certified+' : 'Certified';
  if (ran.includes('judge')) return 'Assessed';
  return 'Estimated';
}

/** A layer's notes, plus each dimension it tried and failed to measure (the blend may hide it otherwise). */
function notesOf(layer: LayerOutput): { notes?: string[] } {
  const notes = [...(layer.notes ?? []), ...Object.entries(layer.unmeasured).map(([d, why]) => `${d} not measured by this layer: ${why}`)];
  return notes.length > 0 ? { notes } : {};
}

/** Usage summed over the layers that called a model. */
export function totalUsage(layers: readonly LayerOutput[]): ScoreResult['usage'] {
  const used = layers.filter((l) => l.usage);
  if (used.length === 0) return null;
  const sum = (k: 'calls' | 'cachedCalls' | 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheWriteTokens' | 'costUsd') => used.reduce((n, l) => n + l.usage![k], 0);
  const providers = [...new Set(used.map((l) => l.usage!.provider).filter((p): p is string => Boolean(p)))];
  return {
    ...(providers.length > 0 ? { provider: providers.join('; ') } : {}),
    models: [...new Set(used.flatMap((l) => l.usage!.models))],
    calls: sum('calls'),
    cachedCalls: sum('cachedCalls'),
    inputTokens: sum('inputTokens'),
    outputTokens: sum('outputTokens'),
    cacheReadTokens: sum('cacheReadTokens'),
    cacheWriteTokens: sum('cacheWriteTokens'),
    costUsd: sum('costUsd'),
  };
}

export function buildResult(input: ResultInput): ScoreResult {
  const composite = compositeOf(input.layers, input.penalty);
  const score = composite.score;
  const ran = LAYERS.filter((l) => input.layers.some((x) => x.name === l));
  const elo = input.elo ?? null;
  // Interim seam (the badge policy of issue 7 item 2 replaces it): a disqualifying anti-pattern means no badge.
  const disqualified = input.methodology === 'default' && input.antiPatterns.some((a) => DISQUALIFYING_ANTI_PATTERNS.includes(a.flag));
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    tool: { name: 'plugin-eval', version: VERSION },
    target: input.target,
    methodology: input.methodology,
    depth: input.depth,
    layersRequested: [...DEPTH_PLAN[input.depth].layers],
    layersRun: ran,
    layersNotRun: input.layersNotRun,
    composite: {
      score,
      rawScore: composite.rawScore,
      penalty: input.penalty,
      badge: disqualified ? 'none' : badgeFor(score, elo),
      confidenceLabel: confidenceLabel(input.depth, ran),
      ciLow: composite.ciLow,
      ciHigh: composite.ciHigh,
      elo,
    },
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
    })),
    antiPatterns: input.antiPatterns,
    usage: totalUsage(input.layers),
    // A plugin's judge layer is a mean over its skills and carries no suggestion of its own.
    tips: rankTips([...(input.tips ?? []), ...(input.target.kind === 'skill' ? judgeTips(composite.dimensions, input.layers, input.penalty, { kind: 'skill', path: input.target.path }) : [])]),
    ...(input.components ? { components: input.components } : {}),
    diagnostics: input.diagnostics,
    durationMs: input.durationMs,
  };
}
