/**
 * Conversion of a native ScoreResult into PluginEval 0.1.x's JSON result (`plugin-eval score --output json`),
 * so CI scripts written for PluginEval keep working. The shape (keys, key order, units) follows PluginEval's
 * real output for the static layer; see docs/output-formats.md for the fields the native result cannot fill.
 */
import { DIMENSIONS, SUB_SCORES } from '../model/dimensions.js';
import type { ScoreResult, LayerResult } from '../model/result.js';
import { pluginEvalGrade } from '../score/grades.js';
import { DASH } from './shared.js';
import { monteCarloN, pluginEvalMonteCarlo, type PluginEvalMcSkill } from './plugineval-monte-carlo.js';

export interface PluginEvalAntiPattern {
  flag: string;
  description: string;
  severity: number;
}

export interface PluginEvalLayer {
  layer: string;
  /** null only for a Monte Carlo layer that measured nothing. */
  score: number | null;
  /** Static: numbers (a plugin: lists); Monte Carlo: objects of statistics (a plugin: one per skill). */
  sub_scores: Record<string, number | number[] | Record<string, number | string | null> | PluginEvalMcSkill[]>;
  anti_patterns: PluginEvalAntiPattern[];
  metadata: Record<string, unknown>;
}

export interface PluginEvalDimension {
  name: string;
  weight: number;
  score: number;
  ci_lower: number | null;
  ci_upper: number | null;
  grade: string;
  evidence: string[];
  weighted_score: number;
}

export interface PluginEvalResult {
  plugin_path: string;
  timestamp: string;
  config: {
    depth: string;
    concurrency: number;
    output_format: string;
    verbose: boolean;
    corpus_path: string | null;
    judges: number;
    monte_carlo_n: number | null;
  };
  layers: PluginEvalLayer[];
  composite: {
    score: number;
    ci_lower: number | null;
    ci_upper: number | null;
    anti_pattern_penalty: number;
    dimensions: PluginEvalDimension[];
    badge: string;
    confidence_label: string;
  };
  elo: number | null;
  model_usage: Record<string, unknown>;
  total_duration_ms: number | null;
}

/** A run timestamp the native result may carry in a later schema version; read defensively. */
interface OptionalExtras {
  timestamp?: string;
}

/** PluginEval's timestamp: Python's `datetime.isoformat()` in UTC, i.e. `+00:00` rather than `Z`. */
function pythonIsoTimestamp(iso: string | undefined): string {
  return (iso ?? new Date().toISOString()).replace(/Z$/, '+00:00');
}

function staticSubScores(result: ScoreResult, layer: LayerResult): Record<string, number | number[]> {
  if (result.target.kind === 'plugin') {
    // PluginEval lists each skill's static layer score after that skill's own penalty, and each agent's
    // check score (both 0-1); commands do not enter its plugin score.
    const skill_scores: number[] = [];
    const agent_scores: number[] = [];
    for (const c of result.components ?? []) {
      const value = c.staticScore ?? (c.kind === 'skill' || c.score === null ? null : c.score);
      if (value === null) continue;
      if (c.kind === 'skill') skill_scores.push(value);
      else if (c.kind === 'agent') agent_scores.push(value);
    }
    return { skill_scores, agent_scores };
  }
  const out: Record<string, number> = {};
  for (const name of SUB_SCORES) {
    const sub = layer.subScores[name];
    if (sub) out[name] = sub.score;
  }
  return out;
}

