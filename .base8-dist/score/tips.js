import { COMPONENT_CHECKS } from '../checks/components/index.js';
import { REGISTRY } from '../checks/index.js';
import { DIMENSION_WEIGHTS, LAYER_BLEND, SUB_SCORE_TO_DIMENSION } from '../model/dimensions.js';
import { editedComponent, editedSkill } from './simulate.js';
/** Improvements simulated per skill at most: each costs one static run, so the cost stays linear in the input. */
export const MAX_SIMULATIONS = 12;
/**
 * SKILL.md bytes re-scored for tips per skill at most (a 10 KB skill gets every simulation, a 300 KB one three),
 * so tips never cost more than a few static runs; the likeliest gains are simulated first.
 */
export const SIMULATION_BYTE_BUDGET = 1_000_000;
/** Below this (composite points) a change is not worth a tip: it would display as +0.0. */
const MIN_GAIN = 0.05;
/**
 * Improvements the default registry offers for this skill. `staticLayer` supplies the outcomes and instances
 * already computed when the result is in the default methodology; otherwise the default checks run here.
 */
export function candidateImprovements(skill, staticLayer) {
    const { checks, antiPatterns } = REGISTRY.default;
    const out = [];
    for (const check of checks) {
        if (!check.improve)
            continue;
        const outcome = staticLayer?.outcomes.get(check.id) ?? check.run(skill);
        const dimension = SUB_SCORE_TO_DIMENSION[check.subScore] ?? null;
        const prior = dimension ? DIMENSION_WEIGHTS[dimension] * (1 - outcome.score) * 100 : 0;
        for (const improvement of check.improve(skill, outcome))
            out.push({ improvement, source: 'check', dimension, prior });
    }
    // Without the default layer the result is compat's: only a flag compat also detects can move its score, and the
    // default-only scans (injection, low-information prose) would cost more than the rest of the tips together.
    const compatFlags = staticLayer ? undefined : new Set(REGISTRY.compat.antiPatterns.map((r) => r.flag));
    for (const rule of antiPatterns) {
        if (!rule.improve || (compatFlags !== undefined && !compatFlags.has(rule.flag)))
            continue;
        const found = staticLayer ? (staticLayer.instances.get(rule.flag) ?? []) : rule.detect(skill);
        if (found.length === 0)
            continue;
        for (const improvement of rule.improve(skill, found))
            out.push({ improvement, source: 'anti-pattern', dimension: null, antiPattern: rule.flag, prior: 5 * found.length });
    }
    return out;
}
function effectsOf(before, after) {
    const dimensions = after.dimensions
        .map((d) => ({ d, was: before.dimensions.find((x) => x.name === d.name) }))
        .filter(({ d, was }) => d.score !== null && was?.score !== null && was !== undefined && Math.abs(d.score - was.score) > 1e-9)
        .map(({ d, was }) => ({ dimension: d.name, from: was.score, to: d.score }));
    const remaining = new Map();
    for (const a of after.antiPatterns)
        remaining.set(a.flag, (remaining.get(a.flag) ?? 0) + 1);
    const antiPatternsRemoved = [];
    for (const a of before.antiPatterns) {
        const left = remaining.get(a.flag) ?? 0;
        if (left > 0)
            remaining.set(a.flag, left - 1);
        else
            antiPatternsRemoved.push(a.flag);
    }
    return { dimensions, antiPatternsRemoved };
}
/**
 * Simulate candidates, likeliest gain first, and keep those whose re-score gains at least MIN_GAIN. `simulate`
 * returns undefined when the budget (bytes re-scored) is spent; at most `maxSimulations` run.
 */
