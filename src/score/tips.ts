import { COMPONENT_CHECKS } from '../rules/checks/components/index.js';
import { REGISTRY } from '../rules/checks/index.js';
import type { CheckOutcome, Improvement } from '../rules/checks/types.js';
import {
  LAYER_BLEND,
  SUB_SCORE_TO_DIMENSION,
  type AntiPatternFlag,
  type DimensionName,
  type LayerName,
} from '../model/dimensions.js';
import type { DimensionResult, Tip } from '../model/result.js';
import type { StaticLayerOutput } from '../rules/static-layer.js';
import type { LayerOutput } from '../model/layer-output.js';
import type { MarkdownComponent } from '../parse/plugin.js';
import type { SkillDocument } from '../parse/skill.js';
import { antiPatternPenalty } from '../model/anti-pattern-penalty.js';

/**
 * "Fix first", from each check's own formula: every default-methodology check says how far its own score would
 * rise once its fix is made, and every anti-pattern rule how many of its instances the fix removes. The composite
 * gain follows by arithmetic (the dimension's static blend share, its effective weight, the component's share of a
 * plugin's mean and the penalty), so nothing re-scores the skill. Offers with the same text are one tip: a fix two
 * rules ask for (the description) gains what both give, and the same fix in several components of a plugin is one
 * tip listing them. Judge suggestions join with the most their dimension could gain (a ceiling, said so).
 */

/** Below this (composite points) a change is not worth a tip: it would display as +0.0. */
const MIN_GAIN = 0.05;

/** One check's or rule's improvement for one target, with what it moves. */
export interface Offer {
  improvement: Improvement;
  source: 'check' | 'anti-pattern';
  target: Tip['target'];
  /** The dimension the offering check measures (null for a rule, or a check that feeds none). */
  dimension: DimensionName | null;
  antiPattern?: AntiPatternFlag;
  /** Rise in the target's own score for `dimension` (0-1). */
  rise: number;
  /** Anti-pattern instances the change removes. */
  removes: number;
}

/** The baseline the gains are measured against. */
export interface GainBaseline {
  /** The composite's dimensions (effective weights, the layers that measured each). */
  dimensions: readonly DimensionResult[];
  /** 0-100 before the penalty. */
  rawScore: number;
  /** Anti-pattern instances the penalty counts. */
  antiPatterns: number;
  /** A target's share of a dimension's static measurement: 1 for a skill, 1/n for one of n components in a plugin. */
  share(dimension: DimensionName): number;
}

/** The default checks' and rules' improvements for one skill, from its default static layer's outcomes. */
export function skillOffers(skill: SkillDocument, staticLayer: StaticLayerOutput, target: Tip['target']): Offer[] {
  const { checks, antiPatterns } = REGISTRY.default;
  const out: Offer[] = [];
  for (const check of checks) {
    const outcome = staticLayer.outcomes.get(check.id);
    if (!check.improve || !outcome) continue;
    const dimension = SUB_SCORE_TO_DIMENSION[check.subScore] ?? null;
    for (const improvement of check.improve(skill, outcome))
      out.push({ improvement, source: 'check', target, dimension, rise: improvement.gain ?? 0, removes: 0 });
  }
  for (const rule of antiPatterns) {
    const found = staticLayer.instances.get(rule.flag) ?? [];
    if (!rule.improve || found.length === 0) continue;
    for (const improvement of rule.improve(skill, found))
      out.push({
        improvement,
        source: 'anti-pattern',
        target,
        dimension: null,
        antiPattern: rule.flag,
        rise: 0,
        removes: Math.min(found.length, improvement.removes ?? found.length),
      });
  }
  return out;
}

/** A plugin's agent or command with the default check's outcome (what its improvements are read from). */
export interface ScoredComponent {
  component: MarkdownComponent;
  outcome: CheckOutcome;
}

/** The default component checks' improvements; agents and commands feed triggering accuracy. */
export function componentOffers(components: readonly ScoredComponent[]): Offer[] {
  const checks = COMPONENT_CHECKS.default;
  return components.flatMap(({ component, outcome }) =>
    (checks[component.kind]?.improve?.(component, outcome) ?? []).map((improvement) => ({
      improvement,
      source: 'check' as const,
      target: { kind: component.kind, path: component.file },
      dimension: 'triggering_accuracy' as const,
      rise: improvement.gain ?? 0,
      removes: 0,
    })),
  );
}

/** The static layer's share of a dimension's blend, over the layers that measured it. */
function staticShare(d: DimensionResult): number {
  const measuredBy = Object.keys(d.layers) as LayerName[];
  if (!d.measured || !measuredBy.includes('static')) return 0;
  return LAYER_BLEND[d.name].static / measuredBy.reduce((sum, l) => sum + LAYER_BLEND[d.name][l], 0);
}

