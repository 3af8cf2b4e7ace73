/**
 * The badge policy: a badge needs evidence in proportion to its claim. Pure: one result's
 * composite, coverage, layers and anti-patterns in, the badge and why it was capped or withheld out, so it can
 * run in a finalise step after all targets.
 *
 * Default methodology, in order:
 * 1. a disqualifying anti-pattern (trying to manipulate the evaluator, prose that carries no information) means
 *    no badge, whatever the composite;
 * 2. below 50% coverage (share of the composite's weight measured) there is no badge;
 * 3. the composite (as displayed) earns a badge by the lines of PluginEval's methodology; when an Elo rating exists
 *    (certify) the badge needs the Elo line too (the methodology's table: Platinum 1600, Gold 1500, Silver 1400, Bronze
 *    1300, decided on the rating as displayed, a whole number);
 * 4. capped by the evidence behind it: static analysis alone gives at most Silver, labelled provisional (content
 *    not judged); Gold needs the judge to have judged the content (output_quality); Platinum needs `certify`'s
 *    Monte Carlo layer and an Elo rating.
 * The reasons say which one capped the badge: the Elo line, the evidence, or both.
 * `--methodology compat` keeps PluginEval's rule exactly (`Badge.from_scores`): the unrounded composite's line,
 * and the Elo line when a rating exists; no evidence cap, no coverage floor, no disqualification.
 * In both, a partial measurement (a layer that ran failed on some dimension, or certify's Elo that failed calls kept
 * from being measured) earns no badge: the missing measurement could have lowered it.
 */
import { REGISTRY } from '../rules/checks/index.js';
import type { AntiPatternFlag, LayerName, Methodology } from '../model/dimensions.js';
import type { BadgeDecision, Coverage } from '../model/result.js';
import { compositeDecisionValue, displayedCoveragePercent, formatCompositeScore, formatCoverage } from './display.js';
import { BADGES, badgeFor, eloThreshold, type Badge } from './grades.js';

/** Below this share of the composite's weight measured, no badge. */
export const MIN_BADGE_COVERAGE = 0.5;

/** The dimension whose judging counts as "the content was judged" (its rubric scores what the skill says). */
export const CONTENT_DIMENSION = 'output_quality';

export const BADGE_NAMES: Readonly<Record<Badge, string>> = {
  platinum: 'Platinum',
  gold: 'Gold',
  silver: 'Silver',
  bronze: 'Bronze',
  none: 'no badge',
};

/** Why each disqualifying anti-pattern withholds the badge (the rule declares it: `disqualifies`). */
const DISQUALIFICATION: ReadonlyMap<AntiPatternFlag, string> = new Map(
  REGISTRY.default.antiPatterns.flatMap((r) =>
    r.disqualifies === undefined ? [] : [[r.flag, r.disqualifies] as const],
  ),
);

export interface BadgeEvidence {
  methodology: Methodology;
  /** Composite 0-100 after the penalty, unrounded. */
  composite: number;
  /** Online Elo rating against the corpus (certify); null when none was computed, and the Elo line is skipped. */
  elo: number | null;
  coverage: Coverage;
  layersRun: readonly LayerName[];
  /** Dimensions each layer measured (the judge's list says whether the content was judged). */
  measuredBy: Partial<Record<LayerName, readonly string[]>>;
  antiPatterns: readonly { flag: AntiPatternFlag }[];
  /** Dimensions a layer tried and failed to measure (infrastructure or invalid replies): a partial measurement. */
  gaps?: number;
  /**
   * certify's Elo could not be measured because model calls failed (not a set-up reason such as a plugin or no
   * corpus): the rating that could have capped the badge is missing, so, as with `gaps`, no badge.
   */
  eloFailed?: boolean;
}

/** The decision, as the result schema defines it (`composite.badgeDecision`). */
export type { BadgeDecision };

const rank = (b: Badge): number => (b === 'none' ? BADGES.length : BADGES.indexOf(b));
const lower = (a: Badge, b: Badge): Badge => (rank(a) >= rank(b) ? a : b);

/** The highest badge the evidence supports, and the reason when it is below Platinum. */
function evidenceCeiling(e: BadgeEvidence): { ceiling: Badge; provisional: boolean; why?: string } {
  const judged = e.measuredBy.judge?.includes(CONTENT_DIMENSION) ?? false;
  if (!judged) {
    const why = e.layersRun.includes('judge')
      ? `content not judged (the judge did not measure ${CONTENT_DIMENSION})`
      : 'content not judged';
    return { ceiling: 'silver', provisional: true, why };
  }
  const missing = [
    ...(e.layersRun.includes('monte_carlo') ? [] : ['Monte Carlo did not run']),
    ...(e.elo === null ? ['no Elo rating'] : []),
  ];
  if (missing.length === 0) return { ceiling: 'platinum', provisional: false };
  return {
    ceiling: 'gold',
    provisional: false,
    why: `Platinum needs certify (Monte Carlo and an Elo rating): ${missing.join(', ')}`,
  };
}

