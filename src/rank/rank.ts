/**
 * Rank one skill against the corpus: read the index, pick references, check they are unchanged, judge the matchups.
 * What `certify` calls; everything it needs to say (no index yet, too few references, stale entries) ends up in the
 * result's reason and notes, never as a made-up rating.
 */
import { describeCandidate, loadReferences } from './corpus/load.js';
import { corpusIndexPath } from './corpus/paths.js';
import { readCorpusIndex } from './corpus/init.js';
import { pickReferences, type ReferenceOptions } from './corpus/references.js';
import type { Provider } from '../providers/types.js';
import { minMeasuredFor, runMatchups, type MatchupOptions } from './matchups.js';
import { ELO_RATING_METHOD, type EloResult } from './result.js';

export interface RankOptions extends Omit<MatchupOptions, 'notes'>, ReferenceOptions {
  corpusDir: string;
}

/** A ranking that could not be made (no index, no usable references, a plugin...): the reason, and no number. */
export function unmeasuredElo(
  reason: string,
  notes: string[] = [],
  options: { initialRating?: number; k?: number } = {},
): EloResult {
  return {
    status: 'unmeasured',
    reason,
    infrastructureFailure: false,
    rating: null,
    ratingMethod: ELO_RATING_METHOD,
    ciLow: null,
    ciHigh: null,
    ciMethod: null,
    bradleyTerry: null,
    initialRating: options.initialRating ?? 1500,
    k: options.k ?? 32,
    matches: 0,
    wins: 0,
    losses: 0,
    ties: 0,
    positionBiasCount: 0,
    unmeasured: 0,
    percentile: null,
    references: [],
    notes,
    judge: null,
    usage: null,
  };
}

export async function rankAgainstCorpus(
  provider: Provider,
  skillDir: string,
  options: RankOptions,
): Promise<EloResult> {
  const index = await readCorpusIndex(options.corpusDir);
  if (index === undefined)
    return unmeasuredElo(
      `no corpus index at ${corpusIndexPath(options.corpusDir)}: run plugin-eval init SOURCE`,
      [],
      options,
    );
  const candidate = await describeCandidate(skillDir);
  // A reference that changed since init (or cannot be read) is left out and the pick is made again without it.
  const skipped = new Set<string>();
  const skipNotes: string[] = [];
  let selection = pickReferences(candidate, index.entries, options);
  let loaded = await loadReferences(selection.references.map((r) => r.entry));
  while (loaded.skipped.length > 0) {
    for (const s of loaded.skipped) skipped.add(s);
    skipNotes.push(...loaded.notes);
    selection = pickReferences(
      candidate,
      index.entries.filter((e) => !skipped.has(e.path)),
      options,
    );
    loaded = await loadReferences(selection.references.map((r) => r.entry));
  }
  const notes = [...selection.notes, ...skipNotes];
  if (loaded.references.length === 0) {
    // Say what to do: the usual cause is a corpus whose folders were deleted, moved or edited since init.
    const why =
      skipped.size > 0
        ? `: ${skipped.size} indexed skill(s) were deleted or changed since they were indexed (see the notes); ` +
          `run plugin-eval init SOURCE again`
        : index.entries.length === 0
          ? `: the index at ${corpusIndexPath(options.corpusDir)} is empty; run plugin-eval init SOURCE`
          : '';
    return unmeasuredElo(`no usable reference skills in the corpus${why}`, notes, options);
  }
  // Too few references can never give a rating, however the judge answers: say so without paying for the matchups
  // (two calls each) whose outcome could not be used.
  const needed = minMeasuredFor(loaded.references.length, options);
  if (loaded.references.length < needed) {
    const n = loaded.references.length;
    return unmeasuredElo(
      `only ${n} usable reference skill${n === 1 ? '' : 's'} in the corpus and a rating needs at ` +
        `least ${needed} measured matchups, so no matchup was judged; index more skills with plugin-eval init`,
      notes,
      options,
    );
  }
  const { corpusDir: _dir, count: _count, lineTolerance: _tolerance, ...matchupOptions } = options;
  return runMatchups(
    provider,
    { name: candidate.name, path: candidate.path, text: candidate.text },
    loaded.references,
    { ...matchupOptions, notes },
  );
}