/** One tip from the offers that give the same advice (one target, or several that need the same change). */
function tipOf(offers: readonly Offer[], baseline: GainBaseline): Tip {
  const first = offers[0]!;
  const rises = new Map<DimensionName, number>();
  let removes = 0;
  const removed: AntiPatternFlag[] = [];
  for (const o of offers) {
    if (o.dimension && o.rise > 0)
      rises.set(o.dimension, (rises.get(o.dimension) ?? 0) + o.rise * baseline.share(o.dimension));
    if (o.antiPattern && o.removes > 0) {
      removes += o.removes;
      for (let i = 0; i < o.removes; i++) removed.push(o.antiPattern);
    }
  }
  let rawRise = 0;
  const dimensions: NonNullable<Tip['effects']>['dimensions'] = [];
  for (const [name, rise] of rises) {
    const d = baseline.dimensions.find((x) => x.name === name);
    if (!d || d.score === null) continue;
    const moved = rise * staticShare(d);
    if (moved <= 0) continue;
    rawRise += moved * d.effectiveWeight * 100;
    dimensions.push({ dimension: name, from: d.score, to: Math.min(1, d.score + moved) });
  }
  const before = baseline.rawScore * antiPatternPenalty(baseline.antiPatterns);
  const after = (baseline.rawScore + rawRise) * antiPatternPenalty(Math.max(0, baseline.antiPatterns - removes));
  const targets = [...new Map(offers.map((o) => [`${o.target.kind}\0${o.target.path}`, o.target])).values()];
  const { improvement } = first;
  return {
    id: improvement.id,
    source: first.source,
    dimension: first.dimension,
    ...(first.source === 'anti-pattern' && first.antiPattern ? { antiPattern: first.antiPattern } : {}),
    target: first.target,
    ...(targets.length > 1 ? { components: targets } : {}),
    gain: after - before,
    gainBasis: 'check',
    action: improvement.action,
    ...(improvement.example !== undefined ? { example: improvement.example } : {}),
    ...(improvement.edits && targets.length === 1 ? { edits: improvement.edits } : {}),
    effects: { dimensions, antiPatternsRemoved: removed },
  };
}

/**
 * The tips of a result from its offers: offers with the same action and example are one tip (their gains
 * combined), and tips that gain less than MIN_GAIN are dropped. Cost: one pass over the offers.
 */
export function tipsFromOffers(offers: readonly Offer[], baseline: GainBaseline): Tip[] {
  const groups = new Map<string, Offer[]>();
  for (const o of offers) {
    const key = `${o.improvement.action}\0${o.improvement.example ?? ''}`;
    const group = groups.get(key);
    if (group) group.push(o);
    else groups.set(key, [o]);
  }
  return [...groups.values()].map((g) => tipOf(g, baseline)).filter((t) => t.gain >= MIN_GAIN);
}

const SUGGESTION = /^(?:\[[^\]]*\] )?suggestion: (.+)$/s;

/**
 * The judge's own suggestion for each dimension it measured below 1, with the most the composite could gain if
 * the judge's share of that dimension reached 1 (static shares held). A ceiling, not a prediction.
 */
export function judgeTips(
  dimensions: readonly DimensionResult[],
  layers: readonly LayerOutput[],
  penalty: number,
  target: Tip['target'],
): Tip[] {
  const judge = layers.find((l) => l.name === 'judge');
  if (!judge) return [];
  const tips: Tip[] = [];
  for (const d of dimensions) {
    const m = judge.measurements[d.name];
    if (!d.measured || !m || m.score >= 1) continue;
    const suggestion = m.evidence.map((e) => SUGGESTION.exec(e)?.[1]?.trim()).find((s) => s !== undefined && s !== '');
    if (!suggestion) continue;
    const measuredBy = Object.keys(d.layers) as LayerName[];
    const share = LAYER_BLEND[d.name].judge / measuredBy.reduce((sum, l) => sum + LAYER_BLEND[d.name][l], 0);
    const gain = d.effectiveWeight * share * (1 - m.score) * 100 * penalty;
    if (!(gain >= MIN_GAIN)) continue;
    tips.push({
      id: `judge/${d.name}`,
      source: 'judge',
      dimension: d.name,
      target,
      gain,
      gainBasis: 'ceiling',
      action: suggestion,
    });
  }
  return tips;
}

/** Biggest gain first; ties keep the order they were offered in (the registry's). */
export function rankTips(tips: readonly Tip[]): Tip[] {
  return tips
    .map((t, i) => ({ t, i }))
    .sort((a, b) => b.t.gain - a.t.gain || a.i - b.i)
    .map(({ t }) => t);
}
