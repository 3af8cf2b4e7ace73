/**
 * Judge agreement: raw agreement rate between two label sequences (with or without ties,
 * as MT-Bench reports human/LLM-judge agreement) and position consistency of pairwise
 * judgements run in both orders.
 */
import { at, requireCount, requireSameLength } from './guards.js';
/**
 * Share of positions where `a[i] === b[i]`. With `ignoreTies`, pairs where either label
 * equals `tie` are removed first; if nothing is left a RangeError is thrown (the rate is
 * undefined). Reference: MT-Bench agreement with and without ties.
 */
export function agreementRate(a, b, options = {}) {
    const fn = 'agreementRate';
    requireSameLength(fn, a, b);
    requireCount(fn, a, 1, 'pairs');
    const ignoreTies = options.ignoreTies ?? false;
    const tie = 'tie' in options ? options.tie : 'tie';
    let kept = 0;
    let agree = 0;
    for (let i = 0; i < a.length; i++) {
        const x = at(a, i);
        const y = at(b, i);
        if (ignoreTies && (x === tie || y === tie))
            continue;
        kept++;
        if (x === y)
            agree++;
    }
    if (kept === 0) {
        throw new RangeError(`${fn}: no pairs left after ignoring ties (all ${a.length} pairs involve a tie)`);
    }
    return agree / kept;
}
/**
 * Position consistency of a pairwise judge: share of comparisons whose winner in pass 1
 * equals the winner in pass 2 (run with the two answers swapped) after mapping pass 2's
 * verdict back to the original order. A tie in both passes counts as consistent.
 */
export function positionConsistency(pass1Winners, pass2WinnersMappedBack) {
    const fn = 'positionConsistency';
    requireSameLength(fn, pass1Winners, pass2WinnersMappedBack, ['pass1Winners', 'pass2WinnersMappedBack']);
    requireCount(fn, pass1Winners, 1, 'pairs');
    let same = 0;
    for (let i = 0; i < pass1Winners.length; i++) {
        if (at(pass1Winners, i) === at(pass2WinnersMappedBack, i))
            same++;
    }
    return same / pass1Winners.length;
}
//# sourceMappingURL=agreement.js.map