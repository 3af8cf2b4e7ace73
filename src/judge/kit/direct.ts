/**
 * Direct scoring: one judge call rates one response on every criterion. The reply schema puts
 * evidence and justification before each score (reasoning first measurably steadies scores), and
 * the reply is matched to the criteria by NAME and rounded before scoring. A score outside the scale makes
 * the reply invalid (the provider's single repair request, then `unmeasured`): it is never clamped.
 */
import pLimit from 'p-limit';
import { z } from 'zod';
import type { Provider } from '../../providers/index.js';
import { ProviderError } from '../../errors.js';
import { emptyUsage, usageOfCall } from '../../providers/pricing.js';
import { DIRECT_TEMPLATE, contextSection, fill, promptVersion, renderCriteria } from './prompts.js';
import { Criterion } from './schemas.js';
import type { CriterionInput, CriterionScore, DirectScoreResult, Scale } from './schemas.js';

export interface ScoreInput {
  id?: string | undefined;
  prompt: string;
  response: string;
  context?: string | undefined;
  reference?: string | undefined;
}

export interface LengthNormalisation {
  /** Length (characters) that draws no penalty; default 500. */
  targetLength?: number;
}

export interface DirectOptions {
  model: string;
  criteria: readonly CriterionInput[];
  scale?: Scale;
  /** Penalise responses far longer or shorter than the target (see `lengthPenalty`). */
  lengthNormalise?: boolean | LengthNormalisation;
  maxTokens?: number;
  signal?: AbortSignal;
  /** How many items of a batch are judged at once (the provider limits requests further). */
  concurrency?: number;
}

/** The judge's reply. Field order matters: the model writes evidence and justification first. */
export function directReplySchema(scale: Scale) {
  return z.object({
    scores: z.array(
      z.object({
        criterion: z.string().describe('Criterion name exactly as given'),
        evidence: z.array(z.string()).describe('Specific quotes or references from the response'),
        justification: z.string(),
        score: z.number().min(1).max(scale).describe(`Integer from 1 to ${scale}`),
        improvement: z.string().describe('One specific improvement'),
      }),
    ),
    summary: z.object({
      assessment: z.string(),
      strengths: z.array(z.string()),
      weaknesses: z.array(z.string()),
      priorities: z.array(z.string()),
    }),
  });
}
export type DirectReply = z.infer<ReturnType<typeof directReplySchema>>;

export function normaliseName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/** Validate criteria once (defaults for weight/description) and refuse duplicate names. */
export function parseCriteria(criteria: readonly CriterionInput[]): Criterion[] {
  if (criteria.length === 0) throw new RangeError('at least one criterion is needed');
  const parsed = criteria.map((c) => Criterion.parse(c));
  const seen = new Set<string>();
  for (const c of parsed) {
    const key = normaliseName(c.name);
    if (seen.has(key)) throw new RangeError(`criterion "${c.name}" is listed twice`);
    seen.add(key);
  }
  return parsed;
}

/**
 * Length penalty of the reference method, scaled to the scale's width (its constants were set for
 * 1-5): ratio r = length / target; r > 2 costs (r - 2) x 0.1 points, r < 0.3 costs (0.3 - r) x 0.5.
 */
export function lengthPenalty(length: number, scale: Scale, targetLength = 500): number {
  const ratio = length / targetLength;
  const width = (scale - 1) / 4;
  if (ratio > 2) return (ratio - 2) * 0.1 * width;
  if (ratio < 0.3) return (0.3 - ratio) * 0.5 * width;
  return 0;
}

export function weightedMean(pairs: readonly { score: number; weight: number }[]): number | null {
  const total = pairs.reduce((s, p) => s + p.weight, 0);
  if (pairs.length === 0 || total <= 0) return null;
  return pairs.reduce((s, p) => s + p.score * p.weight, 0) / total;
}

export function normalise(score: number | null, scale: Scale): number | null {
  return score === null ? null : (score - 1) / (scale - 1);
}

function buildPrompt(input: ScoreInput, criteria: readonly Criterion[], scale: Scale): string {
  return fill(DIRECT_TEMPLATE.user, {
    max: String(scale),
    prompt: input.prompt,
    context: contextSection(input),
    response: input.response,
    criteria: renderCriteria(criteria, true),
  });
}

/** A criterion the judge left unscored. */
const unscored = (c: Criterion): CriterionScore => ({
  criterion: c.name,
  weight: c.weight,
  evidence: [],
  justification: '',
  score: null,
  improvement: '',
  adjustments: [],
});

/** The result when no criterion was scored (the call failed, or its reply was unusable): every score null. */
function unmeasured(
  head: Pick<DirectScoreResult, 'kind' | 'id' | 'scale' | 'responseLength' | 'lengthNormalised' | 'judge' | 'cost'>,
  criteria: readonly Criterion[],
  reason: string,
): DirectScoreResult {
  return {
    ...head,
    status: 'unmeasured',
    reason,
    scores: criteria.map(unscored),
    overallScore: null,
    weightedScore: null,
    normalisedScore: null,
    summary: null,
    warnings: [],
    gaps: [],
  };
}

