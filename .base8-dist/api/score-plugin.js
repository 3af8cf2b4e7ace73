import { COMPONENT_CHECKS } from '../checks/components/index.js';
import { runStaticLayer } from '../layers/static.js';
import { SUB_SCORE_TO_DIMENSION, SUB_SCORES } from '../model/dimensions.js';
import { diagnostic } from '../model/diagnostic.js';
import { buildResult, totalUsage } from '../score/build-result.js';
import { arithmeticFor, compositeOf } from '../score/composite.js';
import { antiPatternPenalty } from '../score/grades.js';
import { mergeLayerAntiPatterns } from '../score/layer-anti-patterns.js';
import { componentTips, skillTips } from '../score/tips.js';
import { findingsAsDiagnostics, judgeLayerFor, layersNotRun, skillName, wantsJudge } from './score-common.js';
/**
 * Average the skills' judge layers into one plugin-level layer. Each judged dimension is the mean over the
 * skills that measured it, and says how many of the plugin's skills that is ("3 of 4 skills; not measured
 * for X: reason"). A skill whose judge failed on a dimension never drops out silently: the dimension is
 * listed in `failed` (the result is partial). Skills the dimension does not apply to (no code to judge)
 * are named but are not a failure.
 */
export function averageJudgeLayers(judged) {
    const measurements = {};
    const unmeasured = {};
    const failed = {};
    const layers = judged.map((j) => j.layer);
    const dims = new Set(layers.flatMap((l) => [...Object.keys(l.measurements), ...Object.keys(l.unmeasured)]));
    for (const d of dims) {
        const got = judged.filter((j) => j.layer.measurements[d] !== undefined);
        const failures = judged.filter((j) => j.layer.failed?.[d] !== undefined).map((j) => `${j.skill}: ${j.layer.failed?.[d]}`);
        const notApplicable = judged
            .filter((j) => j.layer.measurements[d] === undefined && j.layer.failed?.[d] === undefined)
            .map((j) => `${j.skill}: ${j.layer.unmeasured[d] ?? 'not measured'}`);
        const coverage = [
            `${got.length} of ${judged.length} skill${judged.length === 1 ? '' : 's'}`,
            ...(failures.length > 0 ? [`not measured for ${failures.join('; ')}`] : []),
            ...(notApplicable.length > 0 ? [`not applicable for ${notApplicable.join('; ')}`] : []),
        ].join('; ');
        if (failures.length > 0)
            failed[d] = coverage;
        if (got.length === 0) {
            unmeasured[d] = judged.length === 1 ? (layers[0]?.unmeasured[d] ?? 'not measured') : coverage;
            continue;
        }
        const scores = got.map((j) => j.layer.measurements[d].score);
        measurements[d] = { score: scores.reduce((a, b) => a + b, 0) / scores.length, evidence: [`mean over ${coverage}`] };
    }
    const usage = totalUsage(layers);
    return {
        name: 'judge',
        score: layers.reduce((a, l) => a + l.score, 0) / Math.max(1, layers.length),
        durationMs: layers.reduce((a, l) => a + l.durationMs, 0),
        measurements,
        unmeasured,
        failed,
        antiPatterns: layers.flatMap((l) => l.antiPatterns),
        subScores: {},
        ...(usage ? { usage } : {}),
        notes: layers.flatMap((l) => l.notes ?? []),
    };
}
/**
 * Score a plugin. compat: PluginEval's mean of component scores with the penalty applied a second time.
 * default: dimensions averaged over skills (agents and commands join triggering accuracy), every skill
 * anti-pattern counted once, one penalty.
 */
export function scorePluginDocument(plugin, options = {}) {
    return scorePluginWithLayers(plugin, options, []);
}
/** Score a plugin with every layer its depth asks for; the judge runs on each skill and is averaged. */
export async function scorePlugin(plugin, options = {}) {
    const depth = options.depth ?? 'quick';
    if (!wantsJudge(depth, options.judge) || plugin.skills.length === 0)
        return scorePluginWithLayers(plugin, options, []);
    // All skills at once: the provider's concurrency limiter, not this loop, bounds the calls in flight.
    const judge = options.judge;
    const judged = await Promise.all(plugin.skills.map(async (skill) => {
        const layer = await judgeLayerFor(skill, judge, options.signal);
        // Anti-patterns the judge reported (text addressed to it) name the skill's file.
        return { skill: skillName(skill, options.methodology ?? 'default'), layer: { ...layer, antiPatterns: layer.antiPatterns.map((a) => ({ ...a, file: a.file ?? skill.file })) } };
    }));
    return scorePluginWithLayers(plugin, options, [averageJudgeLayers(judged)]);
}
/**
 * The plugin's static layer from its skills' static layers and its agent and command outcomes. compat: PluginEval's
 * mean of component scores; default: each sub-score averaged over skills (agents and commands join triggering).
 * Pure, so a tip can re-run it with one skill's layer replaced.
 */
