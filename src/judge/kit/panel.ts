/**
 * Scaling direct scoring: a panel of judges (PoLL: per criterion the mean with a 95% t-interval across
 * judges, the one aggregation rule of src/judge/kit/aggregate.ts that the judge layer uses too, plus spread
 * and agreement) and hierarchical screening (a cheap model clears obvious passes, everything else is
 * escalated to the main judge or panel).
 */
import pLimit from 'p-limit';
import type { Provider } from '../../providers/index.js';
import { sampleStd } from '../../stats/index.js';
import { aggregateJudges } from './aggregate.js';
import { displayed } from '../../score/display.js';
import { sumUsage } from '../../providers/pricing.js';
import { SCREEN_DECIMALS } from './thresholds.js';
import { normalise, normaliseName, parseCriteria, scoreDirect, weightedMean } from './direct.js';
import type { DirectOptions, ScoreInput } from './direct.js';
import type { PanelResult, ScreenedResult } from './report-schemas.js';
import type { Criterion, DirectScoreResult, Scale } from './schemas.js';

export interface JudgeRef {
  provider: Provider;
  model: string;
}

export type PanelOptions = Omit<DirectOptions, 'model'>;

/** Share of judge pairs whose scores are at most one point apart; null below two judges. */
export function pairAgreement(scores: readonly number[]): number | null {
  if (scores.length < 2) return null;
  let pairs = 0;
  let close = 0;
  for (let i = 0; i < scores.length; i++) {
    for (let j = i + 1; j < scores.length; j++) {
      pairs++;
      if (Math.abs((scores[i] as number) - (scores[j] as number)) <= 1) close++;
    }
  }
  return close / pairs;
}

/** Combine the judges' results (pure). Criteria are matched by name, never by position. */
export function aggregatePanel(
  results: readonly DirectScoreResult[],
  criteria: readonly Criterion[],
  scale: Scale,
  id?: string,
): PanelResult {
  const rows = criteria.map((c) => {
    const scores = results.map(
      (r) => r.scores.find((s) => normaliseName(s.criterion) === normaliseName(c.name))?.score ?? null,
    );
    const present = scores.filter((s): s is number => s !== null);
    const combined = aggregateJudges(present, { low: 1, high: scale });
    return {
      criterion: c.name,
      weight: c.weight,
      scores,
      mean: combined?.score ?? null,
      ciLow: combined?.ciLow ?? null,
      ciHigh: combined?.ciHigh ?? null,
      stdev: combined?.stdev ?? null,
      agreement: pairAgreement(present),
    };
  });
  const scored = rows.filter((r): r is typeof r & { mean: number } => r.mean !== null);
  const overallScore = scored.length > 0 ? scored.reduce((s, r) => s + r.mean, 0) / scored.length : null;
  const weightedScore = weightedMean(scored.map((r) => ({ score: r.mean, weight: r.weight })));
  const judgeScores = results.map((r) => r.weightedScore).filter((s): s is number => s !== null);
  const warnings = results
    .filter((r) => r.status === 'unmeasured')
    .map((r) => `judge ${r.judge.model} gave no usable scores: ${r.reason ?? 'unknown reason'}`);
  const status = scored.length > 0 ? 'scored' : 'unmeasured';
  // A panel that stands on fewer judges than it has measured only in part, as a judge layer panel does (exit 3).
  const gaps =
    status === 'unmeasured'
      ? []
      : [...warnings, ...results.flatMap((r) => r.gaps.map((g) => `judge ${r.judge.model}: ${g}`))];
  return {
    kind: 'panel',
    ...(id !== undefined ? { id } : {}),
    status,
    scale,
    criteria: rows,
    overallScore,
    weightedScore,
    normalisedScore: normalise(weightedScore, scale),
    judgeStdev: judgeScores.length >= 2 ? sampleStd(judgeScores) : null,
    judges: [...results],
    cost: sumUsage(results.map((r) => r.cost)),
    warnings,
    gaps,
  };
}

export async function scorePanel(
  judges: readonly JudgeRef[],
  input: ScoreInput,
  options: PanelOptions,
): Promise<PanelResult> {
  if (judges.length === 0) throw new RangeError('a panel needs at least one judge');
  const criteria = parseCriteria(options.criteria);
  const results = await Promise.all(judges.map((j) => scoreDirect(j.provider, input, { ...options, model: j.model })));
  return aggregatePanel(results, criteria, options.scale ?? 5, input.id);
}

export interface ScreenOptions extends PanelOptions {
  /** Normalised (0-1) score the screen must EXCEED for its result to stand; default 0.7. */
  threshold?: number;
}

/**
 * Screening rule: the screen model scores the item with the same prompt. If its normalised weighted
 * score is above the threshold, that result stands (`decidedBy: 'screen'`). Anything at or below
 * the threshold, or unmeasured, is escalated to the main judge(s), whose result is final; the
 * screen result is kept either way. A cheap judge may clear clear passes, never fail an item.
 */
export async function scoreScreened(
  screen: JudgeRef,
  main: JudgeRef | readonly JudgeRef[],
  input: ScoreInput,
  options: ScreenOptions,
): Promise<ScreenedResult> {
  const threshold = options.threshold ?? 0.7;
  if (!(threshold >= 0 && threshold <= 1))
    throw new RangeError(`screen threshold must be within 0-1, got ${threshold}`);
  const screened = await scoreDirect(screen.provider, input, { ...options, model: screen.model });
  const screenScore = screened.normalisedScore;
  const base = {
    kind: 'screened' as const,
    ...(input.id !== undefined ? { id: input.id } : {}),
    threshold,
    screenScore,
    screen: screened,
  };
  // Compared as shown (two decimals): a screen shown 0.70 never clears a threshold of 0.7.
  if (screenScore !== null && displayed(screenScore, SCREEN_DECIMALS) > threshold)
    return { ...base, decidedBy: 'screen', final: screened };
  const final = Array.isArray(main)
    ? await scorePanel(main as readonly JudgeRef[], input, options)
    : await scoreDirect((main as JudgeRef).provider, input, { ...options, model: (main as JudgeRef).model });
  return { ...base, decidedBy: 'judge', final };
}

export interface JudgeScoreOptions extends ScreenOptions {
  /** Single judge model (ignored when `judgeModels` is given). */
  model?: string;
  /** Two or more models form a panel (PoLL). */
  judgeModels?: readonly string[];
  /** Cheap model that screens first (see `scoreScreened`). */
  screenModel?: string;
}

/** One entry point over one provider: direct, panel or screened scoring, chosen by the options. */
export async function judgeScore(provider: Provider, input: ScoreInput, options: JudgeScoreOptions) {
  const models = options.judgeModels && options.judgeModels.length > 0 ? options.judgeModels : [options.model];
  if (models.some((m) => m === undefined)) throw new RangeError('judgeScore needs `model` or `judgeModels`');
  const judges = (models as string[]).map((model) => ({ provider, model }));
  const main: JudgeRef | JudgeRef[] = judges.length > 1 ? judges : (judges[0] as JudgeRef);
  if (options.screenModel !== undefined)
    return scoreScreened({ provider, model: options.screenModel }, main, input, options);
  if (Array.isArray(main)) return scorePanel(main, input, options);
  return scoreDirect(provider, input, { ...options, model: (main as JudgeRef).model });
}

/** Run any of the three item scorers over a batch, keeping input order. */
export async function mapBatch<I, R>(
  items: readonly I[],
  concurrency: number,
  run: (item: I) => Promise<R>,
): Promise<R[]> {
  const limit = pLimit(concurrency);
  return Promise.all(items.map((item) => limit(() => run(item))));
}
