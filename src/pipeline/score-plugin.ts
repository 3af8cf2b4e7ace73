/**
 * One plugin through the pipeline. compat: PluginEval's mean of component scores with the penalty applied a
 * second time. default: dimensions averaged over skills (agents and commands join triggering accuracy),
 * every skill anti-pattern counted once, one penalty. Each measuring layer runs on every skill and is merged
 * by the layer's own rule (`mergePlugin`).
 */
import { COMPONENT_CHECKS } from '../rules/checks/components/index.js';
import { emitTo } from '../events/sink.js';
import { runStaticLayer } from '../rules/static-layer.js';
import type { LayerOutput } from '../model/layer-output.js';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { ScoreResult, Tip } from '../model/result.js';
import type { MarkdownComponent, PluginDocument } from '../parse/plugin.js';
import type { Finding } from '../rules/checks/types.js';
import {
  securityDiagnosticsOfComponent,
  securityDiagnosticsOfPlugin,
  securityDiagnosticsOfSkill,
} from '../rules/security/index.js';
import { componentDiagnostics, pluginOwnDiagnostics, skillDiagnostics } from '../rules/skill-diagnostics.js';
import { assembleResult, type AssembledResult } from '../score/build-result.js';
import { arithmeticFor, compositeOf } from '../score/composite.js';
import { antiPatternPenalty } from '../model/anti-pattern-penalty.js';
import { mergeLayerAntiPatterns } from '../score/layer-anti-patterns.js';
import { componentOffers, skillOffers, tipsFromOffers } from '../score/tips.js';
import type { LayerRunContext } from './layers/contract.js';
import { pluginStaticLayer, type PluginParts } from './plugin-static.js';
import { findingsAsDiagnostics } from '../rules/checks/shared/findings.js';
import { withRuleConfig } from './rule-config.js';
import { skillName } from './score-skill.js';
import { runLayer, type LayerSelection } from './layers/select.js';
import { monotonicMs } from '../util/clock.js';

/** Score a plugin with the plan's layers; each measuring layer runs on every skill and is merged. */
export async function assemblePlugin(
  plugin: PluginDocument,
  selection: LayerSelection,
  ctx: LayerRunContext,
): Promise<AssembledResult> {
  if (selection.measuring.length === 0 || plugin.skills.length === 0)
    return assemblePluginWithLayers(plugin, selection, ctx, []);
  const names = plugin.skills.map((skill) => skillName(skill, ctx.plan.methodology));
  // All skills at once: the providers' concurrency limiters, not this loop, bound the calls in flight.
  const extra = await Promise.all(
    selection.measuring.map(async (layer) => {
      const perSkill = await Promise.all(
        plugin.skills.map(async (skill, i) => ({
          skill: names[i]!,
          file: skill.file,
          layer: await runLayer(layer, skill, ctx),
        })),
      );
      return layer.mergePlugin(perSkill, ctx);
    }),
  );
  return assemblePluginWithLayers(plugin, selection, ctx, extra);
}

