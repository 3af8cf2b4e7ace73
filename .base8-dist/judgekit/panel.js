/**
 * Scaling direct scoring: a panel of judges (PoLL: median per criterion, with spread and
 * agreement) and hierarchical screening (a cheap model clears obvious passes, everything else is
 * escalated to the main judge or panel).
 */
import pLimit from 'p-limit';
import { median, sampleStd } from '../stats/index.js';
import { displayed } from '../score/display.js';
import { sumCosts } from './cost.js';
import { SCREEN_DECIMALS } from './thresholds.js';
import { normalise, normaliseName, parseCriteria, scoreDirect, weightedMean } from './direct.js';
/** Share of judge pairs whose scores are at most one point apart; null below two judges. */
export function pairAgreement(scores) {
    if (scores.length < 2)
        return null;
    let pairs = 0;
    let close = 0;
    for (let i = 0; i < scores.length; i++) {
        for (let j = i + 1; j < scores.length; j++) {
            pairs++;
            if (Math.abs(scores[i] - scores[j]) <= 1)
                close++;
        }
    }
    return close / pairs;
}
/** Combine the judges' results (pure). Criteria are matched by name, never by position. */
export function aggregatePanel(results, criteria, scale, id) {
    const rows = criteria.map((c) => {
        const scores = results.map((r) => r.scores.find((s) => normaliseName(s.criterion) === normaliseName(c.name))?.score ?? null);
        const present = scores.filter((s) => s !== null);
        return {
            criterion: c.name,
            weight: c.weight,
            scores,
            median: present.length > 0 ? median(present) : null,
            stdev: present.length >= 2 ? sampleStd(present) : null,
            agreement: pairAgreement(present),
        };
    });
    const medians = rows.filter((r) => r.median !== null);
    const overallScore = medians.length > 0 ? medians.reduce((s, r) => s + r.median, 0) / medians.length : null;
    const weightedScore = weightedMean(medians.map((r) => ({ score: r.median, weight: r.weight })));
    const judgeScores = results.map((r) => r.weightedScore).filter((s) => s !== null);
    const warnings = results.filter((r) => r.status === 'unmeasured').map((r) => `judge ${r.judge.model} gave no usable scores: ${r.reason ?? 'unknown reason'}`);
    return {
        kind: 'panel',
        ...(id !== undefined ? { id } : {}),
        status: medians.length > 0 ? 'scored' : 'unmeasured',
        scale,
        criteria: rows,
        overallScore,
        weightedScore,
        normalisedScore: normalise(weightedScore, scale),
        judgeStdev: judgeScores.length >= 2 ? sampleStd(judgeScores) : null,
        judges: [...results],
        cost: sumCosts(results.map((r) => r.cost)),
        warnings,
    };
}
export async function scorePanel(judges, input, options) {
    if (judges.length === 0)
        throw new RangeError('a panel needs at least one judge');
    const criteria = parseCriteria(options.criteria);
    const results = await Promise.all(judges.map((j) => scoreDirect(j.provider, input, { ...options, model: j.model })));
    return aggregatePanel(results, criteria, options.scale ?? 5, input.id);
}
/**
 * Screening rule: the screen model scores the item with the same prompt. If its normalised weighted
 * score is above the threshold, that result stands (`decidedBy: 'screen'`). Anything at or below
 * the threshold, or unmeasured, is escalated to the main judge(s), whose result is final; the
 * screen result is kept either way. A cheap judge may clear clear passes, never fail an item.
 */
export async function scoreScreened(screen, main, input, options) {
    const threshold = options.threshold ?? 0.7;
    if (!(threshold >= 0 && threshold <= 1))
        throw new RangeError(`screen threshold must be within 0-1, got ${threshold}`);
    const screened = await scoreDirect(screen.provider, input, { ...options, model: screen.model });
    const screenScore = screened.normalisedScore;
    const base = { kind: 'screened', ...(input.id !== undefined ? { id: input.id } : {}), threshold, screenScore, screen: screened };
    // Compared as shown (two decimals): a screen shown 0.70 never clears a threshold of 0.7.
    if (screenScore !== null && displayed(screenScore, SCREEN_DECIMALS) > threshold)
        return { ...base, decidedBy: 'screen', final: screened };
    const final = Array.isArray(main)
        ? await scorePanel(main, input, options)
        : await scoreDirect(main.provider, input, { ...options, model: main.model });
    return { ...base, decidedBy: 'judge', final };
}
/** One entry point over one provider: direct, panel or screened scoring, chosen by the options. */
export async function judgeScore(provider, input, options) {
    const models = options.judgeModels && options.judgeModels.length > 0 ? options.judgeModels : [options.model];
    if (models.some((m) => m === undefined))
        throw new RangeError('judgeScore needs `model` or `judgeModels`');
    const judges = models.map((model) => ({ provider, model }));
    const main = judges.length > 1 ? judges : judges[0];
    if (options.screenModel !== undefined)
        return scoreScreened({ provider, model: options.screenModel }, main, input, options);
    if (Array.isArray(main))
        return scorePanel(main, input, options);
    return scoreDirect(provider, input, { ...options, model: main.model });
}
/** Run any of the three item scorers over a batch, keeping input order. */
export async function mapBatch(items, concurrency, run) {
    const limit = pLimit(concurrency);
    return Promise.all(items.map((item) => limit(() => run(item))));
}
//# sourceMappingURL=panel.js.map