/**
 * The badge policy: a badge needs evidence in proportion to its claim (issue 7 item 2). Pure: one result's
 * composite, coverage, layers and anti-patterns in, the badge and why it was capped or withheld out, so it can
 * run in a finalise step after all targets.
 *
 * Default methodology, in order:
 * 1. a disqualifying anti-pattern (trying to manipulate the evaluator, prose that carries no information) means
 *    no badge, whatever the composite;
 * 2. below 50% coverage (share of the composite's weight measured) there is no badge;
 * 3. the composite (as displayed) earns a badge by the seed's lines (and Elo lines when a rating exists), capped
 *    by the evidence behind it: static analysis alone gives at most Silver, labelled provisional (content not
 *    judged); Gold needs the judge to have judged the content (output_quality); Platinum needs `certify`
 *    (Monte Carlo and an Elo rating), which this version cannot run, so nothing reaches Platinum yet.
 * `--methodology compat` keeps PluginEval's rule exactly: the unrounded composite's line, nothing else.
 * In both, a partial measurement (a layer that ran failed on some dimension) earns no badge.
 */
import { DISQUALIFYING_ANTI_PATTERNS } from '../model/dimensions.js';
import { compositeDecisionValue, displayedCoveragePercent, formatCompositeScore, formatCoverage } from './display.js';
import { BADGES, badgeFor } from './grades.js';
/** Below this share of the composite's weight measured, no badge. */
export const MIN_BADGE_COVERAGE = 0.5;
/** The dimension whose judging counts as "the content was judged" (its rubric scores what the skill says). */
export const CONTENT_DIMENSION = 'output_quality';
export const BADGE_NAMES = { platinum: 'Platinum', gold: 'Gold', silver: 'Silver', bronze: 'Bronze', none: 'no badge' };
/** Why each disqualifying anti-pattern withholds the badge. */
const DISQUALIFICATION = {
    INJECTION_ATTEMPT: 'text addressed to the evaluator',
    LOW_INFORMATION_PROSE: 'prose that carries no information',
};
const rank = (b) => (b === 'none' ? BADGES.length : BADGES.indexOf(b));
const lower = (a, b) => (rank(a) >= rank(b) ? a : b);
/** The highest badge the evidence supports, and the reason when it is below Platinum. */
function evidenceCeiling(e) {
    const judged = e.measuredBy.judge?.includes(CONTENT_DIMENSION) ?? false;
    if (!judged) {
        const why = e.layersRun.includes('judge') ? `content not judged (the judge did not measure ${CONTENT_DIMENSION})` : 'content not judged';
        return { ceiling: 'silver', provisional: true, why };
    }
    if (e.layersRun.includes('monte_carlo') && e.elo !== null)
        return { ceiling: 'platinum', provisional: false };
    return { ceiling: 'gold', provisional: false, why: 'Platinum needs certify (Monte Carlo and Elo), not available in this version' };
}
export function decideBadge(e) {
    const byComposite = badgeFor(compositeDecisionValue(e.composite, e.methodology), e.elo);
    // A partial measurement earns no badge in either methodology: the composite may rest on a fallback the failed
    // layer would have moved either way, and a badge claims a complete measurement (issue 7 item 1).
    if ((e.gaps ?? 0) > 0) {
        const why = `partial measurement: ${e.gaps} dimension${e.gaps === 1 ? '' : 's'} not measured by a layer that ran`;
        const would = byComposite !== 'none' ? `; composite ${formatCompositeScore(e.composite, e.methodology)} would be ${BADGE_NAMES[byComposite]}` : '';
        return { badge: 'none', byComposite, provisional: false, reasons: [why], label: `${BADGE_NAMES.none} (${why}${would})` };
    }
    if (e.methodology === 'compat')
        return { badge: byComposite, byComposite, provisional: false, reasons: [], label: BADGE_NAMES[byComposite] };
    const reasons = [];
    const flags = [...new Set(e.antiPatterns.map((a) => a.flag).filter((f) => DISQUALIFYING_ANTI_PATTERNS.includes(f)))];
    for (const flag of flags)
        reasons.push(`disqualified: ${flag} (${DISQUALIFICATION[flag] ?? 'disqualifying anti-pattern'})`);
    const coveragePercent = displayedCoveragePercent(e.coverage.share);
    if (coveragePercent < MIN_BADGE_COVERAGE * 100)
        reasons.push(`coverage ${formatCoverage(e.coverage.share)} is below the ${MIN_BADGE_COVERAGE * 100}% a badge needs`);
    let badge;
    let provisional = false;
    if (reasons.length > 0)
        badge = 'none';
    else {
        const cap = evidenceCeiling(e);
        badge = lower(byComposite, cap.ceiling);
        provisional = cap.provisional && badge !== 'none';
        // The evidence reason matters when it labels a badge (provisional) or lowers one.
        if (cap.why && (provisional || badge !== byComposite))
            reasons.push(provisional ? `provisional: ${cap.why}` : cap.why);
    }
    const would = badge !== byComposite && byComposite !== 'none' ? [`composite ${formatCompositeScore(e.composite, e.methodology)} would be ${BADGE_NAMES[byComposite]}`] : [];
    const notes = [...reasons, ...would];
    return { badge, byComposite, provisional, reasons, label: notes.length > 0 ? `${BADGE_NAMES[badge]} (${notes.join('; ')})` : BADGE_NAMES[badge] };
}
//# sourceMappingURL=badge-policy.js.map