import path from 'node:path';
import pLimit from 'p-limit';
import { compatView } from '../checks/compat/view.js';
import { InputError } from '../errors.js';
import { runStaticLayer } from '../layers/static.js';
import { diagnostic } from '../model/diagnostic.js';
import { discoverTargets } from '../parse/discover.js';
import { parsePlugin } from '../parse/plugin.js';
import { listPaths, parseSkill } from '../parse/skill.js';
import { buildResult } from '../score/build-result.js';
import { arithmeticFor, compositeOf } from '../score/composite.js';
import { antiPatternPenalty } from '../score/grades.js';
import { mergeLayerAntiPatterns } from '../score/layer-anti-patterns.js';
import { skillTips } from '../score/tips.js';
import { lineCount } from '../util/text.js';
import { findingsAsDiagnostics, judgeLayerFor, layersNotRun, skillName, wantsJudge } from './score-common.js';
import { scorePlugin } from './score-plugin.js';
export { averageJudgeLayers, scorePlugin, scorePluginDocument } from './score-plugin.js';
/** Score one parsed skill with the static layer only (no model calls). Pure apart from timing. */
export function scoreSkillDocument(skill, options = {}) {
    return scoreSkillWithLayers(skill, options, []);
}
/** Score one parsed skill with every layer its depth asks for and the options make possible. */
export async function scoreSkill(skill, options = {}) {
    const depth = options.depth ?? 'quick';
    const extra = wantsJudge(depth, options.judge) ? [await judgeLayerFor(skill, options.judge, options.signal)] : [];
    return scoreSkillWithLayers(skill, options, extra);
}
function scoreSkillWithLayers(skill, options, extraLayers) {
    const started = performance.now();
    const methodology = options.methodology ?? 'default';
    const depth = options.depth ?? 'quick';
    const staticLayer = runStaticLayer(skill, methodology);
    const compatMode = methodology === 'compat';
    const diagnostics = [...skill.diagnostics, ...findingsAsDiagnostics(staticLayer.findings, skill.file)];
    const compat = compatMode ? compatView(skill) : undefined;
    const antiPatterns = mergeLayerAntiPatterns(methodology, staticLayer.antiPatterns, extraLayers);
    if (compat?.problem) {
        diagnostics.push(diagnostic(skill.file, 'compat/frontmatter', 'warning', `PluginEval 0.1.x reads this frontmatter as empty: ${compat.problem}`, 1, 1));
    }
    const baseline = compositeOf([staticLayer, ...extraLayers], staticLayer.penalty, arithmeticFor(methodology));
    // A tip is re-scored with the other layers' scores held: only the static layer can see an edit without a model call.
    const rescore = (edited, reuse) => {
        const layer = runStaticLayer(edited, methodology, reuse);
        const c = compositeOf([layer, ...extraLayers], layer.penalty, arithmeticFor(methodology));
        return { score: c.score, dimensions: c.dimensions, antiPatterns: layer.antiPatterns };
    };
    const tips = skillTips(skill, { kind: 'skill', path: skill.displayPath }, { score: baseline.score, dimensions: baseline.dimensions, antiPatterns: staticLayer.antiPatterns }, rescore, compatMode ? undefined : staticLayer);
    return buildResult({
        target: {
            path: skill.displayPath,
            kind: 'skill',
            name: skillName(skill, methodology),
            lineCount: lineCount(compatMode ? skill.rawText : skill.text),
        },
        methodology,
        depth,
        layers: [staticLayer, ...extraLayers],
        layersNotRun: layersNotRun(depth, wantsJudge(depth, options.judge)),
        penalty: antiPatterns.length === staticLayer.antiPatterns.length ? staticLayer.penalty : antiPatternPenalty(antiPatterns.length),
        antiPatterns,
        diagnostics,
        tips,
        durationMs: performance.now() - started + extraLayers.reduce((a, l) => a + l.durationMs, 0),
    });
}
/** Parse and score one target; a target that cannot be read at all is a failure, not an exception. */
export async function scoreTarget(target, options = {}, listings = new Map()) {
    if (target.kind === 'plugin') {
        return scorePlugin(await parsePlugin(target.dir, { displayPath: target.displayPath }), options);
    }
    const skillsDir = path.dirname(target.dir);
    let siblings = listings.get(skillsDir);
    if (!siblings)
        listings.set(skillsDir, (siblings = listPaths(skillsDir)));
    const parsed = await parseSkill(target.dir, { displayPath: target.displayPath, context: { skillsDir, siblings: await siblings } });
    if (!parsed.ok)
        return { target, diagnostics: parsed.diagnostics };
    return scoreSkill(parsed.skill, options);
}
/** Stands in for a result already streamed and let go (retainResults: false). */
const DROPPED = { target: { kind: 'skill', dir: '', displayPath: '' }, diagnostics: [] };
/** Score every skill and plugin found under the given paths. Throws InputError only for unusable paths. */
export async function score(paths, options = {}) {
    if (paths.length === 0)
        throw new InputError('no path given');
    const { targets, diagnostics } = await discoverTargets(paths);
    const limit = pLimit(Math.max(1, options.jobs ?? 4));
    const listings = new Map();
    let done = 0;
    // onResult sees results in target order whatever order the jobs finish in: a finished result waits only
    // until every target before it has finished, then it is handed over (and, when not retained, dropped).
    const finished = new Array(targets.length);
    let nextToHand = 0;
    const handOver = () => {
        for (; nextToHand < targets.length && finished[nextToHand] !== undefined; nextToHand++) {
            const outcome = finished[nextToHand];
            if ('schemaVersion' in outcome)
                options.onResult?.(outcome);
            if (options.retainResults === false && 'schemaVersion' in outcome)
                finished[nextToHand] = DROPPED;
        }
    };
    await Promise.all(targets.map((target, i) => limit(async () => {
        options.signal?.throwIfAborted();
        const outcome = await scoreTarget(target, options, listings);
        options.onProgress?.(++done, targets.length, target);
        finished[i] = outcome;
        handOver();
    })));
    const outcomes = finished.filter((o) => o !== DROPPED);
    const results = [];
    const failures = [];
    for (const o of outcomes)
        if (o)
            ('schemaVersion' in o ? results : failures).push(o);
    return { results, failures, diagnostics };
}
//# sourceMappingURL=score.js.map