/** Score one response. A reply that cannot be used gives status `unmeasured`, never a low score. */
export async function scoreDirect(
  provider: Provider,
  input: ScoreInput,
  options: DirectOptions,
): Promise<DirectScoreResult> {
  const criteria = parseCriteria(options.criteria);
  const scale = options.scale ?? 5;
  const schema = directReplySchema(scale);
  const call = provider.complete({
    model: options.model,
    system: DIRECT_TEMPLATE.system,
    messages: [{ role: 'user', content: buildPrompt(input, criteria, scale) }],
    schema,
    schemaName: 'direct_score',
    temperature: 0,
    maxTokens: options.maxTokens ?? 4096,
    signal: options.signal,
  });
  const headOf = (judge: DirectScoreResult['judge'], cost: DirectScoreResult['cost']) => ({
    kind: 'direct' as const,
    ...(input.id !== undefined ? { id: input.id } : {}),
    scale,
    responseLength: input.response.length,
    lengthNormalised: Boolean(options.lengthNormalise),
    judge,
    cost,
  });
  let result: Awaited<typeof call>;
  try {
    result = await call;
  } catch (error) {
    // A failure of this one call (a 5xx that outlived the retries) leaves this item unmeasured and the batch
    // going; one that no call can survive (NotMeasuredError, fatal) stops the run.
    if (!(error instanceof ProviderError) || error.fatal !== undefined) throw error;
    const judge = { model: options.model, provider: provider.name, prompt: promptVersion(DIRECT_TEMPLATE) };
    return unmeasured(
      headOf(judge, emptyUsage()),
      criteria,
      `provider failure (not a property of the response): ${error.message}`,
    );
  }
  const base = headOf(
    { model: result.model || options.model, provider: result.provider, prompt: promptVersion(DIRECT_TEMPLATE) },
    usageOfCall(result),
  );
  if (!result.ok) return unmeasured(base, criteria, result.reason);
  const target = typeof options.lengthNormalise === 'object' ? options.lengthNormalise.targetLength : undefined;
  const penalty = options.lengthNormalise ? lengthPenalty(input.response.length, scale, target) : 0;
  const read = readReply(result.value, result.adjustments, criteria, scale, penalty);
  if (read.weightedScore === null)
    return { ...base, status: 'unmeasured', reason: 'the judge scored none of the criteria', ...read, gaps: [] };
  // A skipped criterion is left out of the averages: the score then rests on less than was asked.
  const gaps = read.scores
    .filter((s) => s.score === null)
    .map((s) => `criterion "${s.criterion}": the judge did not score it`);
  return { ...base, status: 'scored', ...read, gaps };
}

/** Match the reply's scores to the criteria by name and turn them into final scores. */
export function readReply(
  reply: DirectReply,
  providerAdjustments: readonly string[],
  criteria: readonly Criterion[],
  scale: Scale,
  penalty = 0,
) {
  const warnings: string[] = [];
  const byName = new Map<string, { entry: DirectReply['scores'][number]; index: number }>();
  reply.scores.forEach((entry, index) => {
    const key = normaliseName(entry.criterion);
    if (byName.has(key)) warnings.push(`the judge scored "${entry.criterion}" twice; the first score is used`);
    else byName.set(key, { entry, index });
  });
  const known = new Set(criteria.map((c) => normaliseName(c.name)));
  for (const entry of reply.scores) {
    if (!known.has(normaliseName(entry.criterion)))
      warnings.push(`the judge scored an unknown criterion "${entry.criterion}"; ignored`);
  }
  // The provider reads numeric strings before we see the reply; keep its notes on the right criterion.
  const noteFor = (index: number): string[] =>
    providerAdjustments
      .filter((a) => a.startsWith(`scores[${index}].score:`))
      .map((a) => a.replace(/^scores\[\d+\]\.score: /, 'judge said '));

  const scores: CriterionScore[] = criteria.map((c) => {
    const found = byName.get(normaliseName(c.name));
    if (found === undefined) {
      warnings.push(`the judge did not score "${c.name}"`);
      return unscored(c);
    }
    const adjustments = noteFor(found.index);
    // The reply schema bounds every score to 1..scale, so only rounding is left to do.
    const said = found.entry.score;
    let score = Math.round(said);
    if (score !== said) adjustments.push(`${said} rounded to ${score}`);
    if (penalty > 0) {
      const penalised = Math.max(1, score - penalty);
      adjustments.push(`length penalty ${(score - penalised).toFixed(2)}`);
      score = penalised;
    }
    const { evidence, justification, improvement } = found.entry;
    return { criterion: c.name, weight: c.weight, evidence, justification, score, improvement, adjustments };
  });
  const measured = scores.filter((s): s is CriterionScore & { score: number } => s.score !== null);
  const overallScore = measured.length > 0 ? measured.reduce((s, m) => s + m.score, 0) / measured.length : null;
  const weightedScore = weightedMean(measured);
  return {
    scores,
    overallScore,
    weightedScore,
    normalisedScore: normalise(weightedScore, scale),
    summary: reply.summary,
    warnings,
  };
}

/** Score many items with bounded concurrency; results keep the input order. */
export async function scoreDirectBatch(
  provider: Provider,
  items: readonly ScoreInput[],
  options: DirectOptions,
): Promise<DirectScoreResult[]> {
  const limit = pLimit(options.concurrency ?? 4);
  return Promise.all(items.map((item) => limit(() => scoreDirect(provider, item, options))));
}
