/**
 * A plugin's static layer from its skills' static layers and its agent and command outcomes. compat:
 * PluginEval's mean of component scores; default: each sub-score averaged over skills (agents and commands
 * join triggering). Pure, so a tip can re-run it with one skill's layer or one component replaced.
 */
import type { CheckOutcome } from '../rules/checks/types.js';
import type { StaticLayerOutput } from '../rules/static-layer.js';
import type { LayerOutput } from '../model/layer-output.js';
import { SUB_SCORE_TO_DIMENSION, SUB_SCORES, type Methodology } from '../model/dimensions.js';
import type { PluginDocument } from '../parse/plugin.js';
import { antiPatternPenalty } from '../model/anti-pattern-penalty.js';

export interface PluginParts {
  /** The skills' names, in the order of the skill layers (evidence names each component's value). */
  skillNames: readonly string[];
  agents: { agent: PluginDocument['agents'][number]; outcome: CheckOutcome }[];
  commands: { command: PluginDocument['commands'][number]; outcome: CheckOutcome }[];
}

export function pluginStaticLayer(
  skillLayers: readonly StaticLayerOutput[],
  parts: PluginParts,
  methodology: Methodology,
): { layer: LayerOutput; penalty: number } {
  const { agents, commands } = parts;
  const antiPatterns = skillLayers.flatMap((l) => l.antiPatterns);
  const penalty = antiPatternPenalty(antiPatterns.length);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const layer: LayerOutput = {
    name: 'static',
    score: 0,
    durationMs: 0,
    measurements: {},
    unmeasured: {},
    antiPatterns,
    subScores: {},
  };
  if (methodology === 'compat') {
    const values = [...skillLayers.map((l) => l.score), ...agents.map((a) => a.outcome.score)];
    const value = values.length > 0 ? mean(values) : 0.5;
    layer.score = value;
    for (const sub of SUB_SCORES) {
      const dim = SUB_SCORE_TO_DIMENSION[sub];
      if (dim)
        layer.measurements[dim] = {
          score: value,
          evidence: [`mean of ${skillLayers.length} skill and ${agents.length} agent score(s)`],
        };
    }
    return { layer, penalty };
  }
  for (const sub of SUB_SCORES) {
    const dim = SUB_SCORE_TO_DIMENSION[sub];
    const named = skillLayers.map((l, i) => ({
      name: parts.skillNames[i] ?? `skill ${i + 1}`,
      value: l.subScores[sub]?.score ?? 0,
    }));
    if (dim === 'triggering_accuracy') {
      named.push(
        ...agents.map((a) => ({ name: `agent ${a.agent.stem}`, value: a.outcome.score })),
        ...commands.map((c) => ({ name: `command ${c.command.stem}`, value: c.outcome.score })),
      );
    }
    if (named.length === 0) continue;
    const value = mean(named.map((n) => n.value));
    const evidence = [componentMean(named)];
    layer.subScores[sub] = { score: value, evidence };
    if (dim) layer.measurements[dim] = { score: value, evidence };
  }
  layer.score = skillLayers.length > 0 ? mean(skillLayers.map((l) => l.rawScore)) * penalty : 0;
  return { layer, penalty };
}

/**
 * "mean over 3 components: alpha 0.55, agent x 1.00, ...": every number of a plugin's dimension traced to its parts.
 */
function componentMean(named: readonly { name: string; value: number }[]): string {
  const shown = named.slice(0, 12).map((n) => `${n.name} ${n.value.toFixed(2)}`);
  const more = named.length > shown.length ? `, and ${named.length - shown.length} more` : '';
  return `mean over ${named.length} component${named.length === 1 ? '' : 's'}: ${shown.join(', ')}${more}`;
}
