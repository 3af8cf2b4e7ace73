/**
 * Classification metrics: binary precision / recall / F1 and multi-class macro / micro F1.
 * Convention (sklearn zero_division=0): any 0/0 ratio is reported as 0.
 */
import { at, requireCount, requireSameLength } from './guards.js';
function ratio(num, den) {
    return den === 0 ? 0 : num / den;
}
function fromCounts(tp, fp, fn, tn) {
    return {
        precision: ratio(tp, tp + fp),
        recall: ratio(tp, tp + fn),
        f1: ratio(2 * tp, 2 * tp + fp + fn),
        tp,
        fp,
        fn,
        tn,
    };
}
function requireCountValue(name, v) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
        throw new RangeError(`precisionRecallF1: ${name} must be a non-negative integer, got ${String(v)}`);
    }
}
/**
 * Binary precision, recall and F1 for the positive class (`true`), from paired boolean
 * labels or from counts; matches sklearn precision_score / recall_score / f1_score with
 * zero_division=0 (0/0 is reported as 0, e.g. precision with no positive predictions).
 */
export function precisionRecallF1(input) {
    if ('truth' in input || 'predicted' in input) {
        const { truth, predicted } = input;
        requireSameLength('precisionRecallF1', truth, predicted, ['truth', 'predicted']);
        requireCount('precisionRecallF1', truth, 1, 'labels');
        let tp = 0;
        let fp = 0;
        let fn = 0;
        let tn = 0;
        for (let i = 0; i < truth.length; i++) {
            const t = at(truth, i);
            const p = at(predicted, i);
            if (typeof t !== 'boolean' || typeof p !== 'boolean') {
                throw new RangeError(`precisionRecallF1: labels must be booleans, got ${String(t)} and ${String(p)} at ${i}`);
            }
            if (t && p)
                tp++;
            else if (!t && p)
                fp++;
            else if (t && !p)
                fn++;
            else
                tn++;
        }
        return fromCounts(tp, fp, fn, tn);
    }
    const { tp, fp, fn, tn } = input;
    requireCountValue('tp', tp);
    requireCountValue('fp', fp);
    requireCountValue('fn', fn);
    if (tn !== undefined)
        requireCountValue('tn', tn);
    return fromCounts(tp, fp, fn, tn ?? NaN);
}
/** Per-class one-vs-rest counts over the union of observed labels, in first-seen order. */
function perClassCounts(fn, truth, predicted) {
    requireSameLength(fn, truth, predicted, ['truth', 'predicted']);
    requireCount(fn, truth, 1, 'labels');
    const counts = new Map();
    const get = (label) => {
        let c = counts.get(label);
        if (!c) {
            c = { tp: 0, fp: 0, fn: 0 };
            counts.set(label, c);
        }
        return c;
    };
    for (let i = 0; i < truth.length; i++) {
        const t = at(truth, i);
        const p = at(predicted, i);
        for (const v of [t, p]) {
            if (typeof v !== 'string' && typeof v !== 'number') {
                throw new RangeError(`${fn}: labels must be strings or numbers, got ${typeof v} at index ${i}`);
            }
        }
        if (t === p) {
            get(t).tp++;
        }
        else {
            get(t).fn++;
            get(p).fp++;
        }
    }
    return counts;
}
/**
 * Macro-averaged F1: unweighted mean of per-class F1 over the union of labels seen in
 * truth or predicted; matches sklearn f1_score(average='macro', zero_division=0).
 */
export function macroF1(truth, predicted) {
    const counts = perClassCounts('macroF1', truth, predicted);
    let sum = 0;
    for (const c of counts.values())
        sum += ratio(2 * c.tp, 2 * c.tp + c.fp + c.fn);
    return sum / counts.size;
}
/**
 * Micro-averaged F1 from pooled tp / fp / fn over all labels (equals accuracy for
 * single-label multi-class data); matches sklearn f1_score(average='micro').
 */
export function microF1(truth, predicted) {
    const counts = perClassCounts('microF1', truth, predicted);
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const c of counts.values()) {
        tp += c.tp;
        fp += c.fp;
        fn += c.fn;
    }
    return ratio(2 * tp, 2 * tp + fp + fn);
}
//# sourceMappingURL=classification.js.map