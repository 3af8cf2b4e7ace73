import { compatView } from '../checks/compat/view.js';
import { applyRuleConfig, type DirectiveSource, type RuleConfig } from '../lint/apply-rule-config.js';
import type { LayerOutput } from '../layers/types.js';
import { DEPTH_PLAN, type Depth, type LayerName, type Methodology } from '../model/dimensions.js';
import type { ScoreResult } from '../model/result.js';
import type { Target } from '../parse/discover.js';
import type { SkillDocument } from '../parse/skill.js';
import type { Provider } from '../providers/types.js';
import type { Provenance } from '../config/resolve.js';

/** Options and helpers shared by skill scoring (`score.ts`) and plugin scoring (`score-plugin.ts`). */

/** How to run Layer 2 (the LLM judge); without it, depths that ask for the judge report it as not run. */
export interface JudgeSetup {
  provider: Provider;
  model: string;
  judgeModels?: string[];
  judges?: number;
  budgetTokens?: number;
  /** Which provider this is and why it was chosen, for every output. */
  description?: string;
}

export interface ScoreOptions {
  methodology?: Methodology;
  depth?: Depth;
  judge?: JudgeSetup;
  /** Targets scored at once (default 4). */
  jobs?: number;
  /** Called after each target, for progress bars. */
  onProgress?: (done: number, total: number, target: Target) => void;
  /** Called with each result as soon as it exists (streaming reporters). */
  onResult?: (result: ScoreResult) => void;
  /** Keep results in the returned run (default true); false keeps memory flat on huge trees when streaming. */
  retainResults?: boolean;
  signal?: AbortSignal;
  /**
   * The config file: a path, `false` for none, or undefined to use plugin-eval.config.json found from the
   * working folder (as ESLint's API does). Options given here win over the environment and the file.
   */
  config?: string | false;
  /** Where each setting came from (filled by the resolver; the CLI passes its own). */
  provenance?: Provenance;
  /** The config file's `rules` and `ignorePatterns`: what diagnostics report and which paths are skipped, never a score. */
  ruleConfig?: RuleConfig;
}

/**
 * Apply the rule configuration and the documents' inline comments to a result's diagnostics; the result carries
 * the count of those left out. Scores are untouched: diagnostics do not feed them.
 */
export function withRuleConfig(result: ScoreResult, ruleConfig: RuleConfig | undefined, sources: readonly DirectiveSource[]): ScoreResult {
  const applied = applyRuleConfig(result.diagnostics, ruleConfig, sources);
  const total = applied.disabled.byConfig + applied.disabled.inline + applied.disabled.ignored;
  return { ...result, diagnostics: applied.diagnostics, ...(total > 0 ? { disabledDiagnostics: applied.disabled } : {}) };
}


/** Layers a depth asks for that will not run, with the reason (never a silent downgrade). */
export function layersNotRun(depth: Depth, judgeAvailable: boolean): { name: LayerName; reason: string }[] {
  const reasons: Record<Exclude<LayerName, 'static'>, string | undefined> = {
    judge: judgeAvailable ? undefined : 'the LLM judge layer needs a model provider and none was given; dimensions it measures stay unmeasured',
    monte_carlo: 'the Monte Carlo layer (real agent runs) is not available in this version of plugin-eval; dimensions it measures stay unmeasured',
  };
  return DEPTH_PLAN[depth].layers
    .filter((l): l is Exclude<LayerName, 'static'> => l !== 'static' && reasons[l as Exclude<LayerName, 'static'>] !== undefined)
    .map((name) => ({ name, reason: reasons[name]! }));
}

export function wantsJudge(depth: Depth, judge: JudgeSetup | undefined): judge is JudgeSetup {
  return judge !== undefined && DEPTH_PLAN[depth].layers.includes('judge');
}

export async function judgeLayerFor(skill: SkillDocument, judge: JudgeSetup, signal: AbortSignal | undefined): Promise<LayerOutput> {
  const { runJudgeLayer } = await import('../judge/index.js');
  const layer = await runJudgeLayer(skill, {
    provider: judge.provider,
    model: judge.model,
    ...(judge.judgeModels ? { judgeModels: judge.judgeModels } : {}),
    ...(judge.judges ? { judges: judge.judges } : {}),
    ...(judge.budgetTokens ? { budgetTokens: judge.budgetTokens } : {}),
    ...(signal ? { signal } : {}),
  });
  if (layer.usage && judge.description) layer.usage = { ...layer.usage, provider: judge.description };
  return layer;
}

// Shared with `validate`, which reports the same findings.
export { findingsAsDiagnostics } from '../checks/shared/findings.js';

/** The name a result reports: PluginEval's reading of the frontmatter in compat, else the name or folder. */
export function skillName(skill: SkillDocument, methodology: Methodology): string {
  return methodology === 'compat' ? compatView(skill).name : (skill.name ?? skill.dirName);
}