/** The rating as reports show it (a whole number); compat, like PluginEval, decides on the unrounded one. */
export function eloDecisionValue(elo: number, methodology: Methodology): number {
  return methodology === 'compat' ? elo : Math.round(elo);
}

/** Why the Elo line holds the badge below the composite's, or undefined when it does not. */
function eloCap(e: BadgeEvidence, byComposite: Badge, withElo: Badge): string | undefined {
  if (e.elo === null || byComposite === 'none' || withElo === byComposite) return undefined;
  const shown = Math.round(e.elo);
  return `capped by Elo: rating ${shown} is below the ${eloThreshold(byComposite)} ${BADGE_NAMES[byComposite]} needs`;
}

export function decideBadge(e: BadgeEvidence): BadgeDecision {
  const value = compositeDecisionValue(e.composite, e.methodology);
  // byComposite is PluginEval's composite line alone; withElo adds the Elo line when a rating exists.
  const byComposite = badgeFor(value);
  const withElo = e.elo === null ? byComposite : badgeFor(value, eloDecisionValue(e.elo, e.methodology));
  const byEloWhy = eloCap(e, byComposite, withElo);
  // A partial measurement earns no badge in either methodology: the composite may rest on a fallback the failed
  // layer would have moved either way, and a badge claims a complete measurement.
  if ((e.gaps ?? 0) > 0 || e.eloFailed === true) {
    const why =
      (e.gaps ?? 0) > 0
        ? `partial measurement: ${e.gaps} dimension${e.gaps === 1 ? '' : 's'} not fully measured by a layer that ran`
        : 'partial measurement: the Elo rating was not measured (model calls failed, not the skill)';
    const would =
      byComposite !== 'none'
        ? `; composite ${formatCompositeScore(e.composite, e.methodology)} would be ${BADGE_NAMES[byComposite]}`
        : '';
    return {
      badge: 'none',
      byComposite,
      provisional: false,
      reasons: [why],
      label: `${BADGE_NAMES.none} (${why}${would})`,
    };
  }
  if (e.methodology === 'compat') {
    const reasons = byEloWhy ? [byEloWhy] : [];
    return {
      badge: withElo,
      byComposite,
      provisional: false,
      reasons,
      label: labelOf(withElo, byComposite, reasons, e),
    };
  }

  const reasons: string[] = [];
  const flags = [...new Set(e.antiPatterns.map((a) => a.flag).filter((f) => DISQUALIFICATION.has(f)))];
  for (const flag of flags) reasons.push(`disqualified: ${flag} (${DISQUALIFICATION.get(flag)!})`);
  const coveragePercent = displayedCoveragePercent(e.coverage.share);
  if (coveragePercent < MIN_BADGE_COVERAGE * 100)
    reasons.push(
      `coverage ${formatCoverage(e.coverage.share)} is below the ${MIN_BADGE_COVERAGE * 100}% a badge needs`,
    );

  let badge: Badge;
  let provisional = false;
  if (reasons.length > 0) badge = 'none';
  else {
    const cap = evidenceCeiling(e);
    badge = lower(withElo, cap.ceiling);
    provisional = cap.provisional && badge !== 'none';
    if (byEloWhy) reasons.push(byEloWhy);
    // The evidence reason matters when it labels a badge (provisional) or lowers one.
    if (cap.why && (provisional || badge !== withElo)) reasons.push(provisional ? `provisional: ${cap.why}` : cap.why);
  }
  return { badge, byComposite, provisional, reasons, label: labelOf(badge, byComposite, reasons, e) };
}

function labelOf(badge: Badge, byComposite: Badge, reasons: readonly string[], e: BadgeEvidence): string {
  const would =
    badge !== byComposite && byComposite !== 'none'
      ? [`composite ${formatCompositeScore(e.composite, e.methodology)} would be ${BADGE_NAMES[byComposite]}`]
      : [];
  const notes = [...reasons, ...would];
  return notes.length > 0 ? `${BADGE_NAMES[badge]} (${notes.join('; ')})` : BADGE_NAMES[badge];
}
