import pc from 'picocolors';
import { score } from '../api/score.js';
import { InputError } from '../errors.js';
import { wrap } from '../reporters/layout.js';
import { COMPOSITE_DECIMALS, DIMENSION_DECIMALS, displayed, formatCompositeScore, formatCoverage, settle } from '../score/display.js';
import { EXIT } from './exit-codes.js';
function flagCounts(r) {
    const counts = new Map();
    for (const ap of r.antiPatterns)
        counts.set(ap.flag, (counts.get(ap.flag) ?? 0) + 1);
    return counts;
}
function side(r) {
    return { path: r.target.path, methodology: r.methodology, composite: r.composite.score, badge: r.composite.badge, badgeLabel: r.composite.badgeDecision.label, coverage: r.composite.coverage };
}
export function compareResults(a, b) {
    // compat keeps PluginEval's unsettled arithmetic; the default methodology's scores are settled already.
    const diff = (x, y, decimals) => (a.methodology === 'compat' ? y - x : settle(y - x, decimals));
    return {
        a: side(a),
        b: side(b),
        delta: diff(a.composite.score, b.composite.score, 7),
        coverageDelta: settle(b.composite.coverage.share - a.composite.coverage.share),
        dimensions: a.dimensions.map((da) => {
            const db = b.dimensions.find((d) => d.name === da.name);
            return { name: da.name, weight: da.weight, a: da.score, b: db.score, delta: da.score !== null && db.score !== null ? diff(da.score, db.score, 9) : null };
        }),
        penalty: { a: a.composite.penalty, b: b.composite.penalty, delta: b.composite.penalty - a.composite.penalty },
        antiPatterns: antiPatternRows(a, b),
    };
}
/** One row per flag either side has, in the order flags are first seen (A, then B). */
function antiPatternRows(a, b) {
    const ca = flagCounts(a);
    const cb = flagCounts(b);
    return [...new Set([...ca.keys(), ...cb.keys()])].map((flag) => {
        const na = ca.get(flag) ?? 0;
        const nb = cb.get(flag) ?? 0;
        return { flag, a: na, b: nb, delta: nb - na };
    });
}
export function renderComparison(c, color) {
    const p = pc.createColors(color);
    const fmt = (v) => (v === null ? '—' : v.toFixed(DIMENSION_DECIMALS)).padStart(6);
    // Deltas are the difference of the numbers shown, so the columns always add up as displayed.
    const shownDelta = (x, y, decimals) => x === null || y === null ? null : settle(displayed(y, decimals) - displayed(x, decimals), decimals + 2);
    const sign = (v, digits = 2, suffix = '') => {
        if (v === null)
            return '—'.padStart(7);
        const s = `${v > 0 ? '+' : ''}${v.toFixed(digits)}${suffix}`.padStart(7);
        return v > 0 ? p.green(s) : v < 0 ? p.red(s) : s;
    };
    const pct = (share) => Math.round(share * 100);
    const composite = (s) => formatCompositeScore(s.composite, s.methodology).padStart(6);
    const compositeDelta = c.a.methodology === 'compat' ? c.delta : shownDelta(c.a.composite, c.b.composite, COMPOSITE_DECIMALS);
    // More anti-patterns is worse, so a rise shows red.
    const count = (v) => {
        const s = `${v > 0 ? '+' : ''}${v}`.padStart(7);
        return v < 0 ? p.green(s) : v > 0 ? p.red(s) : s;
    };
    const lines = [
        `A: ${c.a.path}`,
        `B: ${c.b.path}`,
        '',
        `${'dimension'.padEnd(24)} ${'weight'.padStart(6)} ${'A'.padStart(6)} ${'B'.padStart(6)} ${'B-A'.padStart(7)}`,
        '-'.repeat(53),
        ...c.dimensions.map((d) => `${d.name.padEnd(24)} ${d.weight.toFixed(2).padStart(6)} ${fmt(d.a)} ${fmt(d.b)} ${sign(shownDelta(d.a, d.b, DIMENSION_DECIMALS))}`),
        '-'.repeat(53),
        `${'penalty'.padEnd(24)} ${''.padStart(6)} ${fmt(c.penalty.a)} ${fmt(c.penalty.b)} ${sign(c.penalty.delta)}`,
        ...c.antiPatterns.map((r) => `${`  ${r.flag}`.padEnd(24)} ${''.padStart(6)} ${String(r.a).padStart(6)} ${String(r.b).padStart(6)} ${count(r.delta)}`),
        `${'composite'.padEnd(24)} ${''.padStart(6)} ${composite(c.a)} ${composite(c.b)} ${sign(compositeDelta, 1)}`,
        `${'coverage'.padEnd(24)} ${''.padStart(6)} ${formatCoverage(c.a.coverage.share).padStart(6)} ${formatCoverage(c.b.coverage.share).padStart(6)} ${sign(pct(c.b.coverage.share) - pct(c.a.coverage.share), 0, '%')}`,
        `${'badge'.padEnd(24)} ${''.padStart(6)} ${c.a.badge.padStart(6)} ${c.b.badge.padStart(6)}`,
        '',
        ...wrap(`A badge: ${c.a.badgeLabel}`, 80, '', '  '),
        ...wrap(`B badge: ${c.b.badgeLabel}`, 80, '', '  '),
    ];
    return `${lines.join('\n')}\n`;
}
export async function runCompare(a, b, flags, ui) {
    const scoreOne = async (p) => {
        const run = await score([p], { methodology: flags.methodology, depth: 'quick' });
        if (run.results.length !== 1 || run.failures.length > 0) {
            throw new InputError(`${p}: compare needs exactly one skill or plugin per side, found ${run.results.length}${run.failures.length ? ` (and ${run.failures.length} unreadable)` : ''}`, p);
        }
        return run.results[0];
    };
    const comparison = compareResults(await scoreOne(a), await scoreOne(b));
    ui.stdout(flags.output === 'json' ? `${JSON.stringify(comparison, null, 2)}\n` : renderComparison(comparison, ui.color));
    return EXIT.OK;
}
//# sourceMappingURL=compare-command.js.map