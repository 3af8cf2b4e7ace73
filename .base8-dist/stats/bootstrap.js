/**
 * Seeded percentile bootstrap. The PRNG is mulberry32 (32-bit state, period 2^32),
 * exported so results can be reproduced elsewhere (scripts/stats_reference.py ports it).
 */
import { at, requireAlpha, requireCount } from './guards.js';
import { quantileSorted } from './descriptive.js';
/**
 * mulberry32 PRNG: returns a function yielding uniform floats in [0, 1) with 32 bits of
 * randomness each; the same seed always gives the same sequence.
 */
export function mulberry32(seed) {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
/**
 * Percentile bootstrap CI of `stat` over `values`: `samples` resamples with replacement
 * (index = floor(u·n), u from mulberry32(seed)), bounds are the alpha/2 and 1 − alpha/2
 * quantiles of the resampled statistics with numpy's default linear interpolation.
 * Deterministic for a given seed. NaN statistics from resamples are an error.
 */
export function bootstrapCI(values, stat, options = {}) {
    const fn = 'bootstrapCI';
    requireCount(fn, values, 1);
    const samples = options.samples ?? 1000;
    const alpha = options.alpha ?? 0.05;
    const seed = options.seed ?? 0;
    if (!Number.isInteger(samples) || samples < 1) {
        throw new RangeError(`${fn}: samples must be a positive integer, got ${String(samples)}`);
    }
    requireAlpha(fn, alpha);
    if (!Number.isInteger(seed))
        throw new RangeError(`${fn}: seed must be an integer, got ${String(seed)}`);
    const rand = mulberry32(seed);
    const n = values.length;
    const stats = new Array(samples);
    for (let s = 0; s < samples; s++) {
        const resample = new Array(n);
        for (let i = 0; i < n; i++)
            resample[i] = at(values, Math.floor(rand() * n));
        const v = stat(resample);
        if (typeof v !== 'number' || Number.isNaN(v)) {
            throw new RangeError(`${fn}: stat returned ${String(v)} on resample ${s}; it must return a number`);
        }
        stats[s] = v;
    }
    stats.sort((x, y) => x - y);
    return {
        low: quantileSorted(stats, alpha / 2),
        high: quantileSorted(stats, 1 - alpha / 2),
        estimate: stat(values),
    };
}
//# sourceMappingURL=bootstrap.js.map