/**
 * Elo matchups: the candidate skill against each reference, judged by the toolkit's pairwise comparison in both
 * orders (src/judge/kit/pairwise.ts), then online Elo in reference order (docs/elo.md "Matchups").
 *
 * - Both orders agree: a win, loss or tie.
 * - The orders disagree: the verdict depended on which skill was shown first, so the matchup is flagged
 *   `positionBias`, counted in positionBiasCount, and scored as a tie (a draw: no evidence either way).
 * - A call gave no verdict (provider failure that outlived the retries, an unusable reply): the matchup is
 *   unmeasured. It is infrastructure, never a loss, and stays out of every count and of the rating.
 * - Too few measured matchups: no rating, with the reason.
 * A fatal provider failure (bad key, unknown model, nothing listening) is thrown, as everywhere else.
 */
import pLimit from 'p-limit';
import { wrapUntrusted, dataNotInstructions } from '../judge/envelope.js';
import { comparePair, type CompareOptions } from '../judge/kit/pairwise.js';
import type { PairwisePass, PairwiseResult } from '../judge/kit/schemas.js';
import type { LayerUsage } from '../model/usage.js';
import { layerUsageOf, sumUsage } from '../providers/pricing.js';
import type { Provider } from '../providers/types.js';
import { fitBradleyTerry, onlineHistory, onlineInterval, percentileOf, type MeasuredMatchup } from './fit.js';
import {
  ELO_CI_METHOD,
  ELO_RATING_METHOD,
  type EloResult,
  type MatchupOutcome,
  type MatchupRecord,
  type MatchupVerdict,
} from './result.js';

export interface MatchupSkill {
  name: string;
  path: string;
  /** SKILL.md text: what the judge compares. */
  text: string;
}

export interface MatchupReference extends MatchupSkill {
  /** Rating in the corpus index. */
  rating: number;
}

export interface MatchupOptions {
  model: string;
  /** Elo K-factor; default 32 (PluginEval's methodology). */
  k?: number;
  /** The candidate's starting rating; default 1500 (PluginEval's methodology). */
  initialRating?: number;
  /** Measured matchups needed for a rating: default max(3, half the references, rounded up). */
  minMeasured?: number;
  /** Matchups judged at once; default 2. */
  concurrency?: number;
  /** Selection notes to carry into the result. */
  notes?: readonly string[];
  /** Seeds the Bradley-Terry bootstrap; default 0. */
  seed?: number;
  /** Bootstrap resamples; default 500 (PluginEval's methodology). */
  bootstrapSamples?: number;
  signal?: AbortSignal;
}

/** What the judge is asked: which SKILL.md would serve an agent better. Version it with the toolkit's prompt hash. */
export const MATCHUP_QUESTION =
  'Response A and Response B are two Agent Skills (SKILL.md files: YAML frontmatter with a name and a description, then instructions an AI agent loads when the skill applies). Which skill would better equip an agent to do the job its description names?';

export const MATCHUP_CRITERIA: CompareOptions['criteria'] = [
  {
    name: 'triggering clarity',
    description:
      'The description says what the skill does and when to use it (and when not), so an agent picks it for the ' +
      'right requests and only those.',
  },
  {
    name: 'instruction quality',
    description:
      'Concrete, correct and complete steps an agent can follow, with examples and the edge cases that matter.',
  },
  {
    name: 'scope and economy',
    description:
      'One focused job, no filler; detail that is only sometimes needed lives in reference files rather than in ' +
      'SKILL.md.',
  },
];

function prompt(candidate: string, reference: string): { question: string; a: string; b: string } {
  const a = wrapUntrusted('SKILL', candidate);
  const b = wrapUntrusted('SKILL', reference);
  return { question: `${MATCHUP_QUESTION}\n\n${dataNotInstructions([a, b])}`, a: a.text, b: b.text };
}

/** A pass in the candidate's terms (the candidate is always the caller's A). */
function verdictOf(pass: PairwisePass): MatchupVerdict {
  const order = pass.order === 'AB' ? 'candidate-first' : 'reference-first';
  if (pass.status !== 'judged' || pass.winner === null)
    return { order, winner: null, reasoning: pass.reason ?? 'no verdict' };
  return {
    order,
    winner: pass.winner === 'A' ? 'candidate' : pass.winner === 'B' ? 'reference' : 'tie',
    reasoning: pass.reasoning,
  };
}

/** Outcome of one matchup from its two passes (pure: the counting rules are testable alone). */
export function outcomeOf(result: Pick<PairwiseResult, 'passes'>): {
  outcome: MatchupOutcome;
  positionBias: boolean;
  reason?: string;
} {
  const judged = result.passes.filter((p) => p.status === 'judged' && p.winner !== null);
  const orders = new Set(judged.map((p) => p.order));
  if (orders.size < 2) {
    const why = result.passes.find((p) => p.status !== 'judged')?.reason ?? 'no verdict';
    return {
      outcome: 'unmeasured',
      positionBias: false,
      reason: `judged in ${orders.size === 0 ? 'neither order' : 'one order only'}: ${why}`,
    };
  }
  const winners = new Set(judged.map((p) => p.winner));
  if (winners.size > 1) return { outcome: 'tie', positionBias: true };
  const [winner] = winners;
  return { outcome: winner === 'A' ? 'win' : winner === 'B' ? 'loss' : 'tie', positionBias: false };
}

