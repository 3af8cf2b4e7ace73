import { COMPONENT_CHECKS } from '../rules/checks/components/index.js';
import { REGISTRY } from '../rules/checks/index.js';
import type { AntiPatternInstance, CheckOutcome, Improvement } from '../rules/checks/types.js';
import {
  DIMENSION_WEIGHTS,
  LAYER_BLEND,
  SUB_SCORE_TO_DIMENSION,
  type AntiPatternFlag,
  type DimensionName,
  type LayerName,
} from '../model/dimensions.js';
import type { AntiPatternResult, DimensionResult, Tip } from '../model/result.js';
import type { StaticLayerOutput } from '../rules/static-layer.js';
import type { LayerOutput } from '../model/layer-output.js';
import type { MarkdownComponent } from '../parse/plugin.js';
import type { SkillDocument } from '../parse/skill.js';
import { editedComponent, editedSkill } from './edited-skill.js';

/**
 * "Fix first", computed from the evidence: every registered check and anti-pattern rule of the default
 * methodology offers the improvements it can see in this skill (nothing the skill already has), each is applied
 * to a copy of the skill in memory, and the skill is re-scored under the result's own methodology with the other
 * layers' scores held. A tip's gain is the composite difference; tips that gain nothing are dropped, and the rest
 * are ordered by gain. Judge suggestions join with the most their dimension could gain (a ceiling, said so).
 */

/** What a re-score returns: enough to measure a gain and say what moved. */
export interface Scored {
  score: number;
  dimensions: readonly DimensionResult[];
  antiPatterns: readonly AntiPatternResult[];
}

/**
 * Re-score the whole result (a skill, or the plugin around it) with one skill replaced by its edited copy;
 * `reuse` carries the skill's own instances of the rules marked `reuseInSimulation` (see runStaticLayer).
 */
export type Rescore = (edited: SkillDocument, reuse: ReadonlyMap<string, readonly AntiPatternInstance[]>) => Scored;

/** Improvements simulated per skill at most: each costs one static run, so the cost stays linear in the input. */
export const MAX_SIMULATIONS = 12;
/**
 * SKILL.md bytes re-scored for tips per skill at most (a 10 KB skill gets every simulation, a 300 KB one three),
 * so tips never cost more than a few static runs; the likeliest gains are simulated first.
 */
export const SIMULATION_BYTE_BUDGET = 1_000_000;
/** Below this (composite points) a change is not worth a tip: it would display as +0.0. */
const MIN_GAIN = 0.05;

interface Candidate {
  improvement: Improvement;
  source: 'check' | 'anti-pattern';
  dimension: DimensionName | null;
  antiPattern?: AntiPatternFlag;
  /** Cheap upper estimate of the gain (points), to simulate the likeliest first: weight x room, or 5 per instance. */
  prior: number;
}

/**
 * Improvements the default registry offers for this skill. `staticLayer` supplies the outcomes and instances
 * already computed when the result is in the default methodology; otherwise the default checks run here.
 */
export function candidateImprovements(skill: SkillDocument, staticLayer?: StaticLayerOutput): Candidate[] {
  const { checks, antiPatterns } = REGISTRY.default;
  const out: Candidate[] = [];
  for (const check of checks) {
    if (!check.improve) continue;
    const outcome: CheckOutcome = staticLayer?.outcomes.get(check.id) ?? check.run(skill);
    const dimension = SUB_SCORE_TO_DIMENSION[check.subScore] ?? null;
    const prior = dimension ? DIMENSION_WEIGHTS[dimension] * (1 - outcome.score) * 100 : 0;
    for (const improvement of check.improve(skill, outcome))
      out.push({ improvement, source: 'check', dimension, prior });
  }
  // Without the default layer the result is compat's: only a flag compat also detects can move its score, and the
  // default-only scans (injection, low-information prose) would cost more than the rest of the tips together.
  const compatFlags = staticLayer ? undefined : new Set<string>(REGISTRY.compat.antiPatterns.map((r) => r.flag));
  for (const rule of antiPatterns) {
    if (!rule.improve || (compatFlags !== undefined && !compatFlags.has(rule.flag))) continue;
    const found: AntiPatternInstance[] = staticLayer
      ? (staticLayer.instances.get(rule.flag) ?? [])
      : rule.detect(skill);
    if (found.length === 0) continue;
    for (const improvement of rule.improve(skill, found))
      out.push({
        improvement,
        source: 'anti-pattern',
        dimension: null,
        antiPattern: rule.flag,
        prior: 5 * found.length,
      });
  }
  return out;
}

