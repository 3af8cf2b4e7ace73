/**
 * Layer 1 as a table entry. It is the base layer: every plan runs it, and the skill and plugin assembly
 * (../score-skill.ts, ../score-plugin.ts) call `runStaticLayer` themselves, because its output carries what
 * tips are computed from (penalty, findings, rule instances). `run` and `mergePlugin` serve any other caller.
 */
import { runStaticLayer, type StaticLayerOutput } from '../../rules/static-layer.js';
import { SUB_SCORE_TO_DIMENSION, SUB_SCORES, type DimensionName } from '../../model/dimensions.js';
import type { Layer } from './contract.js';
import { pluginStaticLayer } from '../plugin-static.js';

const STATIC_DIMENSIONS = SUB_SCORES.map((s) => SUB_SCORE_TO_DIMENSION[s]).filter(
  (d): d is DimensionName => d !== undefined,
);

export const STATIC_LAYER: Layer = {
  name: 'static',
  dimensions: STATIC_DIMENSIONS,
  base: true,
  wants: () => true,
  run: async (skill, { plan }) => runStaticLayer(skill, plan.methodology),
  // Skills only: the plugin assembly adds the agents' and commands' outcomes.
  mergePlugin: (perSkill, { plan }) =>
    pluginStaticLayer(
      perSkill.map((s) => s.layer as StaticLayerOutput),
      { skillNames: perSkill.map((s) => s.skill), agents: [], commands: [] },
      plan.methodology,
    ).layer,
};