function simulatedTips(candidates, baseline, simulate, maxSimulations) {
    const seen = new Set();
    const tips = [];
    let simulations = 0;
    const ordered = candidates
        .map((c, i) => ({ c, i }))
        .sort((a, b) => b.c.prior - a.c.prior || a.i - b.i)
        .map(({ c }) => c);
    for (const c of ordered) {
        const key = `${c.target.kind}:${c.target.path}:${JSON.stringify(c.improvement.edits)}`;
        if (seen.has(key) || c.improvement.edits.length === 0)
            continue;
        seen.add(key);
        if (simulations++ >= maxSimulations)
            break;
        const after = simulate(c);
        if (!after)
            break;
        const gain = after.score - baseline.score;
        if (!(gain >= MIN_GAIN))
            continue;
        tips.push({
            id: c.improvement.id,
            source: c.source,
            dimension: c.dimension,
            ...(c.antiPattern ? { antiPattern: c.antiPattern } : {}),
            target: c.target,
            gain,
            gainBasis: 'simulated',
            action: c.improvement.action,
            example: c.improvement.example,
            edits: c.improvement.edits,
            effects: effectsOf(baseline, after),
        });
    }
    return tips;
}
/** Simulated tips for one skill (of a skill result, or of a plugin result via `rescore`). */
export function skillTips(skill, target, baseline, rescore, staticLayer) {
    let bytes = 0;
    const candidates = candidateImprovements(skill, staticLayer).map((c) => ({ ...c, target }));
    return simulatedTips(candidates, baseline, (c) => {
        if ((bytes += skill.bytes) > Math.max(SIMULATION_BYTE_BUDGET, skill.bytes))
            return undefined;
        // The tip's own rule runs again (its edit is meant to remove its instances); the others' are reused.
        const reuse = new Map([...(staticLayer?.instances ?? [])].filter(([flag]) => flag !== c.antiPattern));
        return rescore(editedSkill(skill, c.improvement.edits), reuse);
    }, MAX_SIMULATIONS);
}
/**
 * Agent and command simulations per plugin at most (all components together, likeliest gains first). Each one
 * re-runs one component check and re-averages the plugin, so the cost stays linear in the number of components.
 */
export const MAX_COMPONENT_SIMULATIONS = 48;
/**
 * Simulated tips for a plugin's agents and commands: the default checks' improvements, each applied to a copy of
 * the file in memory and re-scored as the whole plugin (`rescore`) with that component replaced. Components feed
 * triggering accuracy, so that is the dimension they name.
 */
export function componentTips(components, baseline, rescore) {
    const checks = COMPONENT_CHECKS.default;
    const triggering = components.length > 0 ? DIMENSION_WEIGHTS.triggering_accuracy / components.length : 0;
    const candidates = [];
    components.forEach(({ component, outcome }, index) => {
        const prior = triggering * (1 - outcome.score) * 100;
        for (const improvement of checks[component.kind]?.improve?.(component, outcome) ?? []) {
            candidates.push({ improvement, source: 'check', dimension: 'triggering_accuracy', prior, target: { kind: component.kind, path: component.file }, index, component });
        }
    });
    return simulatedTips(candidates, baseline, (c) => rescore(c.index, editedComponent(c.component, c.improvement.edits)), MAX_COMPONENT_SIMULATIONS);
}
const SUGGESTION = /^(?:\[[^\]]*\] )?suggestion: (.+)$/s;
/**
 * The judge's own suggestion for each dimension it measured below 1, with the most the composite could gain if
 * the judge's share of that dimension reached 1 (static shares held). A ceiling, not a prediction.
 */
export function judgeTips(dimensions, layers, penalty, target) {
    const judge = layers.find((l) => l.name === 'judge');
    if (!judge)
        return [];
    const tips = [];
    for (const d of dimensions) {
        const m = judge.measurements[d.name];
        if (!d.measured || !m || m.score >= 1)
            continue;
        const suggestion = m.evidence.map((e) => SUGGESTION.exec(e)?.[1]?.trim()).find((s) => s !== undefined && s !== '');
        if (!suggestion)
            continue;
        const measuredBy = Object.keys(d.layers);
        const share = LAYER_BLEND[d.name].judge / measuredBy.reduce((sum, l) => sum + LAYER_BLEND[d.name][l], 0);
        const gain = d.effectiveWeight * share * (1 - m.score) * 100 * penalty;
        if (!(gain >= MIN_GAIN))
            continue;
        tips.push({ id: `judge/${d.name}`, source: 'judge', dimension: d.name, target, gain, gainBasis: 'ceiling', action: suggestion });
    }
    return tips;
}
/** Biggest gain first; ties keep the order they were offered in (the registry's). */
export function rankTips(tips) {
    return tips.map((t, i) => ({ t, i })).sort((a, b) => b.t.gain - a.t.gain || a.i - b.i).map(({ t }) => t);
}
//# sourceMappingURL=tips.js.map