/**
 * The blind comparator (skill-creator's comparator role). The two outputs are shown as "A" and "B" in an order drawn
 * from a seeded PRNG and recorded, so the judge cannot know which run used which skill, and every verdict is mapped
 * back to the caller's A and B before it is written.
 *
 * Position bias: by default the pair is judged twice, once in each order (the drawn order first). Scores are
 * averaged over both passes; when the two passes pick different winners the result is a TIE, recorded as caused by
 * position disagreement (a winner that only wins in one position was not measured). `passes: 1` judges the drawn
 * order alone. The winner of a pass follows the role's rule: rubric (overall score) first, the graded expectations
 * second, TIE only when both are equal; the model's own pick is kept beside it.
 */
import { z } from 'zod';
import { PluginEvalError } from '../../errors.js';
import { dataNotInstructions, wrapUntrusted } from '../../judge/envelope.js';
import type { Provider } from '../../providers/index.js';
import { mulberry32 } from '../../stats/index.js';
import { cut, type CompareSide } from './compare-read.js';
import type { Comparison } from '../schemas/index.js';

const Score = z.number().int().min(1).max(5);
const SideReply = z.object({
  content: z.object({ correctness: Score, completeness: Score, accuracy: Score }),
  structure: z.object({ organization: Score, formatting: Score, usability: Score }),
  strengths: z.array(z.string()),
  weaknesses: z.array(z.string()),
});
export const ComparatorReply = z.object({
  task_rubric: z.array(z.string()).describe('what correctness, completeness and accuracy mean for this task'),
  A: SideReply,
  B: SideReply,
  winner: z.enum(['A', 'B', 'TIE']),
  reasoning: z.string(),
});
export type ComparatorReply = z.infer<typeof ComparatorReply>;

type Label = 'A' | 'B';
type Winner = Label | 'TIE';

const COMPARATOR_SYSTEM = [
  'You are a blind comparator. Two outputs, A and B, answer the same task; you do not know how either was made.',
  'First build a rubric specific to this task: what correctness, completeness and accuracy mean here (content), and',
  'what organization, formatting and usability mean here (structure). Score each output 1-5 on each of the six',
  'criteria, list its strengths and weaknesses, then name the winner: decide by the rubric first; only when the',
  'rubric is even, by how many of the expectations each output meets. TIE only when they are truly equivalent.',
  'Judge the outputs, not their length. Reply with the JSON object asked for.',
].join('\n');

export interface CompareRequest {
  task: string;
  a: CompareSide;
  b: CompareSide;
  /** Expectation texts the task should meet (from --expectations or the grading files). */
  expectations?: string[];
}

