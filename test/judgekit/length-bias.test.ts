import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  emptyUsage,
  BiasReport,
  fitLogistic,
  lengthControlledWinRate,
  modelFamily,
  pairwiseBiasReport,
  positionZTest,
  scoreBiasReport,
  selfEnhancementWarnings,
  summariseCompareBatch,
  weightedWinRate,
} from '../../src/judge/kit/index.js';
import type {
  DirectScoreResult,
  LengthBattle,
  PairwisePass,
  PairwiseResult,
  Winner,
} from '../../src/judge/kit/index.js';

interface LcExpected {
  covariate: 'tanh' | 'linear';
  winRate: number;
  intercept: number;
  lengthCoefficient: number;
  interceptSe: number;
  lcWinRate: number;
  lcInterval: [number, number];
}
const reference = JSON.parse(readFileSync(new URL('../fixtures/judgekit/reference.json', import.meta.url), 'utf8')) as {
  lengthControlled: { name: string; battles: LengthBattle[]; expected: LcExpected[] }[];
  position: { firstPositionWins: number; decisivePasses: number; z: number; p: number }[];
  lengthSpearman: { lengths: number[]; scores: number[]; rho: number; p: number };
};

describe('length-controlled win rate vs statsmodels GLM (scripts/judgekit_reference.py)', () => {
  for (const set of reference.lengthControlled) {
    for (const expected of set.expected) {
      it(`${set.name}, ${expected.covariate} covariate`, () => {
        const lc = lengthControlledWinRate(set.battles, expected.covariate);
        expect(lc.converged).toBe(true);
        expect(lc.winRate).toBeCloseTo(expected.winRate, 10);
        expect(lc.intercept).toBeCloseTo(expected.intercept, 8);
        expect(lc.lengthCoefficient).toBeCloseTo(expected.lengthCoefficient, 8);
        expect(lc.interceptSe).toBeCloseTo(expected.interceptSe, 8);
        expect(lc.lcWinRate).toBeCloseTo(expected.lcWinRate, 7);
        expect(lc.lcInterval?.[0]).toBeCloseTo(expected.lcInterval[0], 6);
        expect(lc.lcInterval?.[1]).toBeCloseTo(expected.lcInterval[1], 6);
      });
    }
  }

  it('a length-loving judge: the LC win rate moves back toward 50%', () => {
    // A wins when it is the longer answer (24 of 40), except every fifth battle goes the other way.
    const battles: LengthBattle[] = Array.from({ length: 40 }, (_u, i) => {
      const lengthA = 300 + 40 * i;
      return { winner: lengthA > 900 !== (i % 5 === 0) ? 'A' : 'B', lengthA, lengthB: 900 };
    });
    const lc = lengthControlledWinRate(battles, 'linear');
    expect(lc.winRate).toBe(60);
    expect(lc.lengthCoefficient).toBeGreaterThan(1);
    // statsmodels: intercept 0.06825284 -> 51.71%
    expect(lc.lcWinRate).toBeCloseTo(51.70565887692363, 5);
  });

  it('reports the raw rate when every battle has the same winner or lengths separate outcomes', () => {
    const same = lengthControlledWinRate([
      { winner: 'A', lengthA: 1, lengthB: 2 },
      { winner: 'A', lengthA: 5, lengthB: 2 },
    ]);
    expect(same).toMatchObject({ winRate: 100, lcWinRate: 100, converged: false, intercept: null });
    const separated = lengthControlledWinRate(
      [1, 2, 3, 4, 5, 6].map((i) => ({ winner: (i > 3 ? 'A' : 'B') as Winner, lengthA: 100 * i, lengthB: 350 })),
    );
    expect(separated.converged).toBe(false);
    expect(separated.lcWinRate).toBe(50);
    expect(separated.note).toMatch(/did not converge/);
  });

  it('fits an intercept-only model when lengths never differ', () => {
    const lc = lengthControlledWinRate([
      { winner: 'A', lengthA: 5, lengthB: 5 },
      { winner: 'B', lengthA: 5, lengthB: 5 },
      { winner: 'A', lengthA: 5, lengthB: 5 },
    ]);
    expect(lc.lcWinRate).toBeCloseTo(200 / 3, 8);
    expect(lc.note).toMatch(/no length adjustment/);
    expect(fitLogistic([[], [], []], [1, 0, 1]).beta[0]).toBeCloseTo(Math.log(2), 10);
  });
});

function pass(order: 'AB' | 'BA', winner: Winner, pickedFirst: boolean | null): PairwisePass {
  return {
    pass: order === 'AB' ? 1 : 2,
    order,
    status: 'judged',
    rawVerdict: winner,
    winner,
    likert: null,
    confidence: 0.8,
    pickedFirstPosition: pickedFirst,
    evidence: [],
    reasoning: '',
    analysis: null,
    criteria: [],
    differentiators: [],
  };
}

