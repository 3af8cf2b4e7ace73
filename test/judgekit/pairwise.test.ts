import { afterEach, describe, expect, it } from 'vitest';
import {
  PairwiseResult,
  aggregatePasses,
  calibrateConfidence,
  comparePair,
  majority,
  mapLikert,
  mapWinner,
  orderOfPass,
  parseCriteria,
} from '../../src/judge/kit/index.js';
import type { PairwisePass } from '../../src/judge/kit/index.js';
import { requestText, startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { anthropicJudge, between, judgeScript, pairReply, promptOf, toolOf } from './fake-judge.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pair = {
  prompt: 'Summarise the RFC.',
  responseA: 'Short and vague. [q=2]',
  responseB: 'Precise summary with the key points. [q=8]',
};

describe('pairwise comparison with position swap (real Anthropic client)', () => {
  it('swaps positions for pass 2 and maps its verdict back', async () => {
    server = await startModelServer(judgeScript());
    const result = await comparePair(anthropicJudge(server), pair, { model: 'sonnet' });
    expect(PairwiseResult.parse(result)).toEqual(result);
    // The judge really saw B first in pass 2.
    const [first, second] = [0, 1].map((i) => promptOf(server as ModelServer, i));
    const firstShown = [first, second].map((p) => between(p as string, '<response_a>', '</response_a>'));
    expect(firstShown.sort()).toEqual([pair.responseA, pair.responseB].sort());
    const byOrder = Object.fromEntries(result.passes.map((p) => [p.order, p]));
    expect(byOrder.AB).toMatchObject({ rawVerdict: 'B', winner: 'B', pickedFirstPosition: false });
    expect(byOrder.BA).toMatchObject({ rawVerdict: 'A', winner: 'B', pickedFirstPosition: true });
    // Pass 2 analysed the swapped texts; mapped back, responseA's analysis is about A again.
    expect(byOrder.BA?.analysis?.responseA).toContain('Short and vague');
    expect(result).toMatchObject({ winner: 'B', consistent: true, leaning: null, votes: { A: 0, B: 2, TIE: 0 } });
    // Averaged 0.8, three pieces of evidence -> no reduction.
    expect(result.rawConfidence).toBeCloseTo(0.8, 12);
    expect(result.confidence).toBeCloseTo(0.8, 12);
    expect(promptOf(server, 0)).toContain('Do NOT prefer a response because of its position');
  });

  it('a position-biased judge gives a TIE at reduced confidence, keeping both verdicts', async () => {
    server = await startModelServer(judgeScript({ pair: { alwaysFirst: true, confidence: 0.9, evidence: 1 } }));
    const result = await comparePair(anthropicJudge(server), pair, { model: 'sonnet' });
    expect(result.winner).toBe('TIE');
    expect(result.consistent).toBe(false);
    expect(result.passes.map((p) => [p.order, p.rawVerdict, p.winner])).toEqual([
      ['AB', 'A', 'A'],
      ['BA', 'A', 'B'],
    ]);
    expect(result.votes).toEqual({ A: 1, B: 1, TIE: 0 });
    // 0.5 x 0.6 (inconsistent) x (0.7 + 0.3 x 1/3)
    expect(result.confidence).toBeCloseTo(0.5 * 0.6 * 0.8, 12);
    expect(result.leaning).toBeNull();
  });

  it('matches per-criterion verdicts by NAME when the judge reorders them', async () => {
    server = await startModelServer((request) => {
      const text = requestText(request);
      // Pass 2 lists criteria in reverse: index alignment would swap accuracy and style.
      return pairReply(text, { reverseCriteria: between(text, '<response_a>', '</response_a>').includes('[q=8]') });
    });
    const criteria = [{ name: 'accuracy' }, { name: 'style' }];
    const responses = {
      prompt: 'p',
      responseA: 'A text [q=5] [accuracy=9] [style=1]',
      responseB: 'B text [q=4] [accuracy=2] [style=7]',
    };
    const result = await comparePair(anthropicJudge(server), responses, { model: 'sonnet', criteria });
    expect(result.criteria).toEqual([
      { criterion: 'accuracy', winner: 'A', votes: { A: 2, B: 0, TIE: 0 } },
      { criterion: 'style', winner: 'B', votes: { A: 0, B: 2, TIE: 0 } },
    ]);
    expect(result.winner).toBe('A');
  });

  it('passes: 3 alternates AB, BA, AB and takes the majority', async () => {
    let abSeen = 0;
    server = await startModelServer((request) => {
      const text = requestText(request);
      const abOrder = between(text, '<response_a>', '</response_a>') === pair.responseA;
      if (abOrder) abSeen++;
      // The first AB pass to arrive is position-biased (says "first"); the others read the content.
      return pairReply(text, { alwaysFirst: abOrder && abSeen === 1 });
    });
    const result = await comparePair(anthropicJudge(server), pair, { model: 'sonnet', passes: 3 });
    expect(result.passes.map((p) => p.order)).toEqual(['AB', 'BA', 'AB']);
    expect(result.votes).toEqual({ A: 1, B: 2, TIE: 0 });
    expect(result.winner).toBe('B');
    expect(result.consistent).toBe(false);
    // two of three agree: mean 0.8 x 2/3, then x0.6 for the inconsistency
    expect(result.confidence).toBeCloseTo(0.8 * (2 / 3) * 0.6, 12);
    expect(result.leaning).toBe('B');
    expect(server.requests).toHaveLength(3);
  });

  it('5-point verdicts are mapped back (A>>B seen in BA means B>>A)', async () => {
    server = await startModelServer(judgeScript({ pair: { likert: true } }));
    const result = await comparePair(anthropicJudge(server), pair, { model: 'sonnet', likert5: true });
    const byOrder = Object.fromEntries(result.passes.map((p) => [p.order, p]));
    expect(byOrder.AB).toMatchObject({ rawVerdict: 'B>>A', likert: 'B>>A', winner: 'B' });
    expect(byOrder.BA).toMatchObject({ rawVerdict: 'A>>B', likert: 'B>>A', winner: 'B' });
    expect(result.likert).toBe('B>>A');
    const schema = (
      server.requests[0]?.body.tools as { input_schema: { properties: { verdict: { enum: string[] } } } }[]
    )[0];
    expect(schema?.input_schema.properties.verdict.enum).toEqual(['A>>B', 'A>B', 'A=B', 'B>A', 'B>>A']);
  });

  it('without ties the judge is not offered TIE and is told so', async () => {
    server = await startModelServer((request) =>
      toolOf(request) === 'pairwise_verdict' ? pairReply(requestText(request)) : 'no',
    );
    const equal = { prompt: 'p', responseA: 'one [q=3]', responseB: 'two [q=3]' };
    const result = await comparePair(anthropicJudge(server), equal, { model: 'sonnet', allowTies: false });
    const schema = (
      server.requests[0]?.body.tools as { input_schema: { properties: { verdict: { enum: string[] } } } }[]
    )[0];
    expect(schema?.input_schema.properties.verdict.enum).toEqual(['A', 'B']);
    expect(promptOf(server, 0)).toContain('Ties are not allowed');
    // The scripted judge still says TIE, which the schema refuses: a repair is requested, then unmeasured.
    expect(result.status).toBe('unmeasured');
    expect(result.allowTies).toBe(false);
  });
});