export interface BlindCompareOptions {
  model: string;
  /** Seed of the blind assignment (recorded). */
  seed: number;
  /** 2 (default): both orders, disagreement = TIE. 1: the drawn order only. */
  passes?: 1 | 2;
  signal?: AbortSignal;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;
const meanOf = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Which caller side is shown as "A" in the first pass: a fair coin from mulberry32(seed). */
export function blindOrder(seed: number): { shownA: Label; shownB: Label } {
  return mulberry32(seed)() < 0.5 ? { shownA: 'A', shownB: 'B' } : { shownA: 'B', shownB: 'A' };
}

function expectationSide(side: CompareSide) {
  if (side.expectations === undefined || side.expectations.length === 0) return undefined;
  const passed = side.expectations.filter((e) => e.passed).length;
  return {
    passed,
    total: side.expectations.length,
    pass_rate: Math.round((passed / side.expectations.length) * 1e4) / 1e4,
    details: side.expectations.map((e) => ({ text: e.text, passed: e.passed })),
  };
}

interface Pass {
  shownA: Label;
  reply: ComparatorReply;
  /** The reply's sides under the caller's labels. */
  sides: Record<Label, ComparatorReply['A']>;
  modelWinner: Winner;
}

const overallOf = (s: ComparatorReply['A']): number =>
  round1(meanOf(Object.values(s.content))) + round1(meanOf(Object.values(s.structure)));

/** Rubric first, expectations second, TIE when both are even. */
function ruleWinner(
  sides: Record<Label, ComparatorReply['A']>,
  rates: Record<Label, number | undefined>,
): { winner: Winner; by: 'rubric' | 'expectations' | 'even' } {
  const a = overallOf(sides.A);
  const b = overallOf(sides.B);
  if (Math.abs(a - b) > 1e-9) return { winner: a > b ? 'A' : 'B', by: 'rubric' };
  if (rates.A !== undefined && rates.B !== undefined && rates.A !== rates.B)
    return { winner: rates.A > rates.B ? 'A' : 'B', by: 'expectations' };
  return { winner: 'TIE', by: 'even' };
}

async function judgeOnce(
  provider: Provider,
  request: CompareRequest,
  shownA: Label,
  pass: number,
  options: BlindCompareOptions,
): Promise<Pass> {
  const shown = { A: shownA === 'A' ? request.a : request.b, B: shownA === 'A' ? request.b : request.a };
  const outA = wrapUntrusted('OUTPUT_A', shown.A.outputs);
  const outB = wrapUntrusted('OUTPUT_B', shown.B.outputs);
  // The expectations come from the eval files, as the task does: data inside the same envelope.
  const expectations =
    request.expectations !== undefined && request.expectations.length > 0
      ? `\n\nExpectations the output should meet:\n${request.expectations.map((e) => `- ${e}`).join('\n')}`
      : '';
  const task = wrapUntrusted('TASK', cut(`${request.task}${expectations}`));
  const result = await provider.complete({
    model: options.model,
    system: `${COMPARATOR_SYSTEM}\n\n${dataNotInstructions([task, outA, outB])}`,
    messages: [
      {
        role: 'user',
        content: `The task (and its expectations):\n${task.text}\n\nOutput A:\n${outA.text}\n\nOutput B:\n${outB.text}`,
      },
    ],
    schema: ComparatorReply,
    schemaName: 'blind_comparison',
    maxTokens: 4096,
    sampleIndex: pass,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!result.ok)
    throw new PluginEvalError(
      'NOT_MEASURED',
      `could not measure: the comparator's reply (pass ${pass + 1}) was unusable: ${result.reason}; nothing was ` +
        `written`,
    );
  const reply = result.value;
  const unblind = (w: Winner): Winner => (w === 'TIE' ? 'TIE' : w === 'A' ? shownA : shownA === 'A' ? 'B' : 'A');
  const sides = shownA === 'A' ? { A: reply.A, B: reply.B } : { A: reply.B, B: reply.A };
  return { shownA, reply, sides, modelWinner: unblind(reply.winner) };
}

function rubricSide(passes: Pass[], label: Label) {
  const avg = (pick: (s: ComparatorReply['A']) => number) => round1(meanOf(passes.map((p) => pick(p.sides[label]))));
  const content = {
    correctness: avg((s) => s.content.correctness),
    completeness: avg((s) => s.content.completeness),
    accuracy: avg((s) => s.content.accuracy),
  };
  const structure = {
    organization: avg((s) => s.structure.organization),
    formatting: avg((s) => s.structure.formatting),
    usability: avg((s) => s.structure.usability),
  };
  const contentScore = round1(meanOf(Object.values(content)));
  const structureScore = round1(meanOf(Object.values(structure)));
  return {
    content,
    structure,
    content_score: contentScore,
    structure_score: structureScore,
    overall_score: round1(contentScore + structureScore),
  };
}

const unique = (xs: string[]): string[] => [...new Set(xs)];

/** Judge the pair blind and write the verdict in the caller's terms (comparison.json's shape). */
export async function blindCompare(
  provider: Provider,
  request: CompareRequest,
  options: BlindCompareOptions,
): Promise<Comparison> {
  const { shownA } = blindOrder(options.seed);
  const orders: Label[] = options.passes === 1 ? [shownA] : [shownA, shownA === 'A' ? 'B' : 'A'];
  const passes: Pass[] = [];
  // One pass after the other: the second is only worth paying for when the first was usable.
  for (const [i, order] of orders.entries()) passes.push(await judgeOnce(provider, request, order, i, options));
  const expectationResults = { A: expectationSide(request.a), B: expectationSide(request.b) };
  const rates = { A: expectationResults.A?.pass_rate, B: expectationResults.B?.pass_rate };
  const verdicts = passes.map((p) => ruleWinner(p.sides, rates));
  const agree = verdicts.every((v) => v.winner === verdicts[0]!.winner);
  const winner: Winner = agree ? verdicts[0]!.winner : 'TIE';
  const source = agree ? verdicts[0]!.by : 'position disagreement';
  const rubric = { A: rubricSide(passes, 'A'), B: rubricSide(passes, 'B') };
  const reasoning = passes
    .map(
      (p, i) =>
        `Pass ${i + 1} (shown as A: the caller's ${p.shownA}; shown as B: the ` +
        `caller's ${p.shownA === 'A' ? 'B' : 'A'}): ${p.reply.reasoning}`,
    )
    .join('\n');
  return {
    winner,
    reasoning: agree
      ? reasoning
      : `The passes disagree (${verdicts.map((v, i) => `pass ${i + 1}: ${v.winner}`).join(', ')}): position bias, ` +
        `so TIE.\n${reasoning}`,
    rubric,
    output_quality: {
      A: {
        score: Math.round(rubric.A.overall_score),
        strengths: unique(passes.flatMap((p) => p.sides.A.strengths)),
        weaknesses: unique(passes.flatMap((p) => p.sides.A.weaknesses)),
      },
      B: {
        score: Math.round(rubric.B.overall_score),
        strengths: unique(passes.flatMap((p) => p.sides.B.strengths)),
        weaknesses: unique(passes.flatMap((p) => p.sides.B.weaknesses)),
      },
    },
    ...(expectationResults.A && expectationResults.B
      ? { expectation_results: { A: expectationResults.A, B: expectationResults.B } }
      : {}),
    blind: {
      A: shownA,
      B: shownA === 'A' ? 'B' : 'A',
      seed: options.seed,
      winner_source: source,
      paths: { A: request.a.runDir, B: request.b.runDir },
      passes: passes.map((p, i) => ({
        pass: i + 1,
        shown_as_A: p.shownA,
        winner: verdicts[i]!.winner,
        decided_by: verdicts[i]!.by,
        model_winner: p.modelWinner,
        task_rubric: p.reply.task_rubric,
      })),
    },
  };
}
