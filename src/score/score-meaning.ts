/**
 * What a static-only (quick) composite measures, said where the number is shown: form and conformance, not whether
 * the skill helps, with the measured correlation to uplift and where help is measured. Only for a result whose
 * deepest measured layer is static: one the judge or Monte Carlo also measured leads with what those measured.
 */
import {
  HELP_MEASURED_BY,
  QUICK_SCORE_RHO,
  QUICK_SCORE_VALIDITY_SOURCE,
  QUICK_SCORE_VALIDITY_TASKS,
} from '../data/quick-score-validity.js';
import type { Methodology } from '../model/dimensions.js';
import type { ScoreMeaning, ScoreResult } from '../model/result.js';

export type { ScoreMeaning };

/** True when static analysis is all that measured this result. */
export function staticOnly(result: Pick<ScoreResult, 'layersRun'>): boolean {
  return result.layersRun.every((layer) => layer === 'static');
}

const signed = (n: number): string => (n < 0 ? `-${Math.abs(n).toFixed(2)}` : `+${n.toFixed(2)}`);

/** The sentence for static-only composites of these methodologies (the rho of each, named when more than one). */
function noteFor(methodologies: readonly Methodology[]): string {
  const rho =
    methodologies.length === 1
      ? signed(QUICK_SCORE_RHO[methodologies[0] ?? 'default'])
      : methodologies.map((m) => `${signed(QUICK_SCORE_RHO[m])} ${m}`).join(', ');
  return (
    `Quick score: form and conformance, not whether the skill helps (rho ${rho} vs uplift on ` +
    `${QUICK_SCORE_VALIDITY_TASKS} ${QUICK_SCORE_VALIDITY_SOURCE} tasks); help: ${HELP_MEASURED_BY.join(', ')}.`
  );
}

/** The note for a static-only composite of this methodology. */
export function scoreMeaningFor(methodology: Methodology): ScoreMeaning {
  return {
    measures: 'form and conformance',
    rhoWithUplift: QUICK_SCORE_RHO[methodology],
    tasks: QUICK_SCORE_VALIDITY_TASKS,
    source: QUICK_SCORE_VALIDITY_SOURCE,
    helpMeasuredBy: [...HELP_MEASURED_BY],
    note: noteFor([methodology]),
  };
}

/** The note for this result, or undefined when a deeper layer measured it. */
export function scoreMeaning(result: Pick<ScoreResult, 'layersRun' | 'methodology'>): ScoreMeaning | undefined {
  return staticOnly(result) ? scoreMeaningFor(result.methodology) : undefined;
}

/** The sentence once for a set of results, or undefined when a deeper layer measured any of them. */
export function runScoreNote(results: readonly Pick<ScoreResult, 'layersRun' | 'methodology'>[]): string | undefined {
  if (results.length === 0 || !results.every(staticOnly)) return undefined;
  return noteFor([...new Set(results.map((r) => r.methodology))].sort());
}
