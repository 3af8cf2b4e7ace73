/**
 * Bias report over a batch of judgements: position bias (a z-test on how often the response shown
 * first won), length bias (Spearman between length and score, or between length difference and
 * outcome), the length-controlled win rate, and a self-enhancement warning when the judge and a
 * candidate come from the same model family.
 */
import { normalCdf, positionConsistency, spearman } from '../../stats/index.js';
import { displayed } from '../../score/display.js';
import { levelOf, METRIC_DECIMALS } from './thresholds.js';
import { battlesOf, lengthControlledWinRate, outcomeOf } from './length-control.js';
import type { BiasReport, LengthControlledWinRate, ScoreItemResult } from './report-schemas.js';
import type { DirectScoreResult, PairwiseResult, Winner } from './schemas.js';

const FAMILIES: readonly [string, RegExp][] = [
  ['claude', /claude|anthropic|^(haiku|sonnet|opus)\b/i],
  ['gpt', /gpt|openai|chatgpt|^o\d/i],
  ['gemini', /gemini|gemma|palm|bard/i],
  ['llama', /llama/i],
  ['mistral', /mistral|mixtral|codestral|ministral/i],
  ['qwen', /qwen|qwq/i],
  ['deepseek', /deepseek/i],
  ['grok', /grok/i],
  ['phi', /(^|[^a-z])phi-?\d/i],
  ['command', /command-r|cohere/i],
];

/** Model family of a model id or alias, or null when unknown. */
export function modelFamily(model: string): string | null {
  const id = model.split('/').pop() ?? model;
  return FAMILIES.find(([, re]) => re.test(id))?.[0] ?? null;
}

export function selfEnhancementWarnings(judgeModels: readonly string[], candidateModels: readonly string[]): string[] {
  const out = new Set<string>();
  for (const judge of new Set(judgeModels)) {
    const family = modelFamily(judge);
    if (family === null) continue;
    for (const candidate of new Set(candidateModels)) {
      if (modelFamily(candidate) === family) {
        out.add(
          `judge ${judge} and candidate ${candidate} are both ${family} models: self-enhancement bias is ` +
            `possible; use a judge from another family or a panel`,
        );
      }
    }
  }
  return [...out];
}

/** Two-sided z-test of first-position wins against 50% (normal approximation to the binomial). */
export function positionZTest(firstWins: number, decisive: number): { z: number; p: number } | null {
  if (decisive === 0) return null;
  const z = (firstWins - decisive / 2) / Math.sqrt(decisive / 4);
  return { z, p: 2 * (1 - normalCdf(Math.abs(z))) };
}

function lengthReading(
  basis: 'score-vs-length' | 'outcome-vs-length-difference',
  x: number[],
  y: number[],
): NonNullable<BiasReport['length']> | null {
  if (x.length < 3) return null;
  const { rho, p } = spearman(x, y);
  const finiteRho = Number.isFinite(rho) ? rho : null;
  return {
    basis,
    rho: finiteRho,
    p: Number.isFinite(p) ? p : null,
    // The reference monitor's rule: a clearly positive, significant correlation.
    // Decided on the numbers as reported (rho to METRIC_DECIMALS, p to four decimals).
    biased: finiteRho !== null && displayed(finiteRho, METRIC_DECIMALS) > 0.3 && displayed(p, 4) < 0.05,
    level: finiteRho === null ? null : levelOf('lengthCorrelation', Math.abs(finiteRho)),
  };
}

export interface BiasOptions {
  /** Judge model(s) to check for self-enhancement, in addition to those recorded in the results. */
  judgeModels?: readonly string[];
  /** Models that wrote the judged responses (pairwise results also record modelA/modelB). */
  candidateModels?: readonly string[];
}

