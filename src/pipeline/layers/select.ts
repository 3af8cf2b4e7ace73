/**
 * Which layers of the table a plan runs, which it asked for and cannot run (with the reason), and running
 * one layer on one skill inside its event scope.
 */
import { emitTo, withEventScope } from '../../events/sink.js';
import type { LayerOutput } from '../../model/layer-output.js';
import type { LayerName } from '../../model/dimensions.js';
import type { SkillDocument } from '../../parse/skill.js';
import type { RunContext } from '../context.js';
import type { Layer, LayerRunContext } from './contract.js';
import { LAYER_TABLE, NO_ENTRY_REASONS } from './index.js';
import type { ScorePlan } from '../plan.js';
import { monotonicMs } from '../../util/clock.js';

export interface LayerSelection {
  /** Measuring layers to run on every skill, in the plan's order (the base layer is run by the assembly). */
  measuring: Layer[];
  /** Layers the plan asked for that will not run, with the reason (never a silent downgrade). */
  notRun: { name: LayerName; reason: string }[];
}

export function selectLayers(plan: ScorePlan, ctx: RunContext): LayerSelection {
  const table = ctx.layers ?? LAYER_TABLE;
  const measuring: Layer[] = [];
  const notRun: LayerSelection['notRun'] = [];
  for (const name of plan.layers) {
    const entry = table.find((l) => l.name === name);
    if (entry === undefined) {
      notRun.push({
        name,
        reason: NO_ENTRY_REASONS[name] ?? `no ${name} layer is registered; dimensions it measures stay unmeasured`,
      });
      continue;
    }
    const wants = entry.wants(plan, ctx);
    if (wants !== true) notRun.push({ name, reason: wants.reason });
    else if (!entry.base) measuring.push(entry);
  }
  return { measuring, notRun };
}

/** Run one layer on one skill; calls it makes (and their retries) are reported against this skill and layer. */
export async function runLayer(layer: Layer, skill: SkillDocument, ctx: LayerRunContext): Promise<LayerOutput> {
  const sink = ctx.run.events;
  if (sink === undefined) return layer.run(skill, ctx);
  const target = skill.displayPath;
  emitTo(sink, { type: 'layer.started', target, layer: layer.name });
  const started = monotonicMs();
  const output = await withEventScope(sink, { target, layer: layer.name }, () => layer.run(skill, ctx));
  emitTo(sink, { type: 'layer.finished', target, layer: layer.name, ms: Math.round(monotonicMs() - started) });
  return output;
}

/**
 * Every measuring layer on one skill: those that read no other layer at once (the providers' limiters bound the
 * calls in flight), then each layer with an `after` list, given those layers' outputs. Output in table order.
 */
export async function runLayers(
  layers: readonly Layer[],
  skill: SkillDocument,
  ctx: LayerRunContext,
): Promise<LayerOutput[]> {
  const first = layers.filter((l) => l.after === undefined || l.after.length === 0);
  const later = layers.filter((l) => !first.includes(l));
  const outputs = new Map<Layer, LayerOutput>();
  const done = await Promise.all(first.map((layer) => runLayer(layer, skill, ctx)));
  first.forEach((layer, i) => outputs.set(layer, done[i]!));
  for (const layer of later) {
    const earlier = [...outputs.entries()].filter(([l]) => layer.after?.includes(l.name)).map(([, o]) => o);
    outputs.set(layer, await runLayer(layer, skill, { ...ctx, earlier }));
  }
  return layers.map((l) => outputs.get(l)!);
}