function pluginStaticLayer(skillLayers, parts, methodology) {
    const { agents, commands } = parts;
    const antiPatterns = skillLayers.flatMap((l) => l.antiPatterns);
    const penalty = antiPatternPenalty(antiPatterns.length);
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const layer = { name: 'static', score: 0, durationMs: 0, measurements: {}, unmeasured: {}, antiPatterns, subScores: {} };
    if (methodology === 'compat') {
        const values = [...skillLayers.map((l) => l.score), ...agents.map((a) => a.outcome.score)];
        const value = values.length > 0 ? mean(values) : 0.5;
        layer.score = value;
        for (const sub of SUB_SCORES) {
            const dim = SUB_SCORE_TO_DIMENSION[sub];
            if (dim)
                layer.measurements[dim] = { score: value, evidence: [`mean of ${skillLayers.length} skill and ${agents.length} agent score(s)`] };
        }
        return { layer, penalty };
    }
    for (const sub of SUB_SCORES) {
        const dim = SUB_SCORE_TO_DIMENSION[sub];
        const named = skillLayers.map((l, i) => ({ name: parts.skillNames[i] ?? `skill ${i + 1}`, value: l.subScores[sub]?.score ?? 0 }));
        if (dim === 'triggering_accuracy') {
            named.push(...agents.map((a) => ({ name: `agent ${a.agent.stem}`, value: a.outcome.score })), ...commands.map((c) => ({ name: `command ${c.command.stem}`, value: c.outcome.score })));
        }
        if (named.length === 0)
            continue;
        const value = mean(named.map((n) => n.value));
        const evidence = [componentMean(named)];
        layer.subScores[sub] = { score: value, evidence };
        if (dim)
            layer.measurements[dim] = { score: value, evidence };
    }
    layer.score = skillLayers.length > 0 ? mean(skillLayers.map((l) => l.rawScore)) * penalty : 0;
    return { layer, penalty };
}
/** "mean over 3 components: alpha 0.55, agent x 1.00, ...": every number of a plugin's dimension traced to its parts. */
function componentMean(named) {
    const shown = named.slice(0, 12).map((n) => `${n.name} ${n.value.toFixed(2)}`);
    const more = named.length > shown.length ? `, and ${named.length - shown.length} more` : '';
    return `mean over ${named.length} component${named.length === 1 ? '' : 's'}: ${shown.join(', ')}${more}`;
}
function scorePluginWithLayers(plugin, options, extraLayers) {
    const started = performance.now();
    const methodology = options.methodology ?? 'default';
    const depth = options.depth ?? 'quick';
    const checks = COMPONENT_CHECKS[methodology];
    // Anti-patterns carry the SKILL.md they were found in, so a plugin's list says where each one is.
    const skillLayers = plugin.skills.map((skill) => {
        const layer = runStaticLayer(skill, methodology);
        return { skill, layer: { ...layer, antiPatterns: layer.antiPatterns.map((a) => ({ ...a, file: a.file ?? skill.file })) } };
    });
    const parts = {
        skillNames: skillLayers.map(({ skill }) => skillName(skill, methodology)),
        agents: plugin.agents.map((agent) => ({ agent, outcome: checks.agent.run(agent) })),
        commands: checks.command ? plugin.commands.map((command) => ({ command, outcome: checks.command.run(command) })) : [],
    };
    const { agents, commands } = parts;
    const { layer, penalty: staticPenalty } = pluginStaticLayer(skillLayers.map((s) => s.layer), parts, methodology);
    // The judge's own INJECTION_ATTEMPT findings (text addressed to it) join the static layer's.
    const antiPatterns = mergeLayerAntiPatterns(methodology, layer.antiPatterns, extraLayers);
    const penalty = antiPatterns.length === layer.antiPatterns.length ? staticPenalty : antiPatternPenalty(antiPatterns.length);
    const diagnostics = [
        ...plugin.diagnostics,
        ...skillLayers.flatMap(({ skill, layer: l }) => [...skill.diagnostics, ...findingsAsDiagnostics(l.findings, skill.file)]),
        ...agents.flatMap(({ agent, outcome }) => [...agent.diagnostics, ...findingsAsDiagnostics(outcome.findings, agent.file)]),
        ...commands.flatMap(({ command, outcome }) => [...command.diagnostics, ...findingsAsDiagnostics(outcome.findings, command.file)]),
    ];
    if (methodology !== 'compat' && Object.keys(layer.measurements).length === 0) {
        diagnostics.push(diagnostic(plugin.displayPath, 'plugin/empty', 'warning', 'plugin has no skills, agents or commands to score'));
    }
    layer.durationMs = performance.now() - started;
    // Tips: each skill's improvements, re-scored as the whole plugin with that skill's layer replaced.
    const baseline = compositeOf([layer, ...extraLayers], staticPenalty, arithmeticFor(methodology));
    const tips = skillLayers.flatMap(({ skill, layer: own }, i) => {
        const rescore = (edited, reuse) => {
            const replaced = runStaticLayer(edited, methodology, reuse);
            const withFile = { ...replaced, antiPatterns: replaced.antiPatterns.map((a) => ({ ...a, file: a.file ?? skill.file })) };
            const next = pluginStaticLayer(skillLayers.map((s, j) => (j === i ? withFile : s.layer)), parts, methodology);
            const c = compositeOf([next.layer, ...extraLayers], next.penalty, arithmeticFor(methodology));
            return { score: c.score, dimensions: c.dimensions, antiPatterns: next.layer.antiPatterns };
        };
        return skillTips(skill, { kind: 'skill', path: skill.displayPath }, { score: baseline.score, dimensions: baseline.dimensions, antiPatterns: layer.antiPatterns }, rescore, methodology === 'compat' ? undefined : own);
    });
    // Agents' and commands' improvements, re-scored as the whole plugin with that component's outcome replaced
    // (by the methodology's own check; compat never scores commands, so they have nothing to gain there).
    const scored = [...agents.map((a) => ({ component: a.agent, outcome: a.outcome })), ...commands.map((c) => ({ component: c.command, outcome: c.outcome }))];
    const skillStatic = skillLayers.map((s) => s.layer);
    const rescoreComponent = (index, edited) => {
        const outcome = (edited.kind === 'agent' ? checks.agent : checks.command).run(edited);
        const replaced = {
            skillNames: parts.skillNames,
            agents: agents.map((a, j) => (j === index ? { agent: edited, outcome } : a)),
            commands: commands.map((c, j) => (j + agents.length === index ? { command: edited, outcome } : c)),
        };
        const next = pluginStaticLayer(skillStatic, replaced, methodology);
        const c = compositeOf([next.layer, ...extraLayers], next.penalty, arithmeticFor(methodology));
        return { score: c.score, dimensions: c.dimensions, antiPatterns: next.layer.antiPatterns };
    };
    tips.push(...componentTips(scored, { score: baseline.score, dimensions: baseline.dimensions, antiPatterns: layer.antiPatterns }, rescoreComponent));
    const components = [
        // Each skill's own composite, from the static layer already run above (not a second scoring pass).
        ...skillLayers.map(({ skill, layer: l }) => ({
            kind: 'skill',
            name: skillName(skill, methodology),
            path: skill.displayPath,
            score: compositeOf([l], l.penalty, arithmeticFor(methodology)).score,
            staticScore: l.score,
            evidence: [],
        })),
        ...agents.map(({ agent, outcome }) => ({ kind: 'agent', name: agent.stem, path: agent.file, score: outcome.score, staticScore: outcome.score, evidence: outcome.evidence })),
        ...commands.map(({ command, outcome }) => ({ kind: 'command', name: command.stem, path: command.file, score: outcome.score, staticScore: outcome.score, evidence: outcome.evidence })),
    ];
    return buildResult({
        target: { path: plugin.displayPath, kind: 'plugin', name: plugin.name },
        methodology,
        depth,
        layers: [layer, ...extraLayers],
        layersNotRun: layersNotRun(depth, wantsJudge(depth, options.judge)),
        penalty,
        antiPatterns,
        diagnostics,
        components,
        tips,
        durationMs: performance.now() - started,
    });
}
//# sourceMappingURL=score-plugin.js.map