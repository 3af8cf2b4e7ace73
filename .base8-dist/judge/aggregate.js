import { seedGrade } from '../score/grades.js';
import { cohensKappa, inverseRegularizedBeta, mean, sampleStd } from '../stats/index.js';
import { clamp } from '../util/text.js';
/** Two-sided Student t quantile t(1 - alpha/2, df), from P(|T| > t) = I_{df/(df+t^2)}(df/2, 1/2). */
export function studentTQuantile(alpha, df) {
    const x = inverseRegularizedBeta(alpha, df / 2, 0.5);
    return Math.sqrt((df * (1 - x)) / x);
}
export function tInterval(values, alpha = 0.05) {
    const m = mean(values);
    const half = studentTQuantile(alpha, values.length - 1) * (sampleStd(values) / Math.sqrt(values.length));
    return { low: clamp(m - half), high: clamp(m + half) };
}
const fmt = (x) => x.toFixed(3);
export function aggregateDimension(outcomes) {
    const measured = outcomes.flatMap((o) => (o.outcome.ok ? [{ sample: o.sample, m: o.outcome.measurement }] : []));
    const failures = outcomes.flatMap((o) => (o.outcome.ok ? [] : [`${o.sample.label}: ${o.outcome.reason}`]));
    const realFailures = outcomes.filter((o) => !o.outcome.ok && o.outcome.notApplicable !== true).length;
    if (measured.length === 0) {
        const first = outcomes[0]?.outcome;
        const reason = outcomes.length === 1 && first !== undefined && !first.ok ? first.reason : failures.join(' | ');
        return realFailures > 0 ? { ok: false, reason, failed: reason } : { ok: false, reason };
    }
    const shortfall = realFailures > 0 ? { failed: `${realFailures} of ${outcomes.length} judges failed: ${failures.join(' | ')}` } : {};
    const only = measured[0];
    if (measured.length === 1 && only !== undefined) {
        const evidence = outcomes.length > 1 ? [`only ${only.sample.label} of ${outcomes.length} judges answered; others: ${failures.join(' | ')}`, ...only.m.evidence] : only.m.evidence;
        return { ok: true, measurement: { ...only.m, evidence, ciLow: only.m.ciLow ?? null, ciHigh: only.m.ciHigh ?? null }, ...shortfall };
    }
    const scores = measured.map((x) => x.m.score);
    const score = mean(scores);
    const ci = tInterval(scores);
    const evidence = [
        `mean of ${scores.length} judges: ${fmt(score)} (${measured.map((x) => `${x.sample.label} ${fmt(x.m.score)}`).join(', ')})`,
        `95% t-interval across judges: ${fmt(ci.low)}-${fmt(ci.high)}`,
        ...(failures.length > 0 ? [`not counted: ${failures.join(' | ')}`] : []),
        ...measured.flatMap((x) => x.m.evidence.map((e) => `[${x.sample.label}] ${e}`)),
    ];
    return { ok: true, measurement: { score, evidence, ciLow: ci.low, ciHigh: ci.high }, ...shortfall };
}
export function interJudgeAgreement(samples, outcomes) {
    const dims = [...new Set(outcomes.map((o) => o.dimension))];
    const gradeOf = (sample, dim) => {
        const found = outcomes.find((o) => o.sample === sample && o.dimension === dim);
        return found?.outcome.ok ? seedGrade(found.outcome.measurement.score) : undefined;
    };
    const common = dims.filter((d) => samples.every((s) => gradeOf(s, d) !== undefined));
    if (samples.length < 2 || common.length < 2)
        return { kappa: null, pairs: 0, dimensions: common };
    const kappas = [];
    for (let i = 0; i < samples.length; i++) {
        for (let j = i + 1; j < samples.length; j++) {
            const a = samples[i];
            const b = samples[j];
            kappas.push(cohensKappa(common.map((d) => gradeOf(a, d)), common.map((d) => gradeOf(b, d))));
        }
    }
    return { kappa: mean(kappas), pairs: kappas.length, dimensions: common };
}
//# sourceMappingURL=aggregate.js.map