function effectsOf(before: Scored, after: Scored): NonNullable<Tip['effects']> {
  const dimensions = after.dimensions
    .map((d) => ({ d, was: before.dimensions.find((x) => x.name === d.name) }))
    .filter(
      ({ d, was }) =>
        d.score !== null && was?.score !== null && was !== undefined && Math.abs(d.score - was.score!) > 1e-9,
    )
    .map(({ d, was }) => ({ dimension: d.name, from: was!.score!, to: d.score! }));
  const remaining = new Map<string, number>();
  for (const a of after.antiPatterns) remaining.set(a.flag, (remaining.get(a.flag) ?? 0) + 1);
  const antiPatternsRemoved: AntiPatternFlag[] = [];
  for (const a of before.antiPatterns) {
    const left = remaining.get(a.flag) ?? 0;
    if (left > 0) remaining.set(a.flag, left - 1);
    else antiPatternsRemoved.push(a.flag);
  }
  return { dimensions, antiPatternsRemoved };
}

/**
 * Re-score candidates, likeliest gain first, and keep those whose re-score gains at least MIN_GAIN. `rescore`
 * returns undefined when the budget (bytes re-scored) is spent; at most `maxRescores` run.
 */
function rescoredTips<C extends Candidate & { target: Tip['target'] }>(
  candidates: readonly C[],
  baseline: Scored,
  simulate: (c: C) => Scored | undefined,
  maxRescores: number,
): Tip[] {
  const seen = new Set<string>();
  const tips: Tip[] = [];
  let rescores = 0;
  const ordered = candidates
    .map((c, i) => ({ c, i }))
    .sort((a, b) => b.c.prior - a.c.prior || a.i - b.i)
    .map(({ c }) => c);
  for (const c of ordered) {
    const key = `${c.target.kind}:${c.target.path}:${JSON.stringify(c.improvement.edits)}`;
    if (seen.has(key) || c.improvement.edits.length === 0) continue;
    seen.add(key);
    if (rescores++ >= maxRescores) break;
    const after = simulate(c);
    if (!after) break;
    const gain = after.score - baseline.score;
    if (!(gain >= MIN_GAIN)) continue;
    tips.push({
      id: c.improvement.id,
      source: c.source,
      dimension: c.dimension,
      ...(c.antiPattern ? { antiPattern: c.antiPattern } : {}),
      target: c.target,
      gain,
      gainBasis: 'simulated',
      action: c.improvement.action,
      example: c.improvement.example,
      edits: c.improvement.edits,
      effects: effectsOf(baseline, after),
    });
  }
  return tips;
}

/** Re-scored tips for one skill (of a skill result, or of a plugin result via `rescore`). */
export function skillTips(
  skill: SkillDocument,
  target: Tip['target'],
  baseline: Scored,
  rescore: Rescore,
  staticLayer?: StaticLayerOutput,
): Tip[] {
  let bytes = 0;
  const candidates = candidateImprovements(skill, staticLayer).map((c) => ({ ...c, target }));
  return rescoredTips(
    candidates,
    baseline,
    (c) => {
      if ((bytes += skill.bytes) > Math.max(SIMULATION_BYTE_BUDGET, skill.bytes)) return undefined;
      // The tip's own rule runs again (its edit is meant to remove its instances); the others' are reused.
      const reuse = new Map([...(staticLayer?.instances ?? [])].filter(([flag]) => flag !== c.antiPattern));
      return rescore(editedSkill(skill, c.improvement.edits), reuse);
    },
    MAX_SIMULATIONS,
  );
}

/** A plugin's agent or command with the default check's outcome (what its improvements are read from). */
export interface ScoredComponent {
  component: MarkdownComponent;
  outcome: CheckOutcome;
}

/** Re-score the plugin with one agent or command replaced by its edited copy. */
export type RescoreComponent = (index: number, edited: MarkdownComponent) => Scored;

/**
 * Agent and command re-scores per plugin at most (all components together, likeliest gains first). Each one
 * re-runs one component check and re-averages the plugin, so the cost stays linear in the number of components.
 */
export const MAX_COMPONENT_RESCORES = 48;

/**
 * Re-scored tips for a plugin's agents and commands: the default checks' improvements, each applied to a copy of
 * the file in memory and re-scored as the whole plugin (`rescore`) with that component replaced. Components feed
 * triggering accuracy, so that is the dimension they name.
 */
export function componentTips(
  components: readonly ScoredComponent[],
  baseline: Scored,
  rescore: RescoreComponent,
): Tip[] {
  const checks = COMPONENT_CHECKS.default;
  const triggering = components.length > 0 ? DIMENSION_WEIGHTS.triggering_accuracy / components.length : 0;
  const candidates: (Candidate & { target: Tip['target']; index: number; component: MarkdownComponent })[] = [];
  components.forEach(({ component, outcome }, index) => {
    const prior = triggering * (1 - outcome.score) * 100;
    for (const improvement of checks[component.kind]?.improve?.(component, outcome) ?? []) {
      candidates.push({
        improvement,
        source: 'check',
        dimension: 'triggering_accuracy',
        prior,
        target: { kind: component.kind, path: component.file },
        index,
        component,
      });
    }
  });
  return rescoredTips(
    candidates,
    baseline,
    (c) => rescore(c.index, editedComponent(c.component, c.improvement.edits)),
    MAX_COMPONENT_RESCORES,
  );
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