function toLayer(result: ScoreResult, layer: LayerResult): PluginEvalLayer {
  const antiPatterns = layer.antiPatterns.map((ap) => ({
    flag: ap.flag,
    description: ap.description,
    severity: ap.severity,
  }));
  if (layer.name === 'monte_carlo' && layer.monteCarlo !== undefined) {
    const mc = pluginEvalMonteCarlo(result, layer);
    return {
      layer: layer.name,
      score: mc.score,
      sub_scores: mc.sub_scores,
      anti_patterns: antiPatterns,
      metadata: mc.metadata,
    };
  }
  let sub_scores: Record<string, number | number[]>;
  let metadata: Record<string, unknown>;
  if (layer.name === 'static') {
    sub_scores = staticSubScores(result, layer);
    const lineCount = result.target.lineCount;
    metadata =
      result.target.kind === 'plugin'
        ? { plugin_name: result.target.name }
        : { skill_name: result.target.name, line_count: typeof lineCount === 'number' ? lineCount : null };
  } else {
    // Judge and Monte Carlo layers: this layer's score for each dimension it measured.
    sub_scores = {};
    for (const name of layer.dimensionsMeasured) {
      const value = result.dimensions.find((d) => d.name === name)?.layers[layer.name];
      if (value !== undefined) sub_scores[name] = value;
    }
    // PluginEval's shape has no place for a failed measurement; its free-form metadata carries it.
    const gaps = result.measurement.gaps.filter((g) => g.layer === layer.name);
    metadata = gaps.length > 0 ? { not_measured: Object.fromEntries(gaps.map((g) => [g.dimension, g.reason])) } : {};
  }
  return {
    layer: layer.name,
    score: layer.score,
    sub_scores,
    anti_patterns: antiPatterns,
    metadata,
  };
}

function toDimension(result: ScoreResult, name: (typeof DIMENSIONS)[number]): PluginEvalDimension {
  const d = result.dimensions.find((x) => x.name === name);
  const weight = d?.weight ?? 0;
  const measured = d !== undefined && d.measured && d.score !== null;
  const score = measured ? (d.score ?? 0) : 0.0;
  return {
    name,
    weight,
    score,
    ci_lower: d?.ciLow ?? null,
    ci_upper: d?.ciHigh ?? null,
    grade: measured ? pluginEvalGrade(score * 100) : DASH,
    evidence: d?.evidence ?? [],
    weighted_score: weight * score,
  };
}

/** One native result in PluginEval 0.1.x's JSON shape. */
export function toPluginEval(result: ScoreResult): PluginEvalResult {
  const layers = [...result.layers].sort((a, b) => (a.name === 'static' ? -1 : b.name === 'static' ? 1 : 0));
  return {
    plugin_path: result.target.path,
    timestamp: pythonIsoTimestamp((result as unknown as OptionalExtras).timestamp),
    config: {
      depth: result.depth,
      // Run settings the native result does not record; these are PluginEval's defaults.
      concurrency: 4,
      output_format: 'json',
      verbose: false,
      corpus_path: null,
      judges: 1,
      // Runs measured (infrastructure errors left out); null when Monte Carlo did not run, as PluginEval.
      monte_carlo_n: monteCarloN(result),
    },
    layers: layers.map((l) => toLayer(result, l)),
    composite: {
      // PluginEval's shape has no "not scored": its 0 stands there, as PluginEval prints it.
      score: result.composite.score ?? 0,
      ci_lower: result.composite.ciLow,
      ci_upper: result.composite.ciHigh,
      anti_pattern_penalty: result.composite.penalty,
      dimensions: DIMENSIONS.map((name) => toDimension(result, name)),
      badge: result.composite.badge === 'none' ? 'no_badge' : result.composite.badge,
      confidence_label: result.composite.confidenceLabel,
    },
    elo: result.composite.elo,
    // PluginEval prints {} when no model ran; with usage we give the totals under snake_case keys.
    model_usage: result.usage
      ? {
          provider: result.usage.provider ?? null,
          models: result.usage.models,
          calls: result.usage.calls,
          cached_calls: result.usage.cachedCalls,
          input_tokens: result.usage.inputTokens,
          output_tokens: result.usage.outputTokens,
          cost_usd: result.usage.costUsd,
        }
      : {},
    total_duration_ms: Math.round(result.durationMs),
  };
}
