/**
 * Input guards shared by the stats functions. Every failure is a RangeError whose
 * message starts with the public function's name, e.g.
 * "spearman: needs at least 2 pairs, got 0".
 */
function singular(plural) {
    if (plural.endsWith('ches'))
        return plural.slice(0, -2);
    return plural.endsWith('s') ? plural.slice(0, -1) : plural;
}
/** Throws unless `values` has at least `min` entries; `what` names the unit ("values", "pairs"). */
export function requireCount(fn, values, min, what = 'values') {
    if (!Array.isArray(values)) {
        throw new RangeError(`${fn}: expected an array of ${what}, got ${typeof values}`);
    }
    if (values.length < min) {
        const unit = min === 1 ? singular(what) : what;
        throw new RangeError(`${fn}: needs at least ${min} ${unit}, got ${values.length}`);
    }
}
/** Throws unless both arrays have the same length. */
export function requireSameLength(fn, a, b, names = ['a', 'b']) {
    if (!Array.isArray(a) || !Array.isArray(b)) {
        throw new RangeError(`${fn}: ${names[0]} and ${names[1]} must both be arrays`);
    }
    if (a.length !== b.length) {
        throw new RangeError(`${fn}: ${names[0]} and ${names[1]} must have the same length, got ${a.length} and ${b.length}`);
    }
}
/** Throws unless every entry is a finite number. */
export function requireFinite(fn, values, name = 'values') {
    for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (typeof v !== 'number' || !Number.isFinite(v)) {
            throw new RangeError(`${fn}: ${name}[${i}] must be a finite number, got ${String(v)}`);
        }
    }
}
/** Throws unless `alpha` is strictly between 0 and 1. */
export function requireAlpha(fn, alpha) {
    if (typeof alpha !== 'number' || !(alpha > 0 && alpha < 1)) {
        throw new RangeError(`${fn}: alpha must be strictly between 0 and 1, got ${String(alpha)}`);
    }
}
/** Reads `values[i]` under noUncheckedIndexedAccess where the index is known to be in range. */
export function at(values, i) {
    return values[i];
}
//# sourceMappingURL=guards.js.map