const pass = (
  order: 'AB' | 'BA',
  winner: 'A' | 'B' | 'TIE',
  confidence: number,
  evidence = 3,
  likert: PairwisePass['likert'] = null,
): PairwisePass => ({
  pass: 1,
  order,
  status: 'judged',
  rawVerdict: winner,
  winner,
  likert,
  confidence,
  pickedFirstPosition: null,
  evidence: Array.from({ length: evidence }, () => 'e'),
  reasoning: '',
  analysis: null,
  criteria: [],
  differentiators: [],
});

describe('pairwise voting rules (pure)', () => {
  const criteria = parseCriteria([{ name: 'overall' }]);

  it('maps winners and orders', () => {
    expect([orderOfPass(0), orderOfPass(1), orderOfPass(2), orderOfPass(3)]).toEqual(['AB', 'BA', 'AB', 'BA']);
    expect([mapWinner('A', 'BA'), mapWinner('B', 'BA'), mapWinner('TIE', 'BA'), mapWinner('A', 'AB')]).toEqual([
      'B',
      'A',
      'TIE',
      'A',
    ]);
    expect([mapLikert('A>B', 'BA'), mapLikert('A=B', 'BA'), mapLikert('B>>A', 'BA'), mapLikert('B>>A', 'AB')]).toEqual([
      'B>A',
      'A=B',
      'A>>B',
      'B>>A',
    ]);
  });

  it('needs more than half the votes for a winner', () => {
    expect(majority(['A', 'A', 'B']).winner).toBe('A');
    expect(majority(['A', 'B']).winner).toBe('TIE');
    expect(majority(['A', 'B', 'TIE']).decided).toBe(false);
    expect(majority(['A', 'A', 'B', 'B']).winner).toBe('TIE');
  });

  it('calibrates confidence: x0.6 inconsistent, evidence factor, cap 0.99', () => {
    expect(calibrateConfidence(1, true, 5)).toBe(0.99);
    expect(calibrateConfidence(0.9, true, 0)).toBeCloseTo(0.63, 12);
    expect(calibrateConfidence(0.9, false, 3)).toBeCloseTo(0.54, 12);
    expect(calibrateConfidence(0.8, true, 1.5)).toBeCloseTo(0.8 * 0.85, 12);
  });

  it('keeps the confidence-weighted leaning when passes disagree', () => {
    const agg = aggregatePasses([pass('AB', 'A', 0.9), pass('BA', 'B', 0.6)], criteria, false);
    expect(agg).toMatchObject({ winner: 'TIE', consistent: false, leaning: 'A', rawConfidence: 0.5 });
  });

  it('averages confidence and evidence over agreeing passes', () => {
    const agg = aggregatePasses([pass('AB', 'B', 0.9, 3), pass('BA', 'B', 0.7, 0)], criteria, false);
    expect(agg.rawConfidence).toBeCloseTo(0.8, 12);
    expect(agg.confidence).toBeCloseTo(0.8 * (0.7 + 0.3 * 0.5), 12);
  });

  it('strong 5-point verdict only when at least half the winning passes say >>', () => {
    expect(
      aggregatePasses([pass('AB', 'A', 0.8, 3, 'A>>B'), pass('BA', 'A', 0.8, 3, 'A>B')], criteria, true).likert,
    ).toBe('A>>B');
    expect(
      aggregatePasses(
        [pass('AB', 'A', 0.8, 3, 'A>B'), pass('BA', 'A', 0.8, 3, 'A>B'), pass('AB', 'A', 0.8, 3, 'A>>B')],
        criteria,
        true,
      ).likert,
    ).toBe('A>B');
    expect(
      aggregatePasses([pass('AB', 'A', 0.8, 3, 'A>B'), pass('BA', 'B', 0.8, 3, 'B>A')], criteria, true).likert,
    ).toBe('A=B');
  });

  it('an unmeasured pass leaves the other, flagged as unchecked for position', () => {
    const unmeasured = { ...pass('BA', 'A', 0.5), status: 'unmeasured' as const, winner: null, confidence: null };
    const agg = aggregatePasses([pass('AB', 'B', 0.8), unmeasured], criteria, false);
    expect(agg).toMatchObject({ winner: 'B', consistent: false, usable: 1 });
    expect(agg.confidence).toBeCloseTo(0.8 * 0.6, 12);
  });
});