function pairResult(
  winner: Winner,
  passes: PairwisePass[],
  lengthA: number,
  lengthB: number,
  extra: Partial<PairwiseResult> = {},
): PairwiseResult {
  return {
    kind: 'pairwise',
    status: 'judged',
    winner,
    likert: null,
    confidence: 0.8,
    rawConfidence: 0.8,
    consistent: true,
    leaning: null,
    votes: { A: 0, B: 0, TIE: 0 },
    criteria: [],
    passes,
    lengthA,
    lengthB,
    allowTies: true,
    warnings: [],
    gaps: [],
    judge: { model: 'claude-sonnet-5-5', provider: 'anthropic', prompt: { template: 'pairwise-compare', hash: 'abc' } },
    cost: { ...emptyUsage(), calls: 2 },
    ...extra,
  };
}

describe('bias report', () => {
  it('position z-test matches the reference values', () => {
    for (const row of reference.position) {
      const test = positionZTest(row.firstPositionWins, row.decisivePasses);
      expect(test?.z).toBeCloseTo(row.z, 12);
      expect(test?.p).toBeCloseTo(row.p, 10);
    }
    expect(positionZTest(0, 0)).toBeNull();
  });

  it('flags a judge that prefers the first position and inconsistent pairs', () => {
    // 10 pairs; the judge picks the first-shown response in both passes of 8 of them.
    const results = Array.from({ length: 10 }, (_u, i) =>
      i < 8
        ? pairResult('TIE', [pass('AB', 'A', true), pass('BA', 'B', true)], 100 + i, 100, { consistent: false })
        : pairResult('A', [pass('AB', 'A', true), pass('BA', 'A', false)], 100 + i, 100),
    );
    const report = pairwiseBiasReport(results, { candidateModels: ['claude-haiku-5-5', 'gpt-5-mini'] });
    expect(BiasReport.parse(report)).toEqual(report);
    expect(report.position).toMatchObject({
      decisivePasses: 20,
      firstPositionWins: 18,
      biased: true,
      consistency: 0.2,
    });
    expect(report.position?.z).toBeCloseTo((18 - 10) / Math.sqrt(5), 12);
    expect(report.findings.some((f) => f.startsWith('position bias: the first-shown response won 90.0%'))).toBe(true);
    expect(report.selfEnhancement).toEqual([
      'judge claude-sonnet-5-5 and candidate claude-haiku-5-5 are both claude models: self-enhancement bias is ' +
        'possible; use a judge from another family or a panel',
    ]);
  });

  it('length vs score Spearman matches scipy and is graded', () => {
    const { lengths, scores, rho, p } = reference.lengthSpearman;
    const results: DirectScoreResult[] = lengths.map((length, i) => ({
      kind: 'direct',
      status: 'scored',
      scale: 5,
      scores: [],
      overallScore: scores[i] ?? null,
      weightedScore: scores[i] ?? null,
      normalisedScore: null,
      summary: null,
      responseLength: length,
      lengthNormalised: false,
      warnings: [],
      gaps: [],
      judge: { model: 'gpt-5-mini', provider: 'openai', prompt: { template: 'direct-score', hash: 'x' } },
      cost: { ...emptyUsage(), calls: 1 },
    }));
    const report = scoreBiasReport(results, { candidateModels: ['gpt-4o'] });
    expect(report.length?.rho).toBeCloseTo(rho, 12);
    expect(report.length?.p).toBeCloseTo(p, 12);
    expect(report.length).toMatchObject({ basis: 'score-vs-length', biased: true, level: 'concerning' });
    expect(report.selfEnhancement).toHaveLength(1);
    expect(report.position).toBeNull();
  });

  it('knows model families', () => {
    expect(
      [
        'sonnet',
        'claude-opus-5-5',
        'gpt-4o-mini',
        'o3-mini',
        'openai/gpt-5',
        'llama3.1:8b',
        'qwen2.5:14b',
        'gemini-2.5-pro',
        'mixtral-8x7b',
        'mystery',
      ].map(modelFamily),
    ).toEqual(['claude', 'claude', 'gpt', 'gpt', 'gpt', 'llama', 'qwen', 'gemini', 'mistral', null]);
    expect(selfEnhancementWarnings(['llama3.1:8b'], ['qwen2.5:7b', 'mistral-large'])).toEqual([]);
  });

  it('batch summary: Arena-Hard weighting counts strong wins as three battles', () => {
    const likert = (verdict: PairwiseResult['likert'], winner: Winner) =>
      pairResult(winner, [pass('AB', winner, null)], 10, 10, { likert: verdict });
    const results = [likert('A>>B', 'A'), likert('B>A', 'B'), likert('A=B', 'TIE')];
    // battles: 3 A wins, 1 B win, 1 tie -> (3 + 0.5) / 5
    expect(weightedWinRate(results)).toBeCloseTo(70, 12);
    const plain = [pairResult('A', [], 10, 20), pairResult('B', [], 30, 20), pairResult('TIE', [], 10, 10)];
    expect(weightedWinRate(plain)).toBeCloseTo(50, 12);
    const batch = summariseCompareBatch(plain);
    expect(batch.wins).toEqual({ A: 1, B: 1, TIE: 1 });
    expect(batch.lengthControlled?.n).toBe(3);
    expect(batch.bias?.n).toBe(3);
  });
});
