/**
 * What an Elo ranking against the corpus reports (docs/elo.md "The result"): `certify` puts it on each result as
 * `elo`. In the model folder because the result schema carries it; src/rank/ computes it.
 */
import { z } from 'zod';
import { LayerUsage } from './usage.js';

export const MatchupOutcome = z.enum(['win', 'loss', 'tie', 'unmeasured']);
export type MatchupOutcome = z.infer<typeof MatchupOutcome>;

/** One judge call of a matchup, in the candidate's terms: `candidate` won, `reference` won, or a tie. */
export const MatchupVerdict = z.object({
  /** candidate-first: the candidate was shown as response A; reference-first: the reference was. */
  order: z.enum(['candidate-first', 'reference-first']),
  winner: z.enum(['candidate', 'reference', 'tie']).nullable(),
  /** The judge's reasoning, or why this call gave no verdict. */
  reasoning: z.string(),
});
export type MatchupVerdict = z.infer<typeof MatchupVerdict>;

export const MatchupRecord = z.object({
  name: z.string(),
  path: z.string(),
  /** The reference's rating in the corpus index (fixed during the matchups). */
  rating: z.number(),
  outcome: MatchupOutcome,
  /** The two orders disagreed: scored as a tie and counted in positionBiasCount. */
  positionBias: z.boolean(),
  /** Why the matchup is unmeasured (a provider failure, an unusable reply): never a loss. */
  reason: z.string().optional(),
  /** The candidate's online rating before and after this matchup (null when unmeasured). */
  ratingBefore: z.number().nullable(),
  ratingAfter: z.number().nullable(),
  verdicts: z.array(MatchupVerdict),
});
export type MatchupRecord = z.infer<typeof MatchupRecord>;

export const BradleyTerryFit = z
  .object({
    status: z.enum(['measured', 'unmeasured']),
    reason: z
      .string()
      .optional()
      .describe(
        'Why there is no fit (the candidate won or lost every measured matchup: the maximum-likelihood rating ' +
          'is unbounded)',
      ),
    rating: z.number().nullable().describe('Maximum-likelihood rating of the candidate, on the Elo scale'),
    ciLow: z
      .number()
      .nullable()
      .describe('95% percentile bootstrap interval of `rating`; null when no resample could be fitted'),
    ciHigh: z.number().nullable(),
    anchor: z.number().describe('The references are one pool pinned at their mean index rating'),
    samples: z.number().int().describe('Bootstrap resamples of the matchups (PluginEval methodology: 500)'),
    degenerateSamples: z
      .number()
      .int()
      .describe(
        'Resamples with no finite fit (all wins or all losses), skipped: many of them mean the interval is too narrow',
      ),
    seed: z.number().int(),
  })
  .describe(
    'The order-free estimate beside the online rating: a Bradley-Terry maximum-likelihood fit over the matchups ' +
      'with its bootstrap interval',
  );
export type BradleyTerryFit = z.infer<typeof BradleyTerryFit>;

export const ELO_RATING_METHOD =
  'online Elo (PluginEval methodology formulas, references at their index ratings, matchups in reference order)';
export const ELO_CI_METHOD =
  'percentile bootstrap of the online rating: 500 resamples of the measured matchups, each replayed in its drawn ' +
  'order from the initial rating (the interval of rating; bradleyTerry carries its own)';

export const EloResult = z
  .object({
    status: z.enum(['measured', 'unmeasured']),
    /** Why no rating was measured (no corpus index, too few measured matchups, a plugin, no provider). */
    reason: z.string().optional(),
    /**
     * true when infrastructure (provider failures, unusable replies) is why the rating is missing: the run is then
     * partial (exit 3). false when the set-up is why (no index, too few references): said, but not a failure.
     */
    infrastructureFailure: z.boolean().default(false),
    /**
     * Online Elo after the measured matchups in reference order (K, start 1500); null when unmeasured. The badge's Elo
     * line reads it.
     */
    rating: z.number().nullable(),
    ratingMethod: z.string().default(ELO_RATING_METHOD),
    ciLow: z
      .number()
      .nullable()
      .describe(
        '95% interval of `rating`, the online rating beside it (ciMethod names it); null when unmeasured. The ' +
          "Bradley-Terry rating's own interval is bradleyTerry.ciLow/ciHigh",
      ),
    ciHigh: z.number().nullable(),
    ciMethod: z.string().nullable(),
    bradleyTerry: BradleyTerryFit.nullable().default(null).describe('null when no matchup was measured'),
    initialRating: z.number(),
    k: z.number(),
    /** Measured matchups (wins + losses + ties). */
    matches: z.number().int(),
    wins: z.number().int(),
    losses: z.number().int(),
    /** Ties, position-bias ties included. */
    ties: z.number().int(),
    positionBiasCount: z.number().int(),
    /** Matchups that measured nothing (infrastructure), outside every count above. */
    unmeasured: z.number().int(),
    /** Pairwise win rate against the references, 0-100: (wins + ties / 2) / matches × 100; null when unmeasured. */
    percentile: z.number().nullable(),
    references: z.array(MatchupRecord),
    /** Reference selection notes (widening steps) and anything else the reader should know. */
    notes: z.array(z.string()),
    judge: z
      .object({ model: z.string(), provider: z.string(), prompt: z.object({ template: z.string(), hash: z.string() }) })
      .nullable(),
    /**
     * Calls, tokens and cost of the matchups (cache hits included); null when no call was made. Added to the result's
     * usage.
     */
    usage: LayerUsage.nullable(),
  })
  .meta({ id: 'EloResult', title: 'Elo ranking against the corpus' });
export type EloResult = z.infer<typeof EloResult>;
