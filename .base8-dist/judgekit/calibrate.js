import { agreementRate, cohensKappa, kendallTauB, positionConsistency, spearman } from '../stats/index.js';
import { sumCosts } from './cost.js';
import { scoreDirectBatch } from './direct.js';
import { outcomeOf } from './length-control.js';
import { comparePairs } from './pairwise.js';
import { DIRECT_TEMPLATE, PAIRWISE_TEMPLATE, promptVersion } from './prompts.js';
import { CALIBRATION_THRESHOLDS, levelOf, worstLevel } from './thresholds.js';
/** Compute one metric; too little or constant data gives a null value with the reason. */
function reading(metric, band, compute, transform = (v) => v) {
    let value;
    try {
        value = compute();
    }
    catch (error) {
        return { metric, value: null, level: null, note: error.message };
    }
    if (!Number.isFinite(value))
        return { metric, value: null, level: null, note: 'undefined for constant labels' };
    return { metric, value, level: band === null ? null : levelOf(band, transform(value)), ...(band ? { note: CALIBRATION_THRESHOLDS[band].rule } : {}) };
}
const absolute = Math.abs;
export async function calibrateScores(provider, items, options) {
    const results = await scoreDirectBatch(provider, items, options);
    const tolerance = options.tolerance ?? 0;
    const rows = results.flatMap((r, index) => {
        const item = items[index];
        return r.weightedScore === null ? [] : [{ index, item, result: r, judge: r.weightedScore, human: item.humanScore }];
    });
    const human = rows.map((r) => r.human);
    const judge = rows.map((r) => r.judge);
    const rounded = judge.map((j) => Math.round(j));
    const metrics = [
        reading('spearman', 'spearman', () => spearman(human, judge).rho),
        reading('kendall tau-b', null, () => kendallTauB(human, judge).tau),
        reading('weighted kappa (quadratic)', 'kappa', () => cohensKappa(human, rounded, { weights: 'quadratic' })),
        reading('exact agreement', null, () => agreementRate(human, rounded)),
        reading('length correlation', 'lengthCorrelation', () => spearman(rows.map((r) => r.item.response.length), judge).rho, absolute),
    ];
    const disagreements = rows
        .map((r) => ({ ...r, difference: r.judge - r.human }))
        .filter((r) => Math.abs(Math.round(r.judge) - r.human) > tolerance)
        .sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference))
        .map((r) => ({
        index: r.index,
        ...(r.item.id !== undefined ? { id: r.item.id } : {}),
        human: r.human,
        judge: r.judge,
        difference: r.difference,
        reasoning: r.result.summary?.assessment ?? '',
    }));
    return {
        kind: 'calibration',
        mode: 'score',
        n: items.length,
        unmeasured: items.length - rows.length,
        metrics,
        overall: worstLevel(metrics.map((m) => m.level)),
        disagreements,
        judge: results[0]?.judge ?? { model: options.model, provider: provider.name, prompt: promptVersion(DIRECT_TEMPLATE) },
        cost: sumCosts(results.map((r) => r.cost)),
    };
}
export async function calibratePairwise(provider, items, options) {
    const results = await comparePairs(provider, items, options);
    const rows = results.flatMap((r, index) => (r.status === 'judged' ? [{ index, item: items[index], result: r }] : []));
    const human = rows.map((r) => r.item.humanVerdict);
    const judge = rows.map((r) => r.result.winner);
    const swapped = rows.filter((r) => r.result.passes[0]?.winner != null && r.result.passes[1]?.winner != null);
    const metrics = [
        reading('kappa', 'kappa', () => cohensKappa(human, judge)),
        reading('agreement (with ties)', null, () => agreementRate(human, judge, { tie: 'TIE' })),
        reading('agreement (without ties)', null, () => agreementRate(human, judge, { tie: 'TIE', ignoreTies: true })),
        reading('position consistency', 'positionConsistency', () => positionConsistency(swapped.map((r) => r.result.passes[0]?.winner), swapped.map((r) => r.result.passes[1]?.winner))),
        reading('length correlation', 'lengthCorrelation', () => spearman(rows.map((r) => r.result.lengthA - r.result.lengthB), judge.map((w) => outcomeOf(w))).rho, absolute),
    ];
    const disagreements = rows
        .filter((r) => r.result.winner !== r.item.humanVerdict)
        .map((r) => ({
        index: r.index,
        ...(r.item.id !== undefined ? { id: r.item.id } : {}),
        human: r.item.humanVerdict,
        judge: r.result.winner,
        difference: null,
        reasoning: r.result.passes.map((p) => `pass ${p.pass} (${p.order}): ${p.winner ?? 'unmeasured'}: ${p.reasoning}`).join(' | '),
    }));
    return {
        kind: 'calibration',
        mode: 'pairwise',
        n: items.length,
        unmeasured: items.length - rows.length,
        metrics,
        overall: worstLevel(metrics.map((m) => m.level)),
        disagreements,
        judge: results[0]?.judge ?? { model: options.model, provider: provider.name, prompt: promptVersion(PAIRWISE_TEMPLATE) },
        cost: sumCosts(results.map((r) => r.cost)),
    };
}
//# sourceMappingURL=calibrate.js.map