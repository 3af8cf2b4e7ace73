/**
 * Pairwise comparison with position swapping. Passes alternate the order (AB, BA, AB, ...), every
 * verdict is mapped back to the caller's labels, and the passes are combined by majority vote.
 * Disagreeing passes give a TIE with reduced confidence, but every pass stays in the result and
 * `leaning` keeps the confidence-weighted direction, so the signal is reported rather than erased.
 */
import pLimit from 'p-limit';
import { z } from 'zod';
import { ProviderError } from '../../errors.js';
import type { Provider } from '../../providers/index.js';
import { sumUsage, usageOfCall } from '../../providers/pricing.js';
import { normaliseName, parseCriteria } from './direct.js';
import { PAIRWISE_TEMPLATE, contextSection, fill, promptVersion, renderCriteria } from './prompts.js';
import type {
  CallCost,
  Criterion,
  CriterionInput,
  LikertVerdict,
  PairwisePass,
  PairwiseResult,
  Winner,
} from './schemas.js';

export interface CompareInput {
  id?: string | undefined;
  prompt: string;
  responseA: string;
  responseB: string;
  context?: string | undefined;
  reference?: string | undefined;
  /** Models that wrote A and B, for the self-enhancement check. */
  modelA?: string | undefined;
  modelB?: string | undefined;
}

export interface CompareOptions {
  model: string;
  criteria?: readonly CriterionInput[];
  /** Judge calls per pair, alternating the order; default 2 (one swap). */
  passes?: number;
  /** May the judge answer TIE (or A=B)? Default true. */
  allowTies?: boolean;
  /** Arena-Hard style 5-point verdicts: A>>B, A>B, A=B, B>A, B>>A. */
  likert5?: boolean;
  maxTokens?: number;
  signal?: AbortSignal;
  concurrency?: number;
}

export const DEFAULT_COMPARE_CRITERIA: CriterionInput[] = [
  {
    name: 'overall quality',
    description: 'How well the response fulfils the prompt: correctness, helpfulness and clarity.',
  },
];

export function pairwiseReplySchema(allowTies: boolean, likert5: boolean) {
  const verdicts = likert5
    ? allowTies
      ? ['A>>B', 'A>B', 'A=B', 'B>A', 'B>>A']
      : ['A>>B', 'A>B', 'B>A', 'B>>A']
    : allowTies
      ? ['A', 'B', 'TIE']
      : ['A', 'B'];
  return z.object({
    analysis: z.object({ responseA: z.string(), responseB: z.string() }),
    comparison: z.array(
      z.object({
        criterion: z.string(),
        aAssessment: z.string(),
        bAssessment: z.string(),
        reasoning: z.string(),
        winner: z.enum(['A', 'B', 'TIE']),
      }),
    ),
    differentiators: z.array(z.string()),
    evidence: z.array(z.string()).describe('Specific passages that decide the comparison'),
    reasoning: z.string(),
    verdict: z.enum(verdicts as [string, ...string[]]),
    confidence: z.number().min(0).max(1),
  });
}
export type PairwiseReply = z.infer<ReturnType<typeof pairwiseReplySchema>>;

export type Order = 'AB' | 'BA';

/** Pass i shows A first when i is even: N passes are balanced whenever N is even. */
export function orderOfPass(pass: number): Order {
  return pass % 2 === 0 ? 'AB' : 'BA';
}

/** Map a winner seen in `order` back to the caller's labels. */
export function mapWinner(shown: Winner, order: Order): Winner {
  return order === 'AB' || shown === 'TIE' ? shown : shown === 'A' ? 'B' : 'A';
}

/** Map a 5-point verdict back: in a BA pass "A>>B" means the caller's B is much better. */
export function mapLikert(shown: LikertVerdict, order: Order): LikertVerdict {
  if (order === 'AB') return shown;
  return ({ 'A>>B': 'B>>A', 'A>B': 'B>A', 'A=B': 'A=B', 'B>A': 'A>B', 'B>>A': 'A>>B' } as const)[shown];
}

export function likertWinner(verdict: LikertVerdict): Winner {
  return verdict === 'A=B' ? 'TIE' : verdict.startsWith('A') ? 'A' : 'B';
}