/** The matchups' usage in the result's terms (null when no call was made, as a result's usage is). */
export function usageOf(total: ReturnType<typeof sumUsage>, models: string[], provider: string): LayerUsage | null {
  return total.calls === 0 ? null : layerUsageOf(total, { provider, models });
}

/** Measured matchups a rating needs against `references` references: max(3, half of them, rounded up) by default. */
export function minMeasuredFor(references: number, options: Pick<MatchupOptions, 'minMeasured'> = {}): number {
  return options.minMeasured ?? Math.max(3, Math.ceil(references / 2));
}

/** Judge every matchup, then rate the candidate by online Elo over the measured ones, in reference order. */
export async function runMatchups(
  provider: Provider,
  candidate: MatchupSkill,
  references: readonly MatchupReference[],
  options: MatchupOptions,
): Promise<EloResult> {
  const k = options.k ?? 32;
  const initialRating = options.initialRating ?? 1500;
  const minMeasured = minMeasuredFor(references.length, options);
  const limit = pLimit(options.concurrency ?? 2);
  const judged = await Promise.all(
    references.map((reference) =>
      limit(() => {
        const p = prompt(candidate.text, reference.text);
        return comparePair(
          provider,
          { id: `${candidate.name} vs ${reference.name}`, prompt: p.question, responseA: p.a, responseB: p.b },
          {
            model: options.model,
            criteria: MATCHUP_CRITERIA,
            passes: 2,
            allowTies: true,
            ...(options.signal ? { signal: options.signal } : {}),
          },
        );
      }),
    ),
  );

  const outcomes = references.map((reference, i) => ({ reference, result: judged[i]!, ...outcomeOf(judged[i]!) }));
  const measured: MeasuredMatchup[] = outcomes.flatMap((o) =>
    o.outcome === 'unmeasured' ? [] : [{ path: o.reference.path, rating: o.reference.rating, outcome: o.outcome }],
  );
  const history = onlineHistory(measured, { initialRating, k });
  let step = 0;
  const records: MatchupRecord[] = outcomes.map(({ reference, result, outcome, positionBias, reason }) => {
    const base = {
      name: reference.name,
      path: reference.path,
      rating: reference.rating,
      outcome,
      positionBias,
      verdicts: result.passes.map(verdictOf),
    };
    if (outcome === 'unmeasured')
      return { ...base, reason: reason ?? 'no verdict', ratingBefore: null, ratingAfter: null };
    const before = step === 0 ? initialRating : history[step - 1]!;
    return { ...base, ratingBefore: before, ratingAfter: history[step++]! };
  });
  const rating = history.length > 0 ? history[history.length - 1]! : initialRating;

  const count = (o: MatchupOutcome) => records.filter((r) => r.outcome === o).length;
  const wins = count('win');
  const losses = count('loss');
  const ties = count('tie');
  const matches = wins + losses + ties;
  const unmeasured = count('unmeasured');
  const reason =
    references.length === 0
      ? 'no reference skills to play against (run plugin-eval init on a corpus first)'
      : matches < minMeasured
        ? `only ${matches} of ${references.length} matchups measured (${unmeasured} unmeasured); a rating needs ` +
          `at least ${minMeasured}`
        : undefined;
  const first = judged.find((r) => r.status === 'judged') ?? judged[0];
  // The fit is reported whenever something was measured; like the rating, its interval only counts with enough
  // matchups.
  const bradleyTerry =
    measured.length > 0
      ? fitBradleyTerry(measured, { seed: options.seed ?? 0, samples: options.bootstrapSamples ?? 500 })
      : null;
  // The interval beside the online rating is that rating's own; the Bradley-Terry fit carries its own inside it.
  const online =
    reason === undefined
      ? onlineInterval(measured, {
          initialRating,
          k,
          seed: options.seed ?? 0,
          samples: options.bootstrapSamples ?? 500,
        })
      : null;
  return {
    status: reason === undefined ? 'measured' : 'unmeasured',
    ...(reason !== undefined ? { reason } : {}),
    // Infrastructure is to blame only when enough matchups were played to rate but too few of them measured.
    infrastructureFailure: reason !== undefined && unmeasured > 0 && references.length >= minMeasured,
    rating: reason === undefined ? rating : null,
    ratingMethod: ELO_RATING_METHOD,
    ciLow: online?.low ?? null,
    ciHigh: online?.high ?? null,
    ciMethod: online ? ELO_CI_METHOD : null,
    bradleyTerry,
    initialRating,
    k,
    matches,
    wins,
    losses,
    ties,
    positionBiasCount: records.filter((r) => r.positionBias).length,
    unmeasured,
    // Like the rating, the win rate is only reported when enough matchups measured it.
    percentile: reason === undefined ? percentileOf(measured) : null,
    references: records,
    notes: [...(options.notes ?? [])],
    judge: first ? first.judge : null,
    usage: usageOf(
      sumUsage(judged.map((r) => r.cost)),
      first?.judge ? [first.judge.model] : [options.model],
      provider.name,
    ),
  };
}
