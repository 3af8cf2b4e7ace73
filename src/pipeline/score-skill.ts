/**
 * One skill through the pipeline: the base (static) layer, every measuring layer the plan selected, the
 * blend and composite, and tips from the checks' own formulas with the measuring layers' scores held.
 */
import { compatView } from '../rules/checks/compat/view.js';
import { findingsAsDiagnostics } from '../rules/checks/shared/findings.js';
import { emitTo } from '../events/sink.js';
import { runStaticLayer } from '../rules/static-layer.js';
import type { LayerOutput } from '../model/layer-output.js';
import type { Methodology } from '../model/dimensions.js';
import { diagnostic } from '../model/diagnostic.js';
import type { SkillDocument } from '../parse/skill.js';
import { securityDiagnosticsOfSkill } from '../rules/security/index.js';
import { skillDiagnostics } from '../rules/skill-diagnostics.js';
import { assembleResult, type AssembledResult } from '../score/build-result.js';
import { arithmeticFor, compositeOf, type Composite } from '../score/composite.js';
import { antiPatternPenalty } from '../model/anti-pattern-penalty.js';
import { mergeLayerAntiPatterns } from '../score/layer-anti-patterns.js';
import { skillOffers, tipsFromOffers } from '../score/tips.js';
import type { StaticLayerOutput } from '../rules/static-layer.js';
import type { Tip } from '../model/result.js';
import { lineCount } from '../util/text.js';
import type { LayerRunContext } from './layers/contract.js';
import { withRuleConfig } from './rule-config.js';
import { runLayers, type LayerSelection } from './layers/select.js';
import { monotonicMs } from '../util/clock.js';

/** Score one parsed skill with the plan's layers; the result's badge is decided later (finalise). */
export async function assembleSkill(
  skill: SkillDocument,
  selection: LayerSelection,
  ctx: LayerRunContext,
): Promise<AssembledResult> {
  const extra = selection.measuring.length > 0 ? await runLayers(selection.measuring, skill, ctx) : [];
  return assembleSkillWithLayers(skill, selection, ctx, extra);
}

/** The base layer, blend and tips of one skill, given the measuring layers' outputs. Synchronous. */
export function assembleSkillWithLayers(
  skill: SkillDocument,
  selection: Pick<LayerSelection, 'notRun'>,
  ctx: LayerRunContext,
  extraLayers: LayerOutput[],
): AssembledResult {
  const started = monotonicMs();
  const { methodology, depth } = ctx.plan;
  if (ctx.run.events) emitTo(ctx.run.events, { type: 'layer.started', target: skill.displayPath, layer: 'static' });
  const staticLayer = runStaticLayer(skill, methodology);
  if (ctx.run.events)
    emitTo(ctx.run.events, {
      type: 'layer.finished',
      target: skill.displayPath,
      layer: 'static',
      ms: Math.round(staticLayer.durationMs),
    });
  const compatMode = methodology === 'compat';
  // The same problems `validate` reports (compat reproduces PluginEval 0.1.x, so only the parser's, its findings and
  // the security rules: a hostile skill is said to be one whichever command looks).
  const diagnostics = compatMode
    ? [
        ...skill.diagnostics,
        ...findingsAsDiagnostics(staticLayer.findings, skill.file),
        ...securityDiagnosticsOfSkill(skill),
      ]
    : skillDiagnostics(skill, staticLayer.findings);
  const compat = compatMode ? compatView(skill) : undefined;
  const antiPatterns = mergeLayerAntiPatterns(methodology, staticLayer.antiPatterns, extraLayers);
  if (compat?.problem) {
    diagnostics.push(
      diagnostic(
        skill.file,
        'compat/frontmatter',
        'warning',
        `PluginEval 0.1.x reads this frontmatter as empty: ${compat.problem}`,
        1,
        1,
      ),
    );
  }
  // Tips come from the default checks' own formulas, measured against the composite with the static layer's penalty
  // (the result's own unless a measuring layer adds anti-patterns); PluginEval has none, so compat shows only the
  // judge's.
  const layers = [staticLayer, ...extraLayers];
  const baseline = compatMode ? undefined : compositeOf(layers, staticLayer.penalty, arithmeticFor('default'));
  const tips = baseline ? tipsOfSkill(skill, staticLayer, baseline) : [];
  const penalty =
    antiPatterns.length === staticLayer.antiPatterns.length
      ? staticLayer.penalty
      : antiPatternPenalty(antiPatterns.length);
  const assembled = assembleResult({
    target: {
      path: skill.displayPath,
      kind: 'skill',
      name: skillName(skill, methodology),
      lineCount: lineCount(compatMode ? skill.rawText : skill.text),
    },
    methodology,
    depth,
    layersRequested: ctx.plan.layers,
    layers,
    layersNotRun: selection.notRun,
    penalty,
    ...(baseline && penalty === staticLayer.penalty ? { composite: baseline } : {}),
    antiPatterns,
    diagnostics,
    tips,
    durationMs: monotonicMs() - started + extraLayers.reduce((a, l) => a + l.durationMs, 0),
  });
  return {
    ...withRuleConfig(assembled, ctx.plan.ruleConfig, [
      { file: skill.file, text: skill.text, folder: skill.displayPath },
    ]),
    skillDir: skill.dir,
  };
}

/** The name a result reports: PluginEval's reading of the frontmatter in compat, else the name or folder. */
export function skillName(skill: SkillDocument, methodology: Methodology): string {
  return methodology === 'compat' ? compatView(skill).name : (skill.name ?? skill.dirName);
}

/** A skill's tips, measured against its composite (`baseline`) with the measuring layers' scores held. */
function tipsOfSkill(skill: SkillDocument, staticLayer: StaticLayerOutput, baseline: Composite): Tip[] {
  return tipsFromOffers(skillOffers(skill, staticLayer, { kind: 'skill', path: skill.displayPath }), {
    dimensions: baseline.dimensions,
    rawScore: baseline.rawScore,
    antiPatterns: staticLayer.antiPatterns.length,
    share: () => 1,
  });
}