export function assemblePluginWithLayers(
  plugin: PluginDocument,
  selection: Pick<LayerSelection, 'notRun'>,
  ctx: LayerRunContext,
  extraLayers: LayerOutput[],
): AssembledResult {
  const started = monotonicMs();
  const { methodology, depth } = ctx.plan;
  const checks = COMPONENT_CHECKS[methodology];
  if (ctx.run.events) emitTo(ctx.run.events, { type: 'layer.started', target: plugin.displayPath, layer: 'static' });
  // Anti-patterns carry the SKILL.md they were found in, so a plugin's list says where each one is.
  const skillLayers = plugin.skills.map((skill) => {
    const layer = runStaticLayer(skill, methodology);
    return {
      skill,
      layer: { ...layer, antiPatterns: layer.antiPatterns.map((a) => ({ ...a, file: a.file ?? skill.file })) },
    };
  });
  const parts: PluginParts = {
    skillNames: skillLayers.map(({ skill }) => skillName(skill, methodology)),
    agents: plugin.agents.map((agent) => ({ agent, outcome: checks.agent.run(agent) })),
    commands: checks.command
      ? plugin.commands.map((command) => ({ command, outcome: checks.command!.run(command) }))
      : [],
  };
  const { agents, commands } = parts;
  const { layer, penalty: staticPenalty } = pluginStaticLayer(
    skillLayers.map((s) => s.layer),
    parts,
    methodology,
  );
  // The judge's own INJECTION_ATTEMPT findings (text addressed to it) join the static layer's.
  const antiPatterns = mergeLayerAntiPatterns(methodology, layer.antiPatterns, extraLayers);
  const penalty =
    antiPatterns.length === layer.antiPatterns.length ? staticPenalty : antiPatternPenalty(antiPatterns.length);
  const compat = methodology === 'compat';
  const componentProblems = (component: MarkdownComponent, findings: readonly Finding[]): Diagnostic[] =>
    compat
      ? [
          ...component.diagnostics,
          ...findingsAsDiagnostics(findings, component.file),
          ...securityDiagnosticsOfComponent(component),
        ]
      : componentDiagnostics(component, findings);
  const diagnostics: Diagnostic[] = [
    ...plugin.diagnostics,
    // The same problems `validate` reports; compat reproduces PluginEval 0.1.x (see assembleSkillWithLayers).
    ...skillLayers.flatMap(({ skill, layer: l }) =>
      compat
        ? [...skill.diagnostics, ...findingsAsDiagnostics(l.findings, skill.file), ...securityDiagnosticsOfSkill(skill)]
        : skillDiagnostics(skill, l.findings),
    ),
    ...agents.flatMap(({ agent, outcome }) => componentProblems(agent, outcome.findings)),
    ...commands.flatMap(({ command, outcome }) => componentProblems(command, outcome.findings)),
    ...(compat ? securityDiagnosticsOfPlugin(plugin) : pluginOwnDiagnostics(plugin)),
  ];
  if (methodology !== 'compat' && Object.keys(layer.measurements).length === 0) {
    diagnostics.push(
      diagnostic(plugin.displayPath, 'plugin/empty', 'warning', 'plugin has no skills, agents or commands to score'),
    );
  }
  layer.durationMs = monotonicMs() - started;
  if (ctx.run.events)
    emitTo(ctx.run.events, {
      type: 'layer.finished',
      target: plugin.displayPath,
      layer: 'static',
      ms: Math.round(layer.durationMs),
    });

  // Tips come from the default checks' own formulas; PluginEval has none, so compat shows only the judge's.
  const tips: Tip[] = [];
  if (methodology === 'default') {
    const baseline = compositeOf([layer, ...extraLayers], staticPenalty, arithmeticFor(methodology));
    const skills = skillLayers.length;
    const triggering = skills + agents.length + commands.length;
    const offers = [
      ...skillLayers.flatMap(({ skill, layer: own }) =>
        skillOffers(skill, own, { kind: 'skill', path: skill.displayPath }),
      ),
      ...componentOffers([
        ...agents.map((a) => ({ component: a.agent, outcome: a.outcome })),
        ...commands.map((c) => ({ component: c.command, outcome: c.outcome })),
      ]),
    ];
    tips.push(
      ...tipsFromOffers(offers, {
        dimensions: baseline.dimensions,
        rawScore: baseline.rawScore,
        antiPatterns: layer.antiPatterns.length,
        // Each dimension is the mean over the skills; agents and commands join triggering accuracy.
        share: (dimension) => 1 / Math.max(1, dimension === 'triggering_accuracy' ? triggering : skills),
      }),
    );
  }

  const components: NonNullable<ScoreResult['components']> = [
    // Each skill's own composite, from the static layer already run above (not a second scoring pass).
    ...skillLayers.map(({ skill, layer: l }) => ({
      kind: 'skill' as const,
      name: skillName(skill, methodology),
      path: skill.displayPath,
      score: compositeOf([l], l.penalty, arithmeticFor(methodology)).score,
      staticScore: l.score,
      evidence: [],
    })),
    ...agents.map(({ agent, outcome }) => ({
      kind: 'agent' as const,
      name: agent.stem,
      path: agent.file,
      score: outcome.score,
      staticScore: outcome.score,
      evidence: outcome.evidence,
    })),
    ...commands.map(({ command, outcome }) => ({
      kind: 'command' as const,
      name: command.stem,
      path: command.file,
      score: outcome.score,
      staticScore: outcome.score,
      evidence: outcome.evidence,
    })),
  ];
  const assembled = assembleResult({
    target: { path: plugin.displayPath, kind: 'plugin', name: plugin.name },
    methodology,
    depth,
    layersRequested: ctx.plan.layers,
    layers: [layer, ...extraLayers],
    layersNotRun: selection.notRun,
    penalty,
    antiPatterns,
    diagnostics,
    components,
    tips,
    durationMs: monotonicMs() - started,
  });
  return withRuleConfig(assembled, ctx.plan.ruleConfig, [
    ...plugin.skills.map((skill) => ({ file: skill.file, text: skill.text, folder: skill.displayPath })),
    ...[...plugin.agents, ...plugin.commands].map((c) => ({ file: c.file, text: c.text })),
  ]);
}