function passFromReply(
  pass: number,
  order: Order,
  reply: PairwiseReply,
  likert5: boolean,
  criteria: readonly Criterion[],
  warnings: string[],
): PairwisePass {
  const shownWinner: Winner = likert5 ? likertWinner(reply.verdict as LikertVerdict) : (reply.verdict as Winner);
  const known = new Set(criteria.map((c) => normaliseName(c.name)));
  const perCriterion = reply.comparison.flatMap((c) => {
    if (!known.has(normaliseName(c.criterion))) {
      warnings.push(`pass ${pass + 1}: unknown criterion "${c.criterion}" ignored`);
      return [];
    }
    return [{ criterion: c.criterion, winner: mapWinner(c.winner, order), reasoning: c.reasoning }];
  });
  // The analysis of the response shown first belongs to whichever response was first in this pass.
  const analysis =
    order === 'AB' ? reply.analysis : { responseA: reply.analysis.responseB, responseB: reply.analysis.responseA };
  return {
    pass: pass + 1,
    order,
    status: 'judged',
    rawVerdict: reply.verdict,
    winner: mapWinner(shownWinner, order),
    likert: likert5 ? mapLikert(reply.verdict as LikertVerdict, order) : null,
    confidence: reply.confidence,
    pickedFirstPosition: shownWinner === 'TIE' ? null : shownWinner === 'A',
    evidence: reply.evidence,
    reasoning: reply.reasoning,
    analysis,
    criteria: perCriterion,
    differentiators: reply.differentiators,
  };
}

type Votes = { A: number; B: number; TIE: number };

/** Majority (more than half of the votes cast) or TIE. */
export function majority(winners: readonly Winner[]): { winner: Winner; votes: Votes; decided: boolean } {
  const votes: Votes = { A: 0, B: 0, TIE: 0 };
  for (const w of winners) votes[w] += 1;
  const top = (['A', 'B', 'TIE'] as const).find((w) => votes[w] * 2 > winners.length);
  return top === undefined ? { winner: 'TIE', votes, decided: false } : { winner: top, votes, decided: true };
}

/** Confidence calibration: x0.6 when passes disagree, x(0.7 + 0.3 min(evidence/3, 1)), capped at 0.99. */
export function calibrateConfidence(raw: number, consistent: boolean, evidenceCount: number): number {
  const positional = consistent ? 1 : 0.6;
  const evidence = 0.7 + 0.3 * Math.min(evidenceCount / 3, 1);
  return Math.min(0.99, raw * positional * evidence);
}

/** Combine mapped-back passes into one verdict. Pure, so the voting rules are testable alone. */
export function aggregatePasses(passes: readonly PairwisePass[], criteria: readonly Criterion[], likert5: boolean) {
  const usable = passes.filter(
    (p): p is PairwisePass & { winner: Winner; confidence: number } => p.winner !== null && p.confidence !== null,
  );
  const { winner, votes, decided } = majority(usable.map((p) => p.winner));
  const consistent = usable.length >= 2 && usable.every((p) => p.winner === usable[0]?.winner);
  const agreeing = decided ? usable.filter((p) => p.winner === winner) : usable;
  const meanOf = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);
  const rawConfidence =
    usable.length === 0
      ? 0
      : decided
        ? meanOf(agreeing.map((p) => p.confidence)) * (agreeing.length / usable.length)
        : 0.5;
  const evidenceCount = meanOf(agreeing.map((p) => p.evidence.length));
  const weightA = usable.filter((p) => p.winner === 'A').reduce((s, p) => s + p.confidence, 0);
  const weightB = usable.filter((p) => p.winner === 'B').reduce((s, p) => s + p.confidence, 0);
  const leaning: Winner | null = consistent || weightA === weightB ? null : weightA > weightB ? 'A' : 'B';
  let likert: LikertVerdict | null = null;
  if (likert5 && usable.length > 0) {
    const strong = agreeing.filter((p) => p.likert === 'A>>B' || p.likert === 'B>>A').length;
    likert =
      winner === 'TIE'
        ? 'A=B'
        : strong * 2 >= agreeing.length
          ? (`${winner}>>${winner === 'A' ? 'B' : 'A'}` as LikertVerdict)
          : (`${winner}>${winner === 'A' ? 'B' : 'A'}` as LikertVerdict);
  }
  const perCriterion = criteria.map((c) => {
    const key = normaliseName(c.name);
    const said = usable.flatMap((p) =>
      p.criteria
        .filter((v) => normaliseName(v.criterion) === key)
        .slice(0, 1)
        .map((v) => v.winner),
    );
    const m = majority(said);
    return { criterion: c.name, winner: m.winner, votes: m.votes };
  });
  return {
    winner: usable.length === 0 ? ('TIE' as const) : winner,
    likert,
    votes,
    consistent,
    leaning,
    rawConfidence,
    confidence: calibrateConfidence(rawConfidence, consistent, evidenceCount),
    criteria: perCriterion,
    usable: usable.length,
  };
}

