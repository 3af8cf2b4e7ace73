import { compatView } from '../checks/compat/view.js';
import { DEPTH_PLAN } from '../model/dimensions.js';
import { diagnostic } from '../model/diagnostic.js';
/** Layers a depth asks for that will not run, with the reason (never a silent downgrade). */
export function layersNotRun(depth, judgeAvailable) {
    const reasons = {
        judge: judgeAvailable ? undefined : 'the LLM judge layer needs a model provider and none was given; dimensions it measures stay unmeasured',
        monte_carlo: 'the Monte Carlo layer (real agent runs) is not available in this version of plugin-eval; dimensions it measures stay unmeasured',
    };
    return DEPTH_PLAN[depth].layers
        .filter((l) => l !== 'static' && reasons[l] !== undefined)
        .map((name) => ({ name, reason: reasons[name] }));
}
export function wantsJudge(depth, judge) {
    return judge !== undefined && DEPTH_PLAN[depth].layers.includes('judge');
}
export async function judgeLayerFor(skill, judge, signal) {
    const { runJudgeLayer } = await import('../judge/index.js');
    const layer = await runJudgeLayer(skill, {
        provider: judge.provider,
        model: judge.model,
        ...(judge.judgeModels ? { judgeModels: judge.judgeModels } : {}),
        ...(judge.judges ? { judges: judge.judges } : {}),
        ...(judge.budgetTokens ? { budgetTokens: judge.budgetTokens } : {}),
        ...(signal ? { signal } : {}),
    });
    if (layer.usage && judge.description)
        layer.usage = { ...layer.usage, provider: judge.description };
    return layer;
}
/** Check findings as diagnostics; a finding without its own file is about `file`. */
export function findingsAsDiagnostics(findings, file) {
    return findings.map((f) => diagnostic(f.file ?? file, f.ruleId, f.severity, f.message, f.line ?? 0, f.column ?? 0));
}
/** The name a result reports: PluginEval's reading of the frontmatter in compat, else the name or folder. */
export function skillName(skill, methodology) {
    return methodology === 'compat' ? compatView(skill).name : (skill.name ?? skill.dirName);
}
//# sourceMappingURL=score-common.js.map