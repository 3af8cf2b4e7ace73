/** What an Elo ranking against the corpus reports (docs/elo.md "The result"). */
import { z } from 'zod';
import { UsageSummary } from '../providers/pricing.js';

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

export const EloResult = z
  .object({
    status: z.enum(['measured', 'unmeasured']),
    /** Why no rating was measured (too few measured matchups, no references). */
    reason: z.string().optional(),
    /** Online Elo after the measured matchups in reference order (K, start 1500); null when unmeasured. */
    rating: z.number().nullable(),
    /** 95% interval; null until the Bradley-Terry bootstrap fills it (ciMethod says which method did). */
    ciLow: z.number().nullable(),
    ciHigh: z.number().nullable(),
    ciMethod: z.string().nullable(),
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
    judge: z.object({ model: z.string(), provider: z.string(), prompt: z.object({ template: z.string(), hash: z.string() }) }).nullable(),
    cost: UsageSummary,
  })
  .meta({ id: 'EloResult', title: 'Elo ranking against the corpus' });
export type EloResult = z.infer<typeof EloResult>;
