import { DEPTH_PLAN, LAYERS, RESULT_SCHEMA_VERSION } from '../model/dimensions.js';
import { VERSION } from '../version.js';
import { decideBadge } from './badge-policy.js';
import { arithmeticFor, compositeOf } from './composite.js';
import { coverageOf } from './coverage.js';
import { judgeTips, rankTips } from './tips.js';
/** The confidence label the layers that actually ran have earned (never the label of a layer that did not run). */
export function confidenceLabel(depth, ran) {
    if (ran.includes('monte_carlo'))
        return DEPTH_PLAN[depth].confidence === 'Certified+' ? 'Certified+' : 'Certified';
    if (ran.includes('judge'))
        return 'Assessed';
    return 'Estimated';
}
/** A layer's notes, plus each dimension it tried and failed to measure (the blend may hide it otherwise). */
function notesOf(layer) {
    const notes = [...(layer.notes ?? []), ...Object.entries(layer.unmeasured).map(([d, why]) => `${d} not measured by this layer: ${why}`)];
    return notes.length > 0 ? { notes } : {};
}
/**
 * Every dimension a layer failed on (invalid replies after the repair request, provider failures that outlived
 * the retries, skills of a plugin whose judge failed). Any gap makes the result partial.
 */
export function measurementOf(layers) {
    const gaps = layers.flatMap((l) => Object.entries(l.failed ?? {}).map(([dimension, reason]) => ({
        layer: l.name, dimension, measured: l.measurements[dimension] !== undefined, reason,
    })));
    return { status: gaps.length > 0 ? 'partial' : 'complete', gaps };
}
/** The static layer always counts as run; any other layer only when it measured something. */
function measuredSomething(layer) {
    return layer.name === 'static' || Object.keys(layer.measurements).length > 0;
}
/** Usage summed over the layers that called a model. */
export function totalUsage(layers) {
    const used = layers.filter((l) => l.usage);
    if (used.length === 0)
        return null;
    const sum = (k) => used.reduce((n, l) => n + l.usage[k], 0);
    const providers = [...new Set(used.map((l) => l.usage.provider).filter((p) => Boolean(p)))];
    return {
        ...(providers.length > 0 ? { provider: providers.join('; ') } : {}),
        models: [...new Set(used.flatMap((l) => l.usage.models))],
        calls: sum('calls'),
        cachedCalls: sum('cachedCalls'),
        inputTokens: sum('inputTokens'),
        outputTokens: sum('outputTokens'),
        cacheReadTokens: sum('cacheReadTokens'),
        cacheWriteTokens: sum('cacheWriteTokens'),
        costUsd: sum('costUsd'),
    };
}
export function buildResult(input) {
    const composite = compositeOf(input.layers, input.penalty, arithmeticFor(input.methodology));
    const score = composite.score;
    // A layer that measured nothing (every judged dimension failed) neither counts as run nor earns its confidence label.
    const ran = LAYERS.filter((l) => input.layers.some((x) => x.name === l && measuredSomething(x)));
    const elo = input.elo ?? null;
    const measurement = measurementOf(input.layers);
    const coverage = coverageOf(composite.dimensions);
    const badgeDecision = decideBadge({
        methodology: input.methodology,
        composite: score,
        elo,
        coverage,
        layersRun: ran,
        // What each layer fed into the blend (a measurement with a zero blend weight measures nothing).
        measuredBy: Object.fromEntries(ran.map((l) => [l, composite.dimensions.filter((d) => d.layers[l] !== undefined).map((d) => d.name)])),
        antiPatterns: input.antiPatterns,
        gaps: measurement.gaps.length,
    });
    return {
        schemaVersion: RESULT_SCHEMA_VERSION,
        tool: { name: 'plugin-eval', version: VERSION },
        target: input.target,
        methodology: input.methodology,
        depth: input.depth,
        layersRequested: [...DEPTH_PLAN[input.depth].layers],
        layersRun: ran,
        layersNotRun: input.layersNotRun,
        composite: {
            score,
            rawScore: composite.rawScore,
            penalty: input.penalty,
            badge: badgeDecision.badge,
            confidenceLabel: confidenceLabel(input.depth, ran),
            ciLow: composite.ciLow,
            ciHigh: composite.ciHigh,
            elo,
            coverage,
            badgeDecision,
        },
        measurement,
        dimensions: composite.dimensions,
        layers: input.layers.map((l) => ({
            name: l.name,
            score: l.score,
            durationMs: l.durationMs,
            dimensionsMeasured: Object.keys(l.measurements),
            subScores: l.subScores,
            antiPatterns: l.antiPatterns,
            ...(l.usage ? { usage: l.usage } : {}),
            ...notesOf(l),
            ...(l.judges !== undefined ? { judges: l.judges } : {}),
            ...(l.kappa !== undefined ? { kappa: l.kappa } : {}),
        })),
        antiPatterns: input.antiPatterns,
        usage: totalUsage(input.layers),
        // A plugin's judge layer is a mean over its skills and carries no suggestion of its own.
        tips: rankTips([...(input.tips ?? []), ...(input.target.kind === 'skill' ? judgeTips(composite.dimensions, input.layers, input.penalty, { kind: 'skill', path: input.target.path }) : [])]),
        ...(input.components ? { components: input.components } : {}),
        diagnostics: input.diagnostics,
        durationMs: input.durationMs,
    };
}
//# sourceMappingURL=build-result.js.map