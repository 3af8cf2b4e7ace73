/**
 * The Elo part of a report, as plain lines every reporter renders its own way (text wraps them, Markdown and HTML
 * escape them): the online rating and the Bradley-Terry rating, each with its own interval, the percentile, the
 * matches, position bias, each reference's outcome and the selection notes; or why the skill was not rated. Nothing
 * when no rating was asked for (score).
 */
import type { EloResult } from '../model/elo.js';
import type { ScoreResult } from '../model/result.js';

export interface EloLines {
  /** One line: the rating and its evidence, or why there is none. */
  headline: string;
  /** Per reference, then notes: for an expandable section. */
  details: string[];
}

const whole = (n: number): string => String(Math.round(n));
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 'es'}`;

/** "Bradley-Terry 1741, 95% CI 1580–1900 (500 bootstrap samples, 12 degenerate)", or why there is no fit. */
function bradleyTerryText(elo: EloResult): string | undefined {
  const bt = elo.bradleyTerry;
  if (bt === null) return undefined;
  if (bt.status === 'unmeasured' || bt.rating === null) return `no Bradley-Terry fit: ${bt.reason ?? 'no rating'}`;
  const ci =
    bt.ciLow !== null && bt.ciHigh !== null ? `, 95% CI ${whole(bt.ciLow)}–${whole(bt.ciHigh)}` : ', no interval';
  const degenerate = bt.degenerateSamples > 0 ? `, ${bt.degenerateSamples} degenerate and skipped` : '';
  return `Bradley-Terry ${whole(bt.rating)}${ci} (${bt.samples} bootstrap samples${degenerate})`;
}

function referenceLine(r: EloResult['references'][number]): string {
  const against = `${r.name} (${whole(r.rating)})`;
  if (r.outcome === 'unmeasured') return `unmeasured vs ${against}: ${r.reason ?? 'no verdict'}`;
  const bias = r.positionBias ? ' (position bias: the two orders disagreed)' : '';
  const after = r.ratingAfter !== null ? ` → ${whole(r.ratingAfter)}` : '';
  return `${r.outcome} vs ${against}${bias}${after}`;
}

export function eloLines(result: ScoreResult): EloLines | undefined {
  const elo = result.elo;
  if (elo === undefined) return undefined;
  const details = [...elo.references.map(referenceLine), ...elo.notes];
  if (elo.status === 'unmeasured' || elo.rating === null) {
    // Failed calls, not the skill and not the set-up, are why: the run is partial (exit 3). Said in the report itself,
    // as a judge gap is, not only on stderr, so a saved report does not read like a finished certification.
    const infrastructure = elo.infrastructureFailure
      ? ' (model calls failed, not the skill: the run is partial, exit code 3)'
      : '';
    return { headline: `Elo not rated: ${elo.reason ?? 'no rating'}${infrastructure}`, details };
  }
  const parts = [
    `Elo ${whole(elo.rating)} (online, K ${elo.k}, from ${whole(elo.initialRating)}` +
      `${elo.ciLow !== null && elo.ciHigh !== null ? `; 95% CI ${whole(elo.ciLow)}–${whole(elo.ciHigh)}` : ''})`,
    bradleyTerryText(elo),
    elo.percentile !== null ? `corpus percentile ${whole(elo.percentile)}` : undefined,
    `${plural(elo.matches, 'match')}: ${elo.wins} W / ${elo.losses} L / ${elo.ties} T`,
    `position bias ${elo.positionBiasCount}`,
    elo.unmeasured > 0 ? `${elo.unmeasured} unmeasured` : undefined,
  ].filter((p): p is string => p !== undefined);
  return { headline: parts.join(' · '), details };
}