export async function comparePair(
  provider: Provider,
  input: CompareInput,
  options: CompareOptions,
): Promise<PairwiseResult> {
  const criteria = parseCriteria(options.criteria ?? DEFAULT_COMPARE_CRITERIA);
  const passCount = options.passes ?? 2;
  if (!Number.isInteger(passCount) || passCount < 1)
    throw new RangeError(`passes must be a positive integer, got ${passCount}`);
  const allowTies = options.allowTies ?? true;
  const likert5 = options.likert5 ?? false;
  const schema = pairwiseReplySchema(allowTies, likert5);
  const warnings: string[] = [];
  const costs: CallCost[] = [];
  let judgeModel = options.model;
  let judgeProvider = provider.name;

  const runPass = async (pass: number): Promise<PairwisePass> => {
    const order = orderOfPass(pass);
    const [first, second] = order === 'AB' ? [input.responseA, input.responseB] : [input.responseB, input.responseA];
    const user = fill(PAIRWISE_TEMPLATE.user, {
      tieRule: allowTies
        ? 'Ties are acceptable when the responses are genuinely equivalent.'
        : 'Ties are not allowed: pick the better response even when the difference is small.',
      verdictRule: likert5
        ? 'as one of A>>B (A much better), A>B (A better), A=B (equivalent), B>A (B better), B>>A (B much better)'
        : allowTies
          ? 'as A, B or TIE'
          : 'as A or B',
      prompt: input.prompt,
      context: contextSection(input),
      responseA: first,
      responseB: second,
      criteria: renderCriteria(criteria, true),
    });
    const unmeasuredPass = (reason: string): PairwisePass => {
      warnings.push(`pass ${pass + 1} (${order}) unmeasured: ${reason}`);
      return {
        pass: pass + 1,
        order,
        status: 'unmeasured',
        reason,
        rawVerdict: null,
        winner: null,
        likert: null,
        confidence: null,
        pickedFirstPosition: null,
        evidence: [],
        reasoning: '',
        analysis: null,
        criteria: [],
        differentiators: [],
      };
    };
    const call = provider.complete({
      model: options.model,
      system: PAIRWISE_TEMPLATE.system,
      messages: [{ role: 'user', content: user }],
      schema,
      schemaName: 'pairwise_verdict',
      temperature: 0,
      maxTokens: options.maxTokens ?? 4096,
      // Identical prompts (e.g. pass 3 repeats pass 1's order) must be separate samples, not cache replays.
      sampleIndex: pass,
      signal: options.signal,
    });
    let result: Awaited<typeof call>;
    try {
      result = await call;
    } catch (error) {
      // One call's failure leaves this pass unmeasured; a fatal one (bad key, unknown model) stops the run.
      if (!(error instanceof ProviderError) || error.fatal !== undefined) throw error;
      return unmeasuredPass(`provider failure (not a property of the responses): ${error.message}`);
    }
    costs.push(usageOfCall(result));
    judgeModel = result.model || judgeModel;
    judgeProvider = result.provider;
    if (!result.ok) return unmeasuredPass(result.reason);
    return passFromReply(pass, order, result.value, likert5, criteria, warnings);
  };

  const passes = await Promise.all(Array.from({ length: passCount }, (_unused, i) => runPass(i)));
  const agg = aggregatePasses(passes, criteria, likert5);
  if (agg.usable === 1 && passCount > 1) warnings.push('only one pass was usable: position bias could not be checked');
  if (passCount === 1) warnings.push('single pass: position bias is not controlled');
  return {
    kind: 'pairwise',
    ...(input.id !== undefined ? { id: input.id } : {}),
    status: agg.usable === 0 ? 'unmeasured' : 'judged',
    ...(agg.usable === 0 ? { reason: 'no pass gave a usable verdict' } : {}),
    winner: agg.winner,
    likert: agg.likert,
    confidence: agg.confidence,
    rawConfidence: agg.rawConfidence,
    consistent: agg.consistent,
    leaning: agg.leaning,
    votes: agg.votes,
    criteria: agg.criteria,
    passes,
    lengthA: input.responseA.length,
    lengthB: input.responseB.length,
    ...(input.modelA !== undefined ? { modelA: input.modelA } : {}),
    ...(input.modelB !== undefined ? { modelB: input.modelB } : {}),
    allowTies,
    judge: { model: judgeModel, provider: judgeProvider, prompt: promptVersion(PAIRWISE_TEMPLATE) },
    cost: sumUsage(costs),
    warnings,
    // A verdict on fewer passes than asked is partial: the missing orders are what position bias is controlled by.
    gaps:
      agg.usable === 0
        ? []
        : passes
            .filter((p) => p.status === 'unmeasured')
            .map((p) => `pass ${p.pass} (${p.order}) gave no verdict: ${p.reason ?? 'unmeasured'}`),
  };
}

export async function comparePairs(
  provider: Provider,
  items: readonly CompareInput[],
  options: CompareOptions,
): Promise<PairwiseResult[]> {
  const limit = pLimit(options.concurrency ?? 2);
  return Promise.all(items.map((item) => limit(() => comparePair(provider, item, options))));
}
