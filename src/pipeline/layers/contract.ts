/**
 * One measuring layer as an entry of the layer table (./layers/index.ts). The score loop knows no layer by
 * name: it asks each entry the plan requests whether it can run, runs it on each skill, and merges a plugin's
 * skills with the entry's own rule. Monte Carlo is one more entry.
 */
import type { LayerOutput } from '../../model/layer-output.js';
import type { DimensionName, LayerName } from '../../model/dimensions.js';
import type { SkillDocument } from '../../parse/skill.js';
import type { RunContext } from '../context.js';
import type { ScorePlan } from '../plan.js';

/** Yes, or why not (the reason is reported in `layersNotRun`, never a silent downgrade). */
export type LayerWants = true | { reason: string };

/** What a layer's run sees: the plan (what to measure) and the context (live parts). */
export interface LayerRunContext {
  plan: ScorePlan;
  run: RunContext;
  /** Outputs of the layers named in this layer's `after`, for the same skill (empty when none ran). */
  earlier?: readonly LayerOutput[];
}

/** One skill's output of a layer, inside a plugin. */
export interface SkillLayerOutput {
  /** The skill's reported name. */
  skill: string;
  /** Its SKILL.md (anti-patterns without a file of their own are about it). */
  file: string;
  layer: LayerOutput;
}

export interface Layer {
  name: LayerName;
  /** Dimensions the layer can measure (a layer measures at most these; it may report some unmeasured). */
  dimensions: readonly DimensionName[];
  /**
   * The base layer (static) runs in every plan and is run by the skill and plugin assembly itself: its output
   * carries the penalty, findings and rule instances that tips re-score from. Every other entry runs here.
   */
  base?: true;
  /**
   * Layers whose output for the same skill this one reads (and so runs after). Only for decisions about how
   * long to measure (Monte Carlo's adaptive stop); a layer's scores never depend on another layer's.
   */
  after?: readonly LayerName[];
  /** Whether this plan and context let the layer run. */
  wants(plan: ScorePlan, ctx: RunContext): LayerWants;
  /** Measure one skill. Infrastructure failures are unmeasured dimensions (`failed`), never scores. */
  run(skill: SkillDocument, ctx: LayerRunContext): Promise<LayerOutput>;
  /** One plugin-level output from its skills' outputs (each named by the skill's reported name). */
  mergePlugin(perSkill: readonly SkillLayerOutput[], ctx: LayerRunContext): LayerOutput;
}
