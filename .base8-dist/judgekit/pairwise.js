/**
 * Pairwise comparison with position swapping. Passes alternate the order (AB, BA, AB, ...), every
 * verdict is mapped back to the caller's labels, and the passes are combined by majority vote.
 * Disagreeing passes give a TIE with reduced confidence, but every pass stays in the result and
 * `leaning` keeps the confidence-weighted direction, so the signal is reported rather than erased.
 */
import pLimit from 'p-limit';
import { z } from 'zod';
import { ProviderError } from '../errors.js';
import { costOfCall, sumCosts } from './cost.js';
import { normaliseName, parseCriteria } from './direct.js';
import { PAIRWISE_TEMPLATE, contextSection, fill, promptVersion, renderCriteria } from './prompts.js';
export const DEFAULT_COMPARE_CRITERIA = [
    { name: 'overall quality', description: 'How well the response fulfils the prompt: correctness, helpfulness and clarity.' },
];
export function pairwiseReplySchema(allowTies, likert5) {
    const verdicts = likert5 ? (allowTies ? ['A>>B', 'A>B', 'A=B', 'B>A', 'B>>A'] : ['A>>B', 'A>B', 'B>A', 'B>>A']) : allowTies ? ['A', 'B', 'TIE'] : ['A', 'B'];
    return z.object({
        analysis: z.object({ responseA: z.string(), responseB: z.string() }),
        comparison: z.array(z.object({
            criterion: z.string(),
            aAssessment: z.string(),
            bAssessment: z.string(),
            reasoning: z.string(),
            winner: z.enum(['A', 'B', 'TIE']),
        })),
        differentiators: z.array(z.string()),
        evidence: z.array(z.string()).describe('Specific passages that decide the comparison'),
        reasoning: z.string(),
        verdict: z.enum(verdicts),
        confidence: z.number().min(0).max(1),
    });
}
/** Pass i shows A first when i is even: N passes are balanced whenever N is even. */
export function orderOfPass(pass) {
    return pass % 2 === 0 ? 'AB' : 'BA';
}
/** Map a winner seen in `order` back to the caller's labels. */
export function mapWinner(shown, order) {
    return order === 'AB' || shown === 'TIE' ? shown : shown === 'A' ? 'B' : 'A';
}
/** Map a 5-point verdict back: in a BA pass "A>>B" means the caller's B is much better. */
export function mapLikert(shown, order) {
    if (order === 'AB')
        return shown;
    return { 'A>>B': 'B>>A', 'A>B': 'B>A', 'A=B': 'A=B', 'B>A': 'A>B', 'B>>A': 'A>>B' }[shown];
}
export function likertWinner(verdict) {
    return verdict === 'A=B' ? 'TIE' : verdict.startsWith('A') ? 'A' : 'B';
}
function passFromReply(pass, order, reply, likert5, criteria, warnings) {
    const shownWinner = likert5 ? likertWinner(reply.verdict) : reply.verdict;
    const known = new Set(criteria.map((c) => normaliseName(c.name)));
    const perCriterion = reply.comparison.flatMap((c) => {
        if (!known.has(normaliseName(c.criterion))) {
            warnings.push(`pass ${pass + 1}: unknown criterion "${c.criterion}" ignored`);
            return [];
        }
        return [{ criterion: c.criterion, winner: mapWinner(c.winner, order), reasoning: c.reasoning }];
    });
    // The analysis of the response shown first belongs to whichever response was first in this pass.
    const analysis = order === 'AB' ? reply.analysis : { responseA: reply.analysis.responseB, responseB: reply.analysis.responseA };
    return {
        pass: pass + 1,
        order,
        status: 'judged',
        rawVerdict: reply.verdict,
        winner: mapWinner(shownWinner, order),
        likert: likert5 ? mapLikert(reply.verdict, order) : null,
        confidence: reply.confidence,
        pickedFirstPosition: shownWinner === 'TIE' ? null : shownWinner === 'A',
        evidence: reply.evidence,
        reasoning: reply.reasoning,
        analysis,
        criteria: perCriterion,
        differentiators: reply.differentiators,
    };
}
/** Majority (more than half of the votes cast) or TIE. */
export function majority(winners) {
    const votes = { A: 0, B: 0, TIE: 0 };
    for (const w of winners)
        votes[w] += 1;
    const top = ['A', 'B', 'TIE'].find((w) => votes[w] * 2 > winners.length);
    return top === undefined ? { winner: 'TIE', votes, decided: false } : { winner: top, votes, decided: true };
}
/** Confidence calibration: x0.6 when passes disagree, x(0.7 + 0.3 min(evidence/3, 1)), capped at 0.99. */
export function calibrateConfidence(raw, consistent, evidenceCount) {
    const positional = consistent ? 1 : 0.6;
    const evidence = 0.7 + 0.3 * Math.min(evidenceCount / 3, 1);
    return Math.min(0.99, raw * positional * evidence);
}
/** Combine mapped-back passes into one verdict. Pure, so the voting rules are testable alone. */
export function aggregatePasses(passes, criteria, likert5) {
    const usable = passes.filter((p) => p.winner !== null && p.confidence !== null);
    const { winner, votes, decided } = majority(usable.map((p) => p.winner));
    const consistent = usable.length >= 2 && usable.every((p) => p.winner === usable[0]?.winner);
    const agreeing = decided ? usable.filter((p) => p.winner === winner) : usable;
    const meanOf = (xs) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);
    const rawConfidence = usable.length === 0 ? 0 : decided ? meanOf(agreeing.map((p) => p.confidence)) * (agreeing.length / usable.length) : 0.5;
    const evidenceCount = meanOf(agreeing.map((p) => p.evidence.length));
    const weightA = usable.filter((p) => p.winner === 'A').reduce((s, p) => s + p.confidence, 0);
    const weightB = usable.filter((p) => p.winner === 'B').reduce((s, p) => s + p.confidence, 0);
    const leaning = consistent || weightA === weightB ? null : weightA > weightB ? 'A' : 'B';
    let likert = null;
    if (likert5 && usable.length > 0) {
        const strong = agreeing.filter((p) => p.likert === 'A>>B' || p.likert === 'B>>A').length;
        likert = winner === 'TIE' ? 'A=B' : strong * 2 >= agreeing.length ? `${winner}>>${winner === 'A' ? 'B' : 'A'}` : `${winner}>${winner === 'A' ? 'B' : 'A'}`;
    }
    const perCriterion = criteria.map((c) => {
        const key = normaliseName(c.name);
        const said = usable.flatMap((p) => p.criteria.filter((v) => normaliseName(v.criterion) === key).slice(0, 1).map((v) => v.winner));
        const m = majority(said);
        return { criterion: c.name, winner: m.winner, votes: m.votes };
    });
    return {
        winner: usable.length === 0 ? 'TIE' : winner,
        likert,
        votes,
        consistent,
        leaning,
        rawConfidence,
        confidence: calibrateConfidence(rawConfidence, consistent, evidenceCount),
        criteria: perCriterion,
        usable: usable.length,
    };
}
export async function comparePair(provider, input, options) {
    const criteria = parseCriteria(options.criteria ?? DEFAULT_COMPARE_CRITERIA);
    const passCount = options.passes ?? 2;
    if (!Number.isInteger(passCount) || passCount < 1)
        throw new RangeError(`passes must be a positive integer, got ${passCount}`);
    const allowTies = options.allowTies ?? true;
    const likert5 = options.likert5 ?? false;
    const schema = pairwiseReplySchema(allowTies, likert5);
    const warnings = [];
    const costs = [];
    let judgeModel = options.model;
    let judgeProvider = provider.name;
    const runPass = async (pass) => {
        const order = orderOfPass(pass);
        const [first, second] = order === 'AB' ? [input.responseA, input.responseB] : [input.responseB, input.responseA];
        const user = fill(PAIRWISE_TEMPLATE.user, {
            tieRule: allowTies ? 'Ties are acceptable when the responses are genuinely equivalent.' : 'Ties are not allowed: pick the better response even when the difference is small.',
            verdictRule: likert5 ? 'as one of A>>B (A much better), A>B (A better), A=B (equivalent), B>A (B better), B>>A (B much better)' : allowTies ? 'as A, B or TIE' : 'as A or B',
            prompt: input.prompt,
            context: contextSection(input),
            responseA: first,
            responseB: second,
            criteria: renderCriteria(criteria, true),
        });
        const unmeasuredPass = (reason) => {
            warnings.push(`pass ${pass + 1} (${order}) unmeasured: ${reason}`);
            return { pass: pass + 1, order, status: 'unmeasured', reason, rawVerdict: null, winner: null, likert: null, confidence: null, pickedFirstPosition: null, evidence: [], reasoning: '', analysis: null, criteria: [], differentiators: [] };
        };
        const call = provider.complete({
            model: options.model,
            system: PAIRWISE_TEMPLATE.system,
            messages: [{ role: 'user', content: user }],
            schema,
            schemaName: 'pairwise_verdict',
            temperature: 0,
            maxTokens: options.maxTokens ?? 4096,
            // Identical prompts (e.g. pass 3 repeats pass 1's order) must be separate samples, not cache replays.
            sampleIndex: pass,
            signal: options.signal,
        });
        let result;
        try {
            result = await call;
        }
        catch (error) {
            // One call's failure leaves this pass unmeasured; a fatal one (bad key, unknown model) stops the run.
            if (!(error instanceof ProviderError) || error.fatal !== undefined)
                throw error;
            return unmeasuredPass(`provider failure (not a property of the responses): ${error.message}`);
        }
        costs.push(costOfCall(result));
        judgeModel = result.model || judgeModel;
        judgeProvider = result.provider;
        if (!result.ok)
            return unmeasuredPass(result.reason);
        return passFromReply(pass, order, result.value, likert5, criteria, warnings);
    };
    const passes = await Promise.all(Array.from({ length: passCount }, (_unused, i) => runPass(i)));
    const agg = aggregatePasses(passes, criteria, likert5);
    if (agg.usable === 1 && passCount > 1)
        warnings.push('only one pass was usable: position bias could not be checked');
    if (passCount === 1)
        warnings.push('single pass: position bias is not controlled');
    return {
        kind: 'pairwise',
        ...(input.id !== undefined ? { id: input.id } : {}),
        status: agg.usable === 0 ? 'unmeasured' : 'judged',
        ...(agg.usable === 0 ? { reason: 'no pass gave a usable verdict' } : {}),
        winner: agg.winner,
        likert: agg.likert,
        confidence: agg.confidence,
        rawConfidence: agg.rawConfidence,
        consistent: agg.consistent,
        leaning: agg.leaning,
        votes: agg.votes,
        criteria: agg.criteria,
        passes,
        lengthA: input.responseA.length,
        lengthB: input.responseB.length,
        ...(input.modelA !== undefined ? { modelA: input.modelA } : {}),
        ...(input.modelB !== undefined ? { modelB: input.modelB } : {}),
        allowTies,
        judge: { model: judgeModel, provider: judgeProvider, prompt: promptVersion(PAIRWISE_TEMPLATE) },
        cost: sumCosts(costs),
        warnings,
    };
}
export async function comparePairs(provider, items, options) {
    const limit = pLimit(options.concurrency ?? 2);
    return Promise.all(items.map((item) => limit(() => comparePair(provider, item, options))));
}
//# sourceMappingURL=pairwise.js.map