export function pairwiseBiasReport(results: readonly PairwiseResult[], options: BiasOptions = {}): BiasReport {
  const judged = results.filter((r) => r.status === 'judged');
  const passes = judged.flatMap((r) => r.passes).filter((p) => p.pickedFirstPosition !== null);
  const firstWins = passes.filter((p) => p.pickedFirstPosition === true).length;
  const test = positionZTest(firstWins, passes.length);
  const swapped = judged.filter(
    (r) => r.passes.length >= 2 && r.passes[0]?.winner != null && r.passes[1]?.winner != null,
  );
  const consistency =
    swapped.length > 0
      ? positionConsistency(
          swapped.map((r) => r.passes[0]?.winner as Winner),
          swapped.map((r) => r.passes[1]?.winner as Winner),
        )
      : null;
  const length = lengthReading(
    'outcome-vs-length-difference',
    judged.map((r) => r.lengthA - r.lengthB),
    judged.map((r) => 2 * outcomeOf(r.winner) - 1),
  );
  let lengthControlled: LengthControlledWinRate | null = null;
  if (judged.length >= 2) lengthControlled = lengthControlledWinRate(battlesOf(judged));
  const selfEnhancement = selfEnhancementWarnings(
    [...judged.map((r) => r.judge.model), ...(options.judgeModels ?? [])],
    [
      ...judged.flatMap((r) => [r.modelA, r.modelB].filter((m): m is string => m !== undefined)),
      ...(options.candidateModels ?? []),
    ],
  );
  const position = {
    decisivePasses: passes.length,
    firstPositionWins: firstWins,
    firstPositionRate: passes.length > 0 ? firstWins / passes.length : null,
    z: test?.z ?? null,
    p: test?.p ?? null,
    biased: test !== null && Math.abs(displayed(test.z, 2)) > 2,
    consistency,
  };
  return {
    kind: 'bias',
    n: judged.length,
    position,
    length,
    lengthControlled,
    selfEnhancement,
    findings: findings(position, length, lengthControlled, selfEnhancement),
  };
}

const directOf = (r: ScoreItemResult): DirectScoreResult | null =>
  r.kind === 'direct' ? r : r.kind === 'screened' && r.final.kind === 'direct' ? r.final : null;

export function scoreBiasReport(results: readonly ScoreItemResult[], options: BiasOptions = {}): BiasReport {
  const scored = results.filter((r) => (r.kind === 'screened' ? r.final.weightedScore : r.weightedScore) !== null);
  const lengths = scored.map((r) =>
    r.kind === 'panel'
      ? (r.judges[0]?.responseLength ?? 0)
      : r.kind === 'screened'
        ? r.screen.responseLength
        : r.responseLength,
  );
  const scores = scored.map((r) => (r.kind === 'screened' ? r.final.weightedScore : r.weightedScore) as number);
  const length = lengthReading('score-vs-length', lengths, scores);
  const judgeModels = results
    .flatMap((r) => (r.kind === 'panel' ? r.judges.map((j) => j.judge.model) : [directOf(r)?.judge.model ?? '']))
    .filter((m) => m !== '');
  const selfEnhancement = selfEnhancementWarnings(
    [...judgeModels, ...(options.judgeModels ?? [])],
    options.candidateModels ?? [],
  );
  return {
    kind: 'bias',
    n: scored.length,
    position: null,
    length,
    lengthControlled: null,
    selfEnhancement,
    findings: findings(null, length, null, selfEnhancement),
  };
}

function findings(
  position: BiasReport['position'],
  length: BiasReport['length'],
  lc: LengthControlledWinRate | null,
  selfEnhancement: readonly string[],
): string[] {
  const out: string[] = [];
  if (position?.biased && position.firstPositionRate !== null) {
    out.push(
      `position bias: the first-shown response won ${(100 * position.firstPositionRate).toFixed(1)}% of ` +
        `decisive passes (z = ${position.z?.toFixed(2)}, p = ${position.p?.toPrecision(2)})`,
    );
  }
  if (position?.consistency != null && displayed(100 * position.consistency, 0) < 80)
    out.push(`only ${(100 * position.consistency).toFixed(0)}% of pairs got the same verdict in both orders`);
  if (length?.biased)
    out.push(
      `length bias: Spearman rho = ${length.rho?.toFixed(METRIC_DECIMALS)} (p = ${length.p?.toFixed(4)}) ` +
        `between length and ${length.basis === 'score-vs-length' ? 'score' : 'outcome'}`,
    );
  if (lc && lc.converged && Math.abs(lc.lcWinRate - lc.winRate) >= 5)
    out.push(`length control moves the win rate from ${lc.winRate.toFixed(1)}% to ${lc.lcWinRate.toFixed(1)}%`);
  out.push(...selfEnhancement);
  if (out.length === 0) out.push('no bias detected at these sample sizes');
  return out